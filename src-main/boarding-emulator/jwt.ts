import { createHmac, timingSafeEqual } from 'node:crypto';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

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
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'bad signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { refused: 'unreadable claims' };
  }
  if (claims.typ !== typ) return { refused: `not a ${typ} token` };
  if (!(claims.exp * 1000 > nowMs)) return { refused: 'expired' };
  return claims;
}
