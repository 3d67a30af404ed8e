import { createCipheriv, createDecipheriv } from 'node:crypto';
import { malformed } from './errors';

/**
 * TDES DUKPT (ANSI X9.24-1:2009, Annex A): the key management encrypting card readers use. A
 * reader holds an initial key derived from a base derivation key (BDK) and its key serial
 * number (KSN); each read uses a fresh key derived from the KSN's 21-bit transaction counter.
 * The gateway, which holds the BDK, derives the same key from the KSN sent with the data.
 *
 * Here for the emulated reader (which encrypts) and the gateway emulator (which decrypts), with
 * the public ANSI test BDK. Real BDKs live in a hardware security module, never in this app.
 */

/** The public ANSI X9.24 test BDK. Test data only: no production reader is injected from it. */
export const ansiTestBdk = '0123456789ABCDEFFEDCBA9876543210';

const counterMask = 0x1fffff;
const c0Mask = Buffer.from('C0C0C0C000000000C0C0C0C000000000', 'hex');
/** The data-encryption (request) variant, applied before the key is encrypted with itself. */
const dataVariant = Buffer.from('0000000000FF00000000000000FF0000', 'hex');
/** The PIN variant, which older readers also use for card data (no self-encryption). */
const pinVariant = Buffer.from('00000000000000FF00000000000000FF', 'hex');

/**
 * Which key a reader encrypts card data with: `data` is X9.24's data-encryption variant (current
 * ID TECH and MagTek firmware); `pin` is the PIN variant some older readers use for data.
 */
export type DukptVariant = 'data' | 'pin';

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));

/** Single DES, as two-key TDES with both halves equal (OpenSSL 3 keeps plain DES in its legacy provider). */
function desEncrypt(key8: Buffer, block8: Buffer): Buffer {
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key8, key8]), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block8), cipher.final()]);
}

function tdesEcbEncrypt(key16: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('des-ede-ecb', key16, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function parseHex(hex: string, bytes: number, what: string): Buffer {
  if (!new RegExp(`^[0-9A-Fa-f]{${bytes * 2}}$`).test(hex)) throw malformed(`${what} must be ${bytes * 2} hex digits`);
  return Buffer.from(hex, 'hex');
}

/** The KSN's transaction counter (its rightmost 21 bits). */
export function ksnCounter(ksn: string): number {
  return parseHex(ksn, 10, 'KSN').readUIntBE(7, 3) & counterMask;
}

/** The KSN with its counter set to `counter` (the next read of the same reader). */
export function ksnWithCounter(ksn: string, counter: number): string {
  if (!Number.isInteger(counter) || counter < 0 || counter > counterMask)
    throw new RangeError('counter must be 0 to 2^21 - 1');
  const bytes = parseHex(ksn, 10, 'KSN');
  const tail = bytes.readUIntBE(7, 3);
  bytes.writeUIntBE((tail & ~counterMask & 0xffffff) | counter, 7, 3);
  return bytes.toString('hex').toUpperCase();
}

/** The initial PIN encryption key (IPEK) of the reader with this KSN. */
export function initialKey(bdkHex: string, ksn: string): Buffer {
  const bdk = parseHex(bdkHex, 16, 'BDK');
  const base = parseHex(ksn, 10, 'KSN').subarray(0, 8);
  base[7] = (base[7] ?? 0) & 0xe0;
  const left = tdesEcbEncrypt(bdk, base);
  const right = tdesEcbEncrypt(xor(bdk, c0Mask), base);
  return Buffer.concat([left, right]);
}

/** The non-reversible key generation process: the next key from the current key and KSN register. */
function nextKey(key: Buffer, register: Buffer): Buffer {
  const derive = (k: Buffer) => {
    const left = k.subarray(0, 8);
    const right = k.subarray(8, 16);
    return xor(desEncrypt(left, xor(register, right)), right);
  };
  const rightHalf = derive(key);
  const leftHalf = derive(xor(key, c0Mask));
  return Buffer.concat([leftHalf, rightHalf]);
}

/** The transaction key for the KSN's counter, before any variant. */
export function transactionKey(bdkHex: string, ksn: string): Buffer {
  let key = initialKey(bdkHex, ksn);
  const register = parseHex(ksn, 10, 'KSN').subarray(2, 10);
  const counter = ksnCounter(ksn);
  register[5] = (register[5] ?? 0) & 0xe0;
  register[6] = 0;
  register[7] = 0;
  for (let bit = 0x100000; bit > 0; bit >>= 1) {
    if ((counter & bit) === 0) continue;
    register[5] = (register[5] ?? 0) | ((bit >> 16) & 0x1f);
    register[6] = (register[6] ?? 0) | ((bit >> 8) & 0xff);
    register[7] = (register[7] ?? 0) | (bit & 0xff);
    key = nextKey(key, register);
  }
  return key;
}

/** The key card data is encrypted with for a KSN. */
export function dataKey(bdkHex: string, ksn: string, variant: DukptVariant = 'data'): Buffer {
  const key = transactionKey(bdkHex, ksn);
  if (variant === 'pin') return xor(key, pinVariant);
  const masked = xor(key, dataVariant);
  return tdesEcbEncrypt(masked, masked);
}

/** Encrypts as the reader does: TDES-CBC with a zero IV, zero-padded to 8 bytes. */
export function dukptEncrypt(bdkHex: string, ksn: string, plain: Uint8Array, variant: DukptVariant = 'data'): Buffer {
  const padded = Buffer.alloc(Math.ceil(plain.length / 8) * 8);
  padded.set(plain);
  const cipher = createCipheriv('des-ede-cbc', dataKey(bdkHex, ksn, variant), Buffer.alloc(8)).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** Decrypts as the gateway does. The result keeps the reader's zero padding. */
export function dukptDecrypt(
  bdkHex: string,
  ksn: string,
  encrypted: Uint8Array,
  variant: DukptVariant = 'data',
): Buffer {
  if (encrypted.length % 8 !== 0) throw malformed(`encrypted data is ${encrypted.length} bytes, not a multiple of 8`);
  const decipher = createDecipheriv('des-ede-cbc', dataKey(bdkHex, ksn, variant), Buffer.alloc(8)).setAutoPadding(
    false,
  );
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}
