import { BoardingAuthenticationError, BoardingProtocolError, BoardingTransportError } from './errors';
import type { ResolvedBoardingOptions } from './settings';
import { tokenPath, type TokenAnswer } from '../../reference/boarding-wire';
import { createOutboundSender } from '../../platform/http/outbound';

interface HeldToken {
  readonly accessToken: string;
  readonly accessExpiresAt: number;
  readonly refreshToken: string;
  readonly refreshExpiresAt: number;
  /** Renew when less than this is left: the margin, at most half the token's life. */
  readonly renewAtRemainingMs: number;
}

/**
 * Holds the access token: fetched with the password grant, renewed with the refresh grant
 * before it lapses, and fetched afresh with the password grant when the refresh token has lapsed
 * or is refused. Tokens and the secret stay in this closure: never logged, never in an error.
 */
export function createTokenKeeper(options: ResolvedBoardingOptions) {
  const { credentials, clock, logger } = options;
  const url = new URL(tokenPath, options.authUrl);
  let held: HeldToken | undefined;
  let pending: Promise<string> | undefined;
  const outbound = createOutboundSender({ clock, fetch: options.fetch });

  async function grant(form: Record<string, string>): Promise<HeldToken> {
    const body = new URLSearchParams({
      ...form,
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    const requestedAt = clock.now();
    // The version header is omitted on Token requests (spec "Authentication", 5).
    const result = await outbound.send({
      operation: 'token',
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
      timeoutMs: options.timeoutMs,
    });
    if (result.outcome !== 'answered') {
      throw new BoardingTransportError(`token (${form.grant_type} grant): no answer from ${url.origin}`, {
        timedOut: result.outcome === 'unknown' && result.timedOut,
        requestSent: result.requestSent,
        cause: result.cause,
      });
    }
    const response = { status: result.status, ok: result.status >= 200 && result.status <= 299 };
    const { text } = result;
    logger?.info({ operation: 'token', grant: form.grant_type, status: response.status }, 'boarding call');
    let answer: Partial<TokenAnswer> & { error?: string; error_description?: string };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch (error) {
      throw new BoardingProtocolError(
        `token (${form.grant_type} grant): the answer is not JSON (HTTP ${response.status})`,
        { status: response.status, cause: error },
      );
    }
    if (!response.ok || typeof answer.access_token !== 'string') {
      // The auth server's own words (invalid_grant, "Invalid user credentials"): never the form.
      const why = [answer.error, answer.error_description].filter(Boolean).join(': ') || `HTTP ${response.status}`;
      throw new BoardingAuthenticationError(`token (${form.grant_type} grant) refused: ${why}`, {
        status: response.status,
      });
    }
    if (!(Number(answer.expires_in) > 0))
      throw new BoardingProtocolError('token: the answer has no expires_in', { status: response.status });
    // Expiry counts from when the request left: the token may have been issued a little earlier.
    return {
      accessToken: answer.access_token,
      accessExpiresAt: requestedAt + Number(answer.expires_in) * 1000,
      refreshToken: String(answer.refresh_token ?? ''),
      refreshExpiresAt: requestedAt + Number(answer.refresh_expires_in ?? 0) * 1000,
      renewAtRemainingMs: Math.min(options.renewMarginMs, (Number(answer.expires_in) * 1000) / 2),
    };
  }

  async function renew(): Promise<string> {
    const now = clock.now();
    if (held && held.refreshToken && now < held.refreshExpiresAt - 1000) {
      try {
        held = await grant({ grant_type: 'refresh_token', refresh_token: held.refreshToken });
        return held.accessToken;
      } catch (error) {
        if (!(error instanceof BoardingAuthenticationError)) throw error;
        logger?.info({ operation: 'token' }, 'boarding refresh refused; signing in again');
      }
    }
    held = await grant({ grant_type: 'password', username: credentials.username, password: credentials.password });
    return held.accessToken;
  }

  return {
    /** A token that is good for at least the renewal margin; renewed (once, shared) when not. */
    async accessToken(): Promise<string> {
      if (held && held.accessExpiresAt - clock.now() > held.renewAtRemainingMs) return held.accessToken;
      pending ??= renew().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Forgets the access token (the service refused it): the next call renews. */
    invalidate(): void {
      if (held) held = { ...held, accessExpiresAt: 0 };
    },
    /** When the held access token lapses, for tests and status lines; undefined before the first. */
    expiresAt(): number | undefined {
      return held?.accessExpiresAt;
    },
  };
}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
