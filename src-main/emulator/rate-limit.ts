import type { Clock } from '../core/clock';

/** Inquire, inquireByOrderid, settlestat and profile calls: 20 a minute per client address. */
export const rateLimitedEndpoints: ReadonlySet<string> = new Set(['inquire', 'inquireByOrderid', 'settlestat', 'profile']);
export const requestsPerMinute = 20;
const windowMs = 60_000;

export interface RateLimiter {
  /** Records a request; returns the seconds to wait when it is over the limit, else 0. */
  admit(address: string, now: number): number;
}

/** A sliding one-minute window per client address, by the injected clock. */
export function createRateLimiter(clock: Clock, limit = requestsPerMinute): RateLimiter {
  const seen = new Map<string, number[]>();
  return {
    admit(address, now = clock.now()) {
      const recent = (seen.get(address) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= limit) {
        seen.set(address, recent);
        return Math.max(1, Math.ceil((windowMs - (now - (recent[0] ?? now))) / 1000));
      }
      recent.push(now);
      seen.set(address, recent);
      return 0;
    },
  };
}
