/**
 * The one retry decision of every outbound caller: pure, so it is tested with a table. A caller
 * configures it with a rule (how many attempts, whether the request may be sent again once it may
 * have left, which answers are worth another try, how long to wait) and asks it after each failed
 * attempt. Money-moving calls set `repeatable: false`: only a request that provably never left is
 * sent again.
 */

/** How an attempt failed, as far as retrying is concerned. */
export type AttemptFailure =
  /** The request provably never left (connection refused, DNS, TLS, aborted before sending). */
  | { readonly kind: 'not-sent' }
  /** It may have left and no usable answer came (timeout, connection lost, answer cut off). */
  | { readonly kind: 'unknown' }
  /** The server answered with a status the caller does not accept; `retryAfterMs` from Retry-After. */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number }
  /** The server answered, but not in the agreed shape (not JSON, a schema refused it). */
  | { readonly kind: 'malformed' }
  /** A refusal no repeat can change (wrong credentials, a rejected request). */
  | { readonly kind: 'final' };

export interface RetryRule {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** May the request be sent again once it may have arrived? Never for money-moving calls. */
  readonly repeatable: boolean;
  /** Statuses worth another attempt (the server's own trouble, 408, 429); none when absent. */
  readonly retryStatus?: (status: number) => boolean;
  /** Whether an answer in the wrong shape is worth another attempt (a garbled read may be). */
  readonly retryMalformed?: boolean;
  /** The wait after the first failed attempt, doubled after each one. */
  readonly firstDelayMs: number;
  /** The longest wait between two attempts. */
  readonly maxDelayMs?: number;
  /** The wait for HTTP 429 without Retry-After, times the attempt number (a rate-limit slot). */
  readonly rateLimitDelayMs?: number;
  /** A Retry-After longer than this ends the attempts instead of waiting (default 60 s). */
  readonly maxRetryAfterMs?: number;
}

export type RetryDecision = { readonly action: 'retry'; readonly delayMs: number } | { readonly action: 'stop' };

const stop: RetryDecision = { action: 'stop' };

/** The doubling wait before attempt `attempt + 1`, at most `maxDelayMs`. */
export function backoffDelay(rule: Pick<RetryRule, 'firstDelayMs' | 'maxDelayMs'>, attempt: number): number {
  const delay = rule.firstDelayMs * 2 ** Math.max(0, attempt - 1);
  return rule.maxDelayMs === undefined ? delay : Math.min(delay, rule.maxDelayMs);
}

/**
 * What to do after attempt number `attempt` (1 for the first) failed with `failure`:
 * - a final refusal, or the last attempt, stops;
 * - a request that never left is tried again, repeatable or not;
 * - one that may have arrived is tried again only when the rule says it is repeatable;
 * - an answer is tried again only for the statuses (or wrong shapes) the rule names, after the
 *   longer of the backoff and the server's Retry-After (a Retry-After past the cap stops).
 */
export function decideRetry(rule: RetryRule, attempt: number, failure: AttemptFailure): RetryDecision {
  if (failure.kind === 'final' || attempt >= rule.maxAttempts) return stop;
  const backoff = backoffDelay(rule, attempt);
  if (failure.kind === 'not-sent') return { action: 'retry', delayMs: backoff };
  if (!rule.repeatable) return stop;
  if (failure.kind === 'unknown') return { action: 'retry', delayMs: backoff };
  if (failure.kind === 'malformed') return rule.retryMalformed ? { action: 'retry', delayMs: backoff } : stop;
  if (!rule.retryStatus?.(failure.status)) return stop;
  const told = failure.retryAfterMs;
  if (told !== undefined && told > (rule.maxRetryAfterMs ?? 60_000)) return stop;
  const own = failure.status === 429 && rule.rateLimitDelayMs !== undefined ? rule.rateLimitDelayMs * attempt : backoff;
  return { action: 'retry', delayMs: Math.max(own, told ?? 0) };
}

/**
 * Reads a Retry-After header (RFC 9110: delay seconds, or an HTTP date) as milliseconds from
 * `now`; undefined when absent or unreadable, never negative.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
