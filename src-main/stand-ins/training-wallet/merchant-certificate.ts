import { createHash, type KeyObject, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { KindedError } from '../../platform/errors';

/**
 * The merchant's payment processing certificate: the wallet encrypts to its public key, and its
 * extension 1.2.840.113635.100.6.32 holds the merchant identifier's SHA-256 (as 64 hex digits),
 * which the key derivation takes as PartyVInfo.
 */
export const merchantIdentifierOid = '1.2.840.113635.100.6.32';

/** The merchant's side of the decryption: its private key and the certificate issued for it. */
export interface MerchantIdentity {
  readonly privateKey: KeyObject;
  readonly certificate: X509Certificate;
}

/** A certificate that cannot serve as the merchant's payment processing certificate. */
export class MerchantCertificateError extends KindedError<'invalid'> {
  constructor(message: string) {
    super('invalid', `merchant payment processing certificate: ${message}`);
    this.name = 'MerchantCertificateError';
  }
}

/** The extension's value read back: a UTF8String (or IA5String) of 64 hex digits. */
function hashText(extnValue: ArrayBuffer): string {
  const parsed = asn1js.fromBER(extnValue);
  const block = parsed.result as { valueBlock?: { value?: unknown } };
  if (parsed.offset === -1 || typeof block.valueBlock?.value !== 'string')
    throw new MerchantCertificateError(`extension ${merchantIdentifierOid} is not a text value`);
  return block.valueBlock.value;
}

/** SHA-256 of the merchant identifier, from the certificate's extension (32 bytes). */
export function merchantIdentifierHash(certificate: X509Certificate): Buffer {
  const parsed = pkijs.Certificate.fromBER(certificate.raw);
  const extension = parsed.extensions?.find((item) => item.extnID === merchantIdentifierOid);
  if (!extension)
    throw new MerchantCertificateError(`extension ${merchantIdentifierOid} (merchant identifier) is missing`);
  const text = hashText(extension.extnValue.valueBlock.valueHexView.slice().buffer);
  if (!/^[0-9A-Fa-f]{64}$/.test(text))
    throw new MerchantCertificateError(`extension ${merchantIdentifierOid} must hold 64 hex digits`);
  return Buffer.from(text, 'hex');
}

/** The extension's DER value for a merchant identifier (the training certificate's). */
export function merchantIdentifierExtensionValue(merchantIdentifier: string): ArrayBuffer {
  const hash = createHash('sha256').update(merchantIdentifier, 'utf8').digest('hex').toUpperCase();
  return new asn1js.Utf8String({ value: hash }).toBER(false);
}

/** SHA-256 of the certificate's SubjectPublicKeyInfo, base64: the token's `header.publicKeyHash`. */
export function publicKeyHashOf(certificate: X509Certificate): string {
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
