import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { merchantIdentifierHash, publicKeyHashOf, type MerchantIdentity } from './merchant-certificate';
import type { EcV1PaymentToken } from '../../reference/wallet-tokens';
import { KindedError } from '../../platform/errors';

/**
 * EC_v1 payment data encryption: ECDH on P-256 between the phone's ephemeral key and the
 * merchant's payment processing key, the NIST SP 800-56A single-step KDF with SHA-256, and
 * AES-256-GCM with a 16-byte zero IV (each key encrypts one message, so a fixed IV is safe),
 * the tag being the last 16 bytes of `data`.
 */

const tagLength = 16;
const zeroIv = Buffer.alloc(16);
/** KDF OtherInfo: the algorithm id with its length byte (0x0D = 13), then PartyUInfo. */
const algorithmId = Buffer.concat([Buffer.from([0x0d]), Buffer.from('id-aes256-GCM', 'ascii')]);
const partyUInfo = Buffer.from('Apple', 'ascii');
const counter = Buffer.from([0, 0, 0, 1]);

/** Payment data that could not be decrypted: wrong key, wrong merchant, or altered data. */
export class PaymentDataError extends KindedError<'undecryptable'> {
  constructor(message: string) {
    super('undecryptable', `wallet payment data: ${message}`);
    this.name = 'PaymentDataError';
  }
}

/** SHA-256(00000001 || Z || 0x0D || "id-aes256-GCM" || "Apple" || merchant identifier hash). */
export function deriveSymmetricKey(sharedSecret: Buffer, merchantIdHash: Buffer): Buffer {
  return createHash('sha256')
    .update(counter)
    .update(sharedSecret)
    .update(algorithmId)
    .update(partyUInfo)
    .update(merchantIdHash)
    .digest();
}

/** What a decryption derived on its way, for the known-answer test. */
export interface EcV1Decryption {
  readonly merchantIdHash: Buffer;
  readonly sharedSecret: Buffer;
  readonly symmetricKey: Buffer;
  /** The decrypted payment data's JSON text. */
  readonly plaintext: string;
}

function ephemeralKeyOf(token: EcV1PaymentToken): KeyObject {
  try {
    const key = createPublicKey({
      key: Buffer.from(token.header.ephemeralPublicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
      throw new PaymentDataError('header.ephemeralPublicKey is not a P-256 key');
    return key;
  } catch (error) {
    if (error instanceof PaymentDataError) throw error;
    throw new PaymentDataError('header.ephemeralPublicKey is not a public key');
  }
}

/**
 * Decrypts `data` with the merchant's key. A publicKeyHash that is not the merchant
 * certificate's means the phone encrypted to another merchant: refused before any arithmetic.
 * Throws PaymentDataError; never says more about the data than that it failed.
 */
export function decryptEcV1(token: EcV1PaymentToken, merchant: MerchantIdentity): EcV1Decryption {
  if (
    token.header.publicKeyHash !== undefined &&
    token.header.publicKeyHash !== publicKeyHashOf(merchant.certificate)
  ) {
    throw new PaymentDataError(
      "header.publicKeyHash is not the merchant certificate's: encrypted for another merchant",
    );
  }
  const merchantIdHash = merchantIdentifierHash(merchant.certificate);
  let sharedSecret: Buffer;
  try {
    sharedSecret = diffieHellman({ privateKey: merchant.privateKey, publicKey: ephemeralKeyOf(token) });
  } catch (error) {
    if (error instanceof PaymentDataError) throw error;
    throw new PaymentDataError('the key agreement failed (the merchant key is not a P-256 private key)');
  }
  const symmetricKey = deriveSymmetricKey(sharedSecret, merchantIdHash);
  const data = Buffer.from(token.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', symmetricKey, zeroIv, { authTagLength: tagLength });
  decipher.setAuthTag(data.subarray(data.length - tagLength));
  try {
    const plaintext = Buffer.concat([
      decipher.update(data.subarray(0, data.length - tagLength)),
      decipher.final(),
    ]).toString('utf8');
    return { merchantIdHash, sharedSecret, symmetricKey, plaintext };
  } catch {
    throw new PaymentDataError('data did not authenticate (wrong key or altered data)');
  }
}

/** The encrypted half of a token the emulated phone wallet makes; the signature is added after. */
export interface EcV1Encryption {
  readonly data: string;
  readonly ephemeralPublicKey: string;
  readonly publicKeyHash: string;
}

/** Encrypts payment data to the merchant's certificate as a phone wallet does (training only). */
export function encryptEcV1(plaintext: string, merchantCertificate: MerchantIdentity['certificate']): EcV1Encryption {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const sharedSecret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: merchantCertificate.publicKey });
  const key = deriveSymmetricKey(sharedSecret, merchantIdentifierHash(merchantCertificate));
  const cipher = createCipheriv('aes-256-gcm', key, zeroIv, { authTagLength: tagLength });
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    data: data.toString('base64'),
    ephemeralPublicKey: ephemeral.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    publicKeyHash: publicKeyHashOf(merchantCertificate),
  };
}

/** A fresh transaction id as a device makes one: 32 random bytes in hex. */
export const newTransactionId = (): string => randomBytes(32).toString('hex');
