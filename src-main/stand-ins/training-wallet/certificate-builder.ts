import { randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * A minimal X.509 issuer for training's own certificates: node:crypto cannot sign a
 * certificate, so pkijs lays out the structure and node:crypto makes the ECDSA signature.
 */

const ecdsaWithSha256 = '1.2.840.10045.4.3.2';
const commonName = '2.5.4.3';

/** One extension: its OID, whether it is critical, and its DER value. */
export interface CertificateExtension {
  readonly oid: string;
  readonly critical: boolean;
  readonly value: ArrayBuffer;
}

export interface CertificateRequest {
  readonly subject: string;
  readonly publicKey: KeyObject;
  /** The issuer's certificate and key; absent for a self-signed root. */
  readonly issuer?: { readonly certificate: X509Certificate; readonly key: KeyObject };
  /** The key that signs a self-signed certificate. */
  readonly selfKey?: KeyObject;
  readonly ca: boolean;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly extensions?: readonly CertificateExtension[];
}

function name(subject: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    // One attribute: pkijs would put several into one multi-valued RDN, which tools print oddly.
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: commonName, value: new asn1js.Utf8String({ value: subject }) }),
    ],
  });
}

/** keyCertSign + cRLSign for a CA, digitalSignature for a signer, keyAgreement for an ECDH key. */
function keyUsage(ca: boolean, agreement: boolean): ArrayBuffer {
  // Bits from the left: digitalSignature(0) ... keyAgreement(4), keyCertSign(5), cRLSign(6).
  const bits = ca ? 0b0000_0110 : agreement ? 0b0000_1000 : 0b1000_0000;
  return new asn1js.BitString({
    valueHex: new Uint8Array([bits]).buffer,
    unusedBits: ca ? 1 : agreement ? 3 : 7,
  }).toBER(false);
}

const extension = (oid: string, critical: boolean, value: ArrayBuffer) =>
  new pkijs.Extension({ extnID: oid, critical, extnValue: value });

/** Issues a certificate; the result parses with node's X509Certificate. */
export function issueCertificate(request: CertificateRequest): X509Certificate {
  const signingKey = request.issuer?.key ?? request.selfKey;
  if (!signingKey) throw new Error('issueCertificate: an issuer or a self-signing key is needed');
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = randomBytes(9);
  // Positive (top bit clear) and with no leading zero byte, which DER forbids and OpenSSL refuses.
  serial[0] = 0x40 | (serial[0]! & 0x3f);
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  certificate.subject = name(request.subject);
  certificate.issuer = request.issuer
    ? pkijs.Certificate.fromBER(request.issuer.certificate.raw).subject
    : name(request.subject);
  certificate.notBefore.value = request.notBefore;
  certificate.notAfter.value = request.notAfter;
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(
    request.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const agreement = (request.extensions ?? []).some((item) => item.oid === '1.2.840.113635.100.6.32');
  certificate.extensions = [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: request.ca }).toSchema().toBER(false)),
    extension('2.5.29.15', true, keyUsage(request.ca, agreement)),
    ...(request.extensions ?? []).map((item) => extension(item.oid, item.critical, item.value)),
  ];
  certificate.signature = new pkijs.AlgorithmIdentifier({ algorithmId: ecdsaWithSha256 });
  certificate.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: ecdsaWithSha256 });
  const tbs = Buffer.from(certificate.encodeTBS().toBER(false));
  certificate.tbsView = new Uint8Array(tbs);
  certificate.signatureValue = new asn1js.BitString({
    valueHex: sign('sha256', tbs, { key: signingKey, dsaEncoding: 'der' }),
  });
  return new X509Certificate(Buffer.from(certificate.toSchema(false).toBER(false)));
}

/** An extension whose value is an ASN.1 NULL: the wallet's marker extensions. */
export const markerExtension = (oid: string): CertificateExtension => ({
  oid,
  critical: false,
  value: new asn1js.Null().toBER(false),
});
