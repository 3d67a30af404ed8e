import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpProblem, readForm } from '../../platform/http/inbound';
import { failed, type BoardingAnswer } from './answers';
import type { BoardingEmulatorCredentials } from './emulator-config';
import { signJwt, verifyJwt } from './jwt';
import type { Lock, LoginLockout } from './login-lockout';

export interface TokenLifetimes {
  /** The reference's example: expires_in 300, refresh_expires_in 600. */
  readonly accessSeconds: number;
  readonly refreshSeconds: number;
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The auth server's refusal: OAuth's own `error` words, as the real token endpoint answers. */
const oauthError = (status: number, error: string, description: string): BoardingAnswer => ({
  status,
  body: { error, error_description: description },
});

/**
 * A password grant while its username or address is locked (login-lockout.ts): 429 with
 * Retry-After, in OAuth's words; the password is not even looked at.
 */
function lockedOut(lock: Lock): BoardingAnswer {
  const seconds = Math.ceil(lock.remainingMs / 1000);
  const whose = lock.what === 'user' ? 'This account is' : 'Logins from this address are';
  return {
    ...oauthError(
      429,
      'invalid_grant',
      `${whose} temporarily locked after repeated failed logins; try again in ${seconds} s`,
    ),
    headers: { 'Retry-After': String(seconds) },
  };
}

/** POST {auth}/auth/realms/cardconnect/protocol/openid-connect/token: password and refresh grants. */
export async function answerToken(
  request: IncomingMessage,
  context: {
    credentials: BoardingEmulatorCredentials;
    signingKey: Buffer;
    lifetimes: TokenLifetimes;
    lockout: LoginLockout;
    now: number;
  },
): Promise<BoardingAnswer> {
  let form: URLSearchParams;
  try {
    form = await readForm(request, { maxBytes: 16_384 });
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return oauthError(400, 'invalid_request', error.kind === 'too-large' ? 'Request too large' : error.message);
  }
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return oauthError(400, 'invalid_request', 'The token request must be a form (application/x-www-form-urlencoded)');
  }
  const { credentials, signingKey, lifetimes, lockout, now } = context;
  if (
    form.get('client_id') !== credentials.clientId ||
    !same(form.get('client_secret') ?? '', credentials.clientSecret)
  ) {
    return oauthError(401, 'unauthorized_client', 'Invalid client secret');
  }
  const grant = form.get('grant_type');
  let session: string;
  if (grant === 'password') {
    const username = form.get('username') ?? '';
    const address = request.socket.remoteAddress ?? '';
    const lock = lockout.lockOf(username, address, now);
    if (lock) return lockedOut(lock);
    if (username !== credentials.username || !same(form.get('password') ?? '', credentials.password)) {
      lockout.failed(username, address, now);
      return oauthError(401, 'invalid_grant', 'Invalid user credentials');
    }
    lockout.succeeded(username, address);
    session = randomUUID();
  } else if (grant === 'refresh_token') {
    const claims = verifyJwt(form.get('refresh_token') ?? '', signingKey, 'Refresh', now);
    if ('refused' in claims)
      return oauthError(
        400,
        'invalid_grant',
        claims.refused === 'expired' ? 'Token is not active' : 'Invalid refresh token',
      );
    session = claims.session_state;
  } else {
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
  }
  const iat = Math.floor(now / 1000);
  const common = { iat, azp: credentials.clientId, sub: credentials.username, session_state: session };
  return {
    status: 200,
    body: {
      access_token: signJwt(
        { ...common, jti: randomUUID(), typ: 'Bearer', exp: iat + lifetimes.accessSeconds },
        signingKey,
      ),
      expires_in: lifetimes.accessSeconds,
      refresh_expires_in: lifetimes.refreshSeconds,
      refresh_token: signJwt(
        { ...common, jti: randomUUID(), typ: 'Refresh', exp: iat + lifetimes.refreshSeconds },
        signingKey,
      ),
      token_type: 'bearer',
      'not-before-policy': 0,
      session_state: session,
      scope: 'profile email',
    },
  };
}

/** The refusal of an API call whose bearer token is missing, not ours, or expired; undefined when good. */
export function bearerRefusal(
  authorization: string | undefined,
  signingKey: Buffer,
  now: number,
): BoardingAnswer | undefined {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
  if (!match) return failed(401, { code: '1005', message: 'Access denied.', errorField: null });
  const claims = verifyJwt(match[1]!, signingKey, 'Bearer', now);
  if ('refused' in claims)
    return failed(401, {
      code: '1005',
      message: claims.refused === 'expired' ? 'Access denied: the token has expired.' : 'Access denied.',
      errorField: null,
    });
  return undefined;
}
