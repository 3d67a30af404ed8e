import { createHmac, timingSafeEqual } from 'node:crypto';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * The bytes of unpadded base64url text, or undefined when the text is not the one canonical
 * spelling of them (RFC 7515 section 2): Node's decoder skips characters outside the alphabet,
 * takes padding and ignores a last character's unused bits, so `sig=`, `sig!!` or a changed
 * last character would all decode to the right signature.
 */
export function decodeBase64url(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

export interface TokenClaims {
  /** Seconds since the epoch, as JWTs count. */
  readonly exp: number;
  readonly iat: number;
  readonly jti: string;
  /** `Bearer` for access tokens, `Refresh` for refresh tokens: one is never taken for the other. */
  readonly typ: 'Bearer' | 'Refresh';
  readonly azp: string;
  readonly sub: string;
  readonly session_state: string;
}

/** Signs claims as an HS256 JWT. */
export function signJwt(claims: TokenClaims, key: Buffer): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/**
 * The claims of a token this emulator signed, of the wanted type, not yet expired at `nowMs`;
 * otherwise the reason it is refused.
 */
export function verifyJwt(
  token: string,
  key: Buffer,
  typ: TokenClaims['typ'],
  nowMs: number,
): TokenClaims | { refused: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { refused: 'not a JWT' };
  const [head, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = decodeBase64url(signature);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected))
    return { refused: 'bad signature' };
  const claimBytes = decodeBase64url(body);
  let claims: TokenClaims;
  try {
    if (!claimBytes) throw new Error('not base64url');
    claims = JSON.parse(claimBytes.toString('utf8')) as TokenClaims;
  } catch {
    return { refused: 'unreadable claims' };
  }
  if (claims.typ !== typ) return { refused: `not a ${typ} token` };
  if (!(claims.exp * 1000 > nowMs)) return { refused: 'expired' };
  return claims;
}
