import { systemClock, type Clock } from '../../src-main/platform/clock';

/**
 * The process's clock, except that waits between retries end at once: for tests of a client
 * whose retries are not what they check. Timeouts still run on real timers, as they did.
 */
export const noWaitClock: Clock = { ...systemClock, sleep: async () => undefined };

/** `noWaitClock` with the test's own readings (a hand-moved `now`). */
export function noWaitClockWith(readings: Partial<Pick<Clock, 'now' | 'monotonic'>>): Clock {
  return { ...noWaitClock, ...readings };
}
