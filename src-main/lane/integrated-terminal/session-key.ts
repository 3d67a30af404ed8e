/**
 * The `X-CardConnect-SessionKey` answer header of connect, "<key value>;expires=<ISO-8601>"
 * (developer-guides.md, "Establishing a Session"), read into the key the later requests carry
 * and the moment it expires. The reference's examples show the header as Postman prints it,
 * with a leading "→"; that arrow is tolerated.
 */

/** "A session key is valid for 10 minutes after it is generated." */
export const sessionLifetimeMs = 10 * 60_000;

export interface SessionKey {
  /** What each later request sends as `X-CardConnect-SessionKey`. */
  readonly key: string;
  /** When the service said it expires (epoch ms), if it said so. */
  readonly expiresAt: number | undefined;
}

/** Reads the header; undefined when it holds no key. */
export function parseSessionKeyHeader(header: string | null | undefined): SessionKey | undefined {
  if (!header) return undefined;
  const [first = '', ...attributes] = header.replace(/^\s*→\s*/, '').split(';');
  const key = first.trim();
  // The key goes back as a header value: printable ASCII without separators only.
  if (!/^[\x21-\x7e]+$/.test(key) || key.includes(',')) return undefined;
  let expiresAt: number | undefined;
  for (const attribute of attributes) {
    const [name = '', ...rest] = attribute.split('=');
    if (name.trim().toLowerCase() !== 'expires') continue;
    const at = Date.parse(rest.join('=').trim().replace(/\.$/, ''));
    if (!Number.isNaN(at)) expiresAt = at;
  }
  return { key, expiresAt };
}

/**
 * When this program should treat the key as expired, on its own clock: the service's expiry,
 * but never later than ten minutes after `receivedAt` (the lane's clock and the service's may
 * disagree, and a missing expiry falls back to the documented ten minutes).
 */
export function sessionExpiry(session: SessionKey, receivedAt: number): number {
  const documented = receivedAt + sessionLifetimeMs;
  return session.expiresAt === undefined ? documented : Math.min(session.expiresAt, documented);
}
