import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createFileSecretStore, type SecretStore } from '../lane/config/secrets';

/**
 * The hub's two kinds of key (ADR 080). A lane key, `lpk_<laneId>_<secret>`, is shown once when
 * the lane is created and reaches the lane through provisioning; the hub keeps only the sha256 of
 * its secret part, so a copy of the database lets nobody post as a lane. The admin key is the
 * store manager's (and the back office's): made at the hub's first start and kept in the hub
 * home's secret store (secrets.json, 0600), where `lanepoint hub --admin-key` reads it.
 */

const lanePrefix = 'lpk_';
const adminPrefix = 'lpa_';
/** A lane id: what the lanes table's CHECK takes (letters, digits, dashes; 1..40). */
export const laneIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;
const secretPattern = /^[A-Za-z0-9_-]{43}$/;
/** The admin key's name in the hub home's secret store. */
export const adminKeySecret = 'hub.admin-key';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export interface NewLaneKey {
  /** The whole key, to show once. */
  readonly key: string;
  /** What the lanes row keeps: sha256 hex of the secret part. */
  readonly keyHash: string;
}

/** A new key for `laneId`. */
export function newLaneKey(laneId: string): NewLaneKey {
  const secret = newSecret();
  return { key: `${lanePrefix}${laneId}_${secret}`, keyHash: sha256Hex(secret) };
}

/** A lane key read apart: the lane it claims to be, and its secret (not yet checked). */
export interface PresentedLaneKey {
  readonly laneId: string;
  readonly secret: string;
}

/** Whether a bearer token is shaped like a lane key (`lpk_`), whatever its parts hold. */
export const looksLikeLaneKey = (token: string) => token.startsWith(lanePrefix);

/**
 * The parts of a lane key, or undefined when the token is not one. The lane id cannot hold `_`,
 * so the first `_` after the prefix ends it; the secret (base64url) may hold `_` itself.
 */
export function parseLaneKey(token: string): PresentedLaneKey | undefined {
  if (!looksLikeLaneKey(token)) return undefined;
  const rest = token.slice(lanePrefix.length);
  const split = rest.indexOf('_');
  if (split < 0) return undefined;
  const laneId = rest.slice(0, split);
  const secret = rest.slice(split + 1);
  return laneIdPattern.test(laneId) && secretPattern.test(secret) ? { laneId, secret } : undefined;
}

/** Whether `secret` hashes to `keyHash`, compared in constant time. */
export function laneSecretMatches(secret: string, keyHash: string): boolean {
  return sameText(sha256Hex(secret), keyHash);
}

/** Compares two strings in time that does not depend on where they differ (both hashed first). */
function sameText(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** The admin key check the server holds: the key itself stays in the secret store and here. */
export interface AdminKey {
  readonly key: string;
  matches(token: string): boolean;
}

export function adminKeyOf(key: string): AdminKey {
  return { key, matches: (token) => sameText(token, key) };
}

/** The hub's admin key from its home's secret store, made and stored there the first time. */
export async function loadOrCreateAdminKey(
  home: string,
  store: SecretStore = createFileSecretStore(home),
): Promise<AdminKey> {
  const stored = await store.get(adminKeySecret);
  if (stored) return adminKeyOf(stored);
  const key = `${adminPrefix}${newSecret()}`;
  await store.set(adminKeySecret, key);
  return adminKeyOf(key);
}

const idAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new lane id, `lane-` and six letters or digits. */
export function newLaneId(): string {
  const bytes = randomBytes(6);
  return `lane-${[...bytes].map((byte) => idAlphabet[byte % idAlphabet.length]).join('')}`;
}
