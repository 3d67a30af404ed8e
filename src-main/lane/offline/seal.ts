import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KindedError } from '../../platform/errors';
import type { SecretStore } from '../config/secrets';

/** The secret holding the lane's offline key: 32 random bytes, base64, made at first use. */
export const offlineKeyName = 'offline.key';

const version = 1;
const ivBytes = 12;
const tagBytes = 16;
/** Binds a sealed blob to its purpose: a blob sealed for something else does not open as a stored request. */
const purpose = Buffer.from('lanepoint offline authorization request v1');

/**
 * Seals and opens the requests of offline payments (ADR 074): AES-256-GCM, a fresh 12-byte IV per
 * blob, laid out as [version 1][iv 12][tag 16][ciphertext]. The key lives only in the lane's
 * SecretStore (Electron safeStorage where it exists), never beside the journal.
 */
export class RequestSeal {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** The lane's seal: its key read from the secret store, or made and kept there at first use. */
  static async open(secrets: SecretStore): Promise<RequestSeal> {
    const kept = await secrets.get(offlineKeyName);
    if (kept !== undefined) {
      const key = Buffer.from(kept, 'base64');
      if (key.length !== 32)
        throw new KindedError(
          'damaged',
          `the secret ${offlineKeyName} is not a 32-byte key; stored offline payments cannot be opened without the original`,
        );
      return new RequestSeal(key);
    }
    const key = randomBytes(32);
    await secrets.set(offlineKeyName, key.toString('base64'));
    return new RequestSeal(key);
  }

  seal(plain: string): Buffer {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(purpose);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
  }

  /** The plain text; a blob altered, truncated or sealed with another key throws a `damaged` error (never its bytes). */
  open(sealed: Buffer): string {
    if (sealed.length < 1 + ivBytes + tagBytes || sealed[0] !== version)
      throw new KindedError('damaged', 'a stored offline payment is not a sealed request this lane can open');
    const iv = sealed.subarray(1, 1 + ivBytes);
    const tag = sealed.subarray(1 + ivBytes, 1 + ivBytes + tagBytes);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
      decipher.setAAD(purpose);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + ivBytes + tagBytes)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new KindedError('damaged', 'a stored offline payment failed its integrity check (another key, or altered)');
    }
  }
}
