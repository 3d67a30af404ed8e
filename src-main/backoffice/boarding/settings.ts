import { isLoopbackHost } from '../../lane/config/schema';
import { systemClock, type Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import { BoardingValidationError } from './errors';

/** The reseller's API user and registration: they belong to the back office, never to a lane. */
export interface BoardingCredentials {
  /** The dedicated API user (a web-app login with 2FA blocks API use). */
  readonly username: string;
  readonly password: string;
  /** `merchapi` unless the registration says otherwise. */
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface BoardingClientOptions {
  /** The API root, e.g. https://api-uat.cardconnect.com */
  readonly apiUrl: string;
  /** The auth server's root; the API root when not given (the emulator serves both). */
  readonly authUrl?: string;
  readonly credentials: BoardingCredentials;
  /** Per call; an attachment of 100 MB gets `uploadTimeoutMs`. */
  readonly timeoutMs?: number;
  readonly uploadTimeoutMs?: number;
  /** Renew the token this long before it lapses (default 30 s, at most half its life). */
  readonly renewMarginMs?: number;
  readonly fetch?: typeof fetch;
  /** Token expiry, call timing and every call's timeout. */
  readonly clock?: Clock;
  /** Told of every call (operation, status, timing): never a body, a token or the secret. */
  readonly logger?: Logger;
}

export interface ResolvedBoardingOptions {
  readonly apiUrl: URL;
  readonly authUrl: URL;
  readonly credentials: BoardingCredentials;
  readonly timeoutMs: number;
  readonly uploadTimeoutMs: number;
  readonly renewMarginMs: number;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly logger: Logger | undefined;
}

function rootUrl(field: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BoardingValidationError(field, `is not a URL: "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BoardingValidationError(field, `must be https, got ${url.protocol}`);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new BoardingValidationError(field, 'http is allowed only for loopback addresses; use https');
  if (url.username || url.password || url.search || url.hash)
    throw new BoardingValidationError(field, 'must be a bare root: no credentials, query or fragment');
  return new URL(url.href.endsWith('/') ? url.href : `${url.href}/`);
}

/** Checks the settings and fills the defaults; https only, except to loopback (the emulator). */
export function resolveBoardingOptions(options: BoardingClientOptions): ResolvedBoardingOptions {
  const apiUrl = rootUrl('apiUrl', options.apiUrl);
  const authUrl = options.authUrl === undefined ? apiUrl : rootUrl('authUrl', options.authUrl);
  const { username, password, clientId, clientSecret } = options.credentials;
  if (!username) throw new BoardingValidationError('credentials.username', 'is required');
  if (!password) throw new BoardingValidationError('credentials.password', 'is required');
  if (!clientId) throw new BoardingValidationError('credentials.clientId', 'is required');
  if (!clientSecret) throw new BoardingValidationError('credentials.clientSecret', 'is required');
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(timeoutMs >= 1000)) throw new BoardingValidationError('timeoutMs', 'must be at least 1000 ms');
  return {
    apiUrl,
    authUrl,
    credentials: options.credentials,
    timeoutMs,
    uploadTimeoutMs: options.uploadTimeoutMs ?? 15 * 60_000,
    renewMarginMs: options.renewMarginMs ?? 30_000,
    fetch: options.fetch ?? globalThis.fetch,
    clock: options.clock ?? systemClock,
    logger: options.logger,
  };
}
