import { z } from 'zod';

/** A whole number in a range, its error naming what it counts. */
export const integerFrom = (min: number, max: number, what: string) => {
  const error = `expected ${what} from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/**
 * The receipt outbox's tries for one channel (ADR 068, ADR 070): how often a receipt is tried,
 * how long between tries, and how long one try may wait on the server (`server`, in words).
 */
export function outboxRetrySettings(options: { what: string; server: string; timeoutMs: number }) {
  return {
    maxAttempts: integerFrom(1, 50, 'a number of attempts')
      .default(10)
      .describe(`Tries before ${options.what} is given up and shown as not sent.`),
    firstRetryMs: integerFrom(1000, 3_600_000, 'milliseconds')
      .default(30_000)
      .describe('The wait before the first retry; each next wait doubles, up to `maxRetryMs`.'),
    maxRetryMs: integerFrom(1000, 86_400_000, 'milliseconds')
      .default(1_800_000)
      .describe('The longest wait between tries.'),
    timeoutMs: integerFrom(1000, 120_000, 'milliseconds')
      .default(options.timeoutMs)
      .describe(`How long one attempt may wait on ${options.server}.`),
  };
}
