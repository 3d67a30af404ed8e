import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { KindedError } from '../../platform/errors';

/**
 * Staff PINs as settings.json keeps them: `scrypt$<salt>$<hash>`, base64url, never the PIN. A
 * PIN is 4 to 8 digits, so the hash is what stands between a copied settings file and the
 * manager's PIN: scrypt's cost (N = 2^14) makes trying all 10^8 PINs take days, not seconds.
 */
const cost = { N: 1 << 14, r: 8, p: 1 } as const;
const keyLength = 32;
export const pinHashPattern = /^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;
export const pinPattern = /^\d{4,8}$/;

export function hashPin(pin: string, salt: Buffer = randomBytes(16)): string {
  if (!pinPattern.test(pin)) throw new KindedError('invalid', 'A PIN is 4 to 8 digits.');
  const hash = scryptSync(pin, salt, keyLength, cost);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** True when `pin` is the one `stored` was made from; compares in constant time. */
export function pinMatches(pin: string, stored: string): boolean {
  if (!pinPattern.test(pin) || !pinHashPattern.test(stored)) return false;
  const [, salt, hash] = stored.split('$') as [string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  return timingSafeEqual(scryptSync(pin, Buffer.from(salt, 'base64url'), keyLength, cost), expected);
}

/**
 * What a PIN typed with an unknown cashier id is checked against: a hash of the same form and
 * cost as a member's (random bytes, made from no PIN), so the answer for an id nobody has takes
 * as long as a wrong PIN for a real one, and its time does not tell which ids exist.
 */
export const unknownIdPinHash = 'scrypt$BP0r7MHK1JXvCWZy5ibIzA$aJsPjj3k5bRUtkgal0WVC90DDsSghNM3xWOyV99nh18';

/** How a PIN is checked against a stored hash; the session service is given `pinMatches` (tests count calls). */
export type PinCheck = (pin: string, stored: string) => boolean;
