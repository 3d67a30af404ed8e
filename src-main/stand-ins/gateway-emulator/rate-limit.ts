import type { Clock } from '../../platform/clock';

/**
 * The endpoints the test environment limits to 20 a minute per client address: funding,
 * inquire, profile and settlestat (developer-guides.md, "UAT Request Rate Limiting"). Never
 * inquireByOrderid: recovering a lost answer must not be throttled (FACTS.md).
 */
export const rateLimitedEndpoints: ReadonlySet<string> = new Set(['funding', 'inquire', 'profile', 'settlestat']);
export const requestsPerMinute = 20;
const windowMs = 60_000;

/** The documented headers: seconds to wait on a 429, requests left on a 200. */
export const retryAfterHeader = 'X-Rate-Limit-Retry-After-Seconds';
export const remainingHeader = 'X-Rate-Limit-Remaining';

/** A request's place under the limit. */
export interface Admission {
  /** Seconds to wait before the limit lets another through; 0 when this one was admitted. */
  readonly waitSeconds: number;
  /** Requests still available in the window after this one. */
  readonly remaining: number;
}

export interface RateLimiter {
  /** Records a request from the address at `now` (by the injected clock). */
  admit(address: string, now?: number): Admission;
}

/** A sliding one-minute window per client address, by the injected clock. */
export function createRateLimiter(clock: Pick<Clock, 'now'>, limit = requestsPerMinute): RateLimiter {
  const seen = new Map<string, number[]>();
  return {
    admit(address, now = clock.now()) {
      const recent = (seen.get(address) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= limit) {
        seen.set(address, recent);
        return { waitSeconds: Math.max(1, Math.ceil((windowMs - (now - (recent[0] ?? now))) / 1000)), remaining: 0 };
      }
      recent.push(now);
      seen.set(address, recent);
      return { waitSeconds: 0, remaining: limit - recent.length };
    },
  };
}
