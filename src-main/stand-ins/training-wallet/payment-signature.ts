import { createHash, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { EcV1PaymentToken } from '../../reference/wallet-tokens';
import { KindedError } from '../../platform/errors';

/**
 * The EC_v1 token's `signature`: a detached CMS SignedData, ecdsa-with-SHA256 over signed
 * attributes whose messageDigest is SHA-256(ephemeralPublicKey || data || transactionId ||
 * applicationData), carrying a signing time, the leaf signing certificate and its intermediate.
 * pkijs reads the structure (BER, as wallets send it); every check is node:crypto's.
 */

const oid = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  /** Marks the wallet's leaf signing certificate. */
  leafMarker: '1.2.840.113635.100.6.29',
  /** Marks the wallet's intermediate CA. */
  intermediateMarker: '1.2.840.113635.100.6.2.14',
} as const;

export const signingCertificateOids = { leaf: oid.leafMarker, intermediate: oid.intermediateMarker } as const;

/** How far the signing time may be from now: the two minutes a payload lives (the Apple Pay guide). */
export const signatureMaxAgeMs = 2 * 60 * 1000;

export type SignatureFailure = 'malformed' | 'chain' | 'digest' | 'signature' | 'expired';

/** A signature that does not hold; `failure` says which check refused it. */
export class PaymentSignatureError extends KindedError<SignatureFailure> {
  constructor(
    readonly failure: SignatureFailure,
    message: string,
  ) {
    super(failure, `wallet payment signature: ${message}`);
    this.name = 'PaymentSignatureError';
  }
}

/** The bytes the wallet signs, in the order it signs them. */
export function signedContent(token: Pick<EcV1PaymentToken, 'data' | 'header'>): Buffer {
  const { ephemeralPublicKey, transactionId, applicationData } = token.header;
  return Buffer.concat([
    Buffer.from(ephemeralPublicKey, 'base64'),
    Buffer.from(token.data, 'base64'),
    Buffer.from(transactionId, 'hex'),
    Buffer.from(applicationData ?? '', 'hex'),
  ]);
}

interface ReadSignature {
  readonly signedData: pkijs.SignedData;
  readonly signer: pkijs.SignerInfo;
  readonly signingTime: Date;
}

function attribute(signer: pkijs.SignerInfo, type: string): asn1js.AsnType | undefined {
  return signer.signedAttrs?.attributes.find((item) => item.type === type)?.values[0] as asn1js.AsnType | undefined;
}

function readSignature(signature: string): ReadSignature {
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(Buffer.from(signature, 'base64'));
    if (info.contentType !== oid.signedData) throw new Error('not SignedData');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new PaymentSignatureError('malformed', 'signature is not a CMS SignedData');
  }
  if (signedData.signerInfos.length !== 1)
    throw new PaymentSignatureError('malformed', 'signature must have exactly one signer');
  const signer = signedData.signerInfos[0]!;
  const time = attribute(signer, oid.signingTime) as (asn1js.UTCTime | asn1js.GeneralizedTime) | undefined;
  if (!time || typeof time.toDate !== 'function')
    throw new PaymentSignatureError('malformed', 'signature carries no signing time');
  return { signedData, signer, signingTime: time.toDate() };
}

/** The certificates the signature carries, for node:crypto to check (re-encoded once, only when verifying). */
const certificatesOf = (signedData: pkijs.SignedData): X509Certificate[] =>
  (signedData.certificates ?? []).flatMap((item) =>
    item instanceof pkijs.Certificate ? [new X509Certificate(Buffer.from(item.toSchema(false).toBER(false)))] : [],
  );

const hasExtension = (certificate: X509Certificate, extnId: string) =>
  pkijs.Certificate.fromBER(certificate.raw).extensions?.some((item) => item.extnID === extnId) ?? false;

const validAt = (certificate: X509Certificate, now: number) =>
  Date.parse(certificate.validFrom) <= now && now <= Date.parse(certificate.validTo);

/** Whether `child` was issued and signed by `issuer`. */
const issuedBy = (child: X509Certificate, issuer: X509Certificate) =>
  child.checkIssued(issuer) && child.verify(issuer.publicKey);

/**
 * leaf <- intermediate <- one of the anchors. An anchor may be the intermediate itself (a
 * pinned CA, as the known-answer test pins the vector's, whose root is not in the vector).
 */
function checkChain(
  certificates: readonly X509Certificate[],
  anchors: readonly X509Certificate[],
  now: number,
): X509Certificate {
  const leaf = certificates.find((item) => hasExtension(item, oid.leafMarker));
  const intermediate = certificates.find((item) => hasExtension(item, oid.intermediateMarker));
  if (!leaf)
    throw new PaymentSignatureError(
      'chain',
      `signature carries no leaf signing certificate (extension ${oid.leafMarker})`,
    );
  if (!intermediate)
    throw new PaymentSignatureError(
      'chain',
      `signature carries no intermediate certificate (extension ${oid.intermediateMarker})`,
    );
  if (!issuedBy(leaf, intermediate))
    throw new PaymentSignatureError('chain', 'the leaf certificate is not signed by the intermediate');
  const anchored = anchors.some(
    (anchor) => anchor.fingerprint256 === intermediate.fingerprint256 || (anchor.ca && issuedBy(intermediate, anchor)),
  );
  if (!anchored)
    throw new PaymentSignatureError('chain', 'the intermediate certificate does not chain to a configured root');
  for (const [name, certificate] of [
    ['leaf', leaf],
    ['intermediate', intermediate],
  ] as const) {
    if (!validAt(certificate, now))
      throw new PaymentSignatureError('chain', `the ${name} certificate is not valid now`);
  }
  return leaf;
}

/** node:crypto throws on a signature that is not DER at all; that is just a signature that does not hold. */
function ecdsaHolds(content: Buffer, key: KeyObject, signature: Buffer): boolean {
  try {
    return verify('sha256', content, { key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}

export interface SignatureCheck {
  /** The configured roots (training's own; never a real wallet's in this program). */
  readonly anchors: readonly X509Certificate[];
  /** Epoch milliseconds, from the injected clock. */
  readonly now: number;
}

/**
 * Verifies the token's signature: the chain to an anchor, the messageDigest over the signed
 * content, the ECDSA signature over the signed attributes, and a signing time within two
 * minutes of `now`. Returns the signing time; throws PaymentSignatureError naming the check.
 */
export function verifyPaymentSignature(
  token: Pick<EcV1PaymentToken, 'data' | 'header' | 'signature'>,
  check: SignatureCheck,
): Date {
  const { signedData, signer, signingTime } = readSignature(token.signature);
  const leaf = checkChain(certificatesOf(signedData), check.anchors, check.now);
  if (signer.digestAlgorithm.algorithmId !== oid.sha256)
    throw new PaymentSignatureError('malformed', 'the digest algorithm must be SHA-256');
  if (signer.signatureAlgorithm.algorithmId !== oid.ecdsaWithSha256)
    throw new PaymentSignatureError('malformed', 'the signature algorithm must be ecdsa-with-SHA256');
  const digest = attribute(signer, oid.messageDigest) as asn1js.OctetString | undefined;
  if (!digest) throw new PaymentSignatureError('malformed', 'signature carries no message digest');
  const expected = createHash('sha256').update(signedContent(token)).digest();
  if (!expected.equals(Buffer.from(digest.valueBlock.valueHexView)))
    throw new PaymentSignatureError('digest', 'the signed digest is not that of the payment data and header');
  // The signed attributes are verified as received (their SET encoding), not re-encoded.
  const signedAttributes = Buffer.from(signer.signedAttrs!.encodedValue);
  const signatureValue = Buffer.from(signer.signature.valueBlock.valueHexView);
  if (!ecdsaHolds(signedAttributes, leaf.publicKey, signatureValue))
    throw new PaymentSignatureError('signature', 'the ECDSA signature does not verify with the leaf certificate');
  if (Math.abs(check.now - signingTime.getTime()) > signatureMaxAgeMs) {
    throw new PaymentSignatureError('expired', 'the signing time is more than two minutes from now');
  }
  return signingTime;
}

/** The signer's material for the emulated phone wallet (training). */
export interface WalletSigner {
  readonly leaf: X509Certificate;
  readonly leafKey: KeyObject;
  readonly intermediate: X509Certificate;
}

const algorithm = (id: string) => new pkijs.AlgorithmIdentifier({ algorithmId: id });
const pkijsCertificate = (certificate: X509Certificate) => pkijs.Certificate.fromBER(certificate.raw);

/** Signs a token's content as the phone wallet does, with `signingTime` (training only). */
export function signPaymentData(
  token: Pick<EcV1PaymentToken, 'data' | 'header'>,
  signer: WalletSigner,
  signingTime: Date,
): string {
  const leaf = pkijsCertificate(signer.leaf);
  const digest = createHash('sha256').update(signedContent(token)).digest();
  const attributes = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({ type: oid.contentType, values: [new asn1js.ObjectIdentifier({ value: oid.data })] }),
      new pkijs.Attribute({ type: oid.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
      new pkijs.Attribute({ type: oid.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
    ],
  });
  const encoded = Buffer.from(attributes.toSchema().toBER(false));
  encoded[0] = 0x31; // signed over as a SET, not as the [0] it is stored under
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
    digestAlgorithm: algorithm(oid.sha256),
    signedAttrs: attributes,
    signatureAlgorithm: algorithm(oid.ecdsaWithSha256),
    signature: new asn1js.OctetString({
      valueHex: sign('sha256', encoded, { key: signer.leafKey, dsaEncoding: 'der' }),
    }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [algorithm(oid.sha256)],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oid.data }),
    certificates: [leaf, pkijsCertificate(signer.intermediate)],
    signerInfos: [signerInfo],
  });
  const info = new pkijs.ContentInfo({ contentType: oid.signedData, content: signedData.toSchema(true) });
  return Buffer.from(info.toSchema().toBER(false)).toString('base64');
}
