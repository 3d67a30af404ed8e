import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { KindedError } from '../../platform/errors';

/**
 * ECv2 message encryption, the other wallet's: ECIES-KEM on P-256 (the phone's ephemeral key
 * against the recipient's), HKDF-SHA256 over the ephemeral point and the shared secret with no
 * salt and the info "Google", 64 bytes split into an AES-256 key and an HMAC-SHA256 key;
 * AES-256-CTR with a zero IV (each ephemeral key encrypts one message) and the HMAC of the
 * ciphertext as the tag. The tag is checked before any byte is decrypted.
 */

/** A signed message's payload that cannot be used: its shape, or its tag (wrong key or altered). */
export class EcV2MessageError extends KindedError<'undecryptable'> {
  constructor(message: string) {
    super('undecryptable', `wallet signed message: ${message}`);
    this.name = 'EcV2MessageError';
  }
}

/** `signedMessage` once read: the three base64 values the wallet put in it. */
export interface EcV2EncryptedMessage {
  readonly encryptedMessage: string;
  /** The ephemeral public key as an uncompressed P-256 point (65 bytes). */
  readonly ephemeralPublicKey: string;
  /** HMAC-SHA256 of the ciphertext (32 bytes). */
  readonly tag: string;
}

const hkdfInfo = Buffer.from('Google', 'ascii');
const zeroIv = Buffer.alloc(16);
/** The DER SubjectPublicKeyInfo of a P-256 key up to its point: an uncompressed point follows. */
const p256SpkiPrefix = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const pointLength = 65;

/** The 32-byte AES key and 32-byte HMAC key HKDF gives for this ephemeral point and shared secret. */
export function deriveEcV2Keys(ephemeralPoint: Buffer, sharedSecret: Buffer): { aesKey: Buffer; macKey: Buffer } {
  const keys = Buffer.from(
    hkdfSync('sha256', Buffer.concat([ephemeralPoint, sharedSecret]), Buffer.alloc(0), hkdfInfo, 64),
  );
  return { aesKey: keys.subarray(0, 32), macKey: keys.subarray(32) };
}

/** A P-256 public key from its uncompressed point. */
export function publicKeyFromPoint(point: Buffer): KeyObject {
  if (point.length !== pointLength || point[0] !== 0x04)
    throw new EcV2MessageError('ephemeralPublicKey is not an uncompressed P-256 point');
  try {
    return createPublicKey({ key: Buffer.concat([p256SpkiPrefix, point]), format: 'der', type: 'spki' });
  } catch {
    throw new EcV2MessageError('ephemeralPublicKey is not a point on P-256');
  }
}

/** The uncompressed point of a P-256 public key. */
export function pointOf(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return Buffer.from(spki.subarray(spki.length - pointLength));
}

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads `signedMessage`'s JSON text; throws EcV2MessageError naming the field that is wrong. */
export function readEcV2Message(signedMessage: string): EcV2EncryptedMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(signedMessage);
  } catch {
    throw new EcV2MessageError('is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new EcV2MessageError('is not a JSON object');
  const record = parsed as Record<string, unknown>;
  const field = (name: keyof EcV2EncryptedMessage): string => {
    const value = record[name];
    if (typeof value !== 'string' || value === '') throw new EcV2MessageError(`${name} is missing`);
    if (!base64Text.test(value)) throw new EcV2MessageError(`${name} must be base64`);
    return value;
  };
  return {
    encryptedMessage: field('encryptedMessage'),
    ephemeralPublicKey: field('ephemeralPublicKey'),
    tag: field('tag'),
  };
}

/** What a decryption derived on its way, for tests that check each step. */
export interface EcV2Decryption {
  readonly sharedSecret: Buffer;
  readonly aesKey: Buffer;
  readonly macKey: Buffer;
  /** The decrypted message's JSON text. */
  readonly plaintext: string;
}

/**
 * Decrypts a signed message with the recipient's private key. Throws EcV2MessageError when the
 * tag does not match: the key is not the one the phone encrypted to, or the message was altered.
 */
export function decryptEcV2(message: EcV2EncryptedMessage, recipientKey: KeyObject): EcV2Decryption {
  const point = Buffer.from(message.ephemeralPublicKey, 'base64');
  let sharedSecret: Buffer;
  try {
    sharedSecret = diffieHellman({ privateKey: recipientKey, publicKey: publicKeyFromPoint(point) });
  } catch (error) {
    if (error instanceof EcV2MessageError) throw error;
    throw new EcV2MessageError('the key agreement failed (the recipient key is not a P-256 private key)');
  }
  const { aesKey, macKey } = deriveEcV2Keys(point, sharedSecret);
  const ciphertext = Buffer.from(message.encryptedMessage, 'base64');
  const expected = createHmac('sha256', macKey).update(ciphertext).digest();
  const tag = Buffer.from(message.tag, 'base64');
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected))
    throw new EcV2MessageError('tag does not match (wrong key or altered message)');
  const decipher = createDecipheriv('aes-256-ctr', aesKey, zeroIv);
  const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  return { sharedSecret, aesKey, macKey, plaintext };
}

/** Encrypts a message to the recipient's public key as the wallet does (training's emulated phone). */
export function encryptEcV2(plaintext: string, recipient: KeyObject): EcV2EncryptedMessage {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const point = pointOf(ephemeral.publicKey);
  const sharedSecret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient });
  const { aesKey, macKey } = deriveEcV2Keys(point, sharedSecret);
  const cipher = createCipheriv('aes-256-ctr', aesKey, zeroIv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    encryptedMessage: ciphertext.toString('base64'),
    ephemeralPublicKey: point.toString('base64'),
    tag: createHmac('sha256', macKey).update(ciphertext).digest('base64'),
  };
}
