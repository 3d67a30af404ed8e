import { isLoopbackHost } from '../config/schema';
import { systemClock, type Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log/logger';
import type { GatewayLink } from '../offline/link-state';
import { ValidationError } from './errors';

export interface GatewayCredentials {
  /** Site-level credentials work for every merchant on the site; merchant-level for one merchid. */
  readonly level: 'site' | 'merchant';
  readonly username: string;
  readonly password: string;
}

export interface GatewayTimeouts {
  /** auth, capture, void, refund, voidByOrderId: longer than the gateway's own 32 s answer. */
  readonly moneyMovingMs: number;
  /** Inquiries, settlement status, merchant and credential checks. */
  readonly inquiryMs: number;
}

/** The gateway answers every authorization within 32 s (31 s processor wait + overhead). */
export const gatewayAnswerDeadlineMs = 32_000;

export const defaultTimeouts: GatewayTimeouts = { moneyMovingMs: 40_000, inquiryMs: 15_000 };

export interface GatewayClientOptions {
  /** The REST root of the site, e.g. https://example.cardconnect.com/cardconnect/rest */
  readonly baseUrl: string;
  readonly credentials: GatewayCredentials;
  readonly timeouts?: Partial<GatewayTimeouts>;
  readonly fetch?: typeof fetch;
  /** Times calls, runs their timeouts and the waits between retries. */
  readonly clock?: Clock;
  /** Told of every call (operation, status, timing; never a body). */
  readonly logger?: Logger;
  /** Told whether each attempt was answered or provably never left (the offline breaker). */
  readonly link?: LinkReport;
}

/** What the gateway client tells the link's health (src-main/lane/offline/gateway-link.ts). */
export type LinkReport = Pick<GatewayLink, 'noteNeverLeft' | 'noteAnswered'>;

export interface ResolvedGatewayOptions {
  readonly baseUrl: URL;
  readonly credentials: GatewayCredentials;
  readonly timeouts: GatewayTimeouts;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly logger: Logger | undefined;
  readonly link: LinkReport | undefined;
}

/**
 * Checks the client's settings and fills the defaults. The base URL must be https; plain http
 * only reaches loopback, where the gateway emulator lives. Credentials are never in the URL.
 */
export function resolveGatewayOptions(options: GatewayClientOptions): ResolvedGatewayOptions {
  let baseUrl: URL;
  try {
    baseUrl = new URL(options.baseUrl);
  } catch {
    throw new ValidationError('baseUrl', `is not a URL: "${options.baseUrl}"`);
  }
  if (baseUrl.protocol === 'http:' && !isLoopbackHost(baseUrl.hostname)) {
    throw new ValidationError('baseUrl', 'http is allowed only for loopback addresses; use https');
  }
  if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') {
    throw new ValidationError('baseUrl', `must be https, got ${baseUrl.protocol}`);
  }
  if (baseUrl.username || baseUrl.password || baseUrl.search || baseUrl.hash) {
    throw new ValidationError('baseUrl', 'must be a bare REST root: no credentials, query or fragment');
  }
  // The site alone would send auth to https://<site>/auth, which the gateway does not serve:
  // name the root the reference gives rather than let every call answer 404.
  if (baseUrl.pathname === '/' || baseUrl.pathname === '') {
    throw new ValidationError(
      'baseUrl',
      `must be the REST root, e.g. ${baseUrl.origin}/cardconnect/rest, not the site alone`,
    );
  }
  const { username, password } = options.credentials;
  if (!username || username.includes(':')) {
    throw new ValidationError('credentials.username', 'is required and cannot contain ":"');
  }
  if (!password) throw new ValidationError('credentials.password', 'is required');
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  if (!(timeouts.moneyMovingMs > gatewayAnswerDeadlineMs)) {
    throw new ValidationError(
      'timeouts.moneyMovingMs',
      `must be longer than the gateway's ${gatewayAnswerDeadlineMs} ms answer deadline`,
    );
  }
  if (!(timeouts.inquiryMs >= 1000 && timeouts.inquiryMs <= timeouts.moneyMovingMs)) {
    throw new ValidationError('timeouts.inquiryMs', 'must be from 1000 ms up to the money-moving timeout');
  }
  return {
    baseUrl: new URL(baseUrl.href.endsWith('/') ? baseUrl.href : `${baseUrl.href}/`),
    credentials: options.credentials,
    timeouts,
    fetch: options.fetch ?? globalThis.fetch,
    clock: options.clock ?? systemClock,
    logger: options.logger,
    link: options.link,
  };
}
