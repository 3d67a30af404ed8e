/**
 * Follows applications through underwriting by polling: the boarding service has no webhooks.
 * One round checks every application still moving; the wait between rounds starts short,
 * doubles while nothing changes, and starts short again on a change or when someone acts.
 */
import { systemClock, type Clock } from '../platform/clock';
import type { Logger } from '../platform/log/logger';

export interface PollerOptions {
  /** The applications worth a look now. */
  readonly moving: () => readonly string[];
  /** Reads one application; true when its statuses changed (and the change was published). */
  readonly check: (merchantId: string) => Promise<boolean>;
  /** Times the waits between rounds (the system clock unless a test passes its own). */
  readonly clock?: Pick<Clock, 'setTimer'>;
  readonly logger?: Logger;
  /** First wait, and the wait after a change (default 2 s). */
  readonly minDelayMs?: number;
  /** The longest wait (default 60 s). */
  readonly maxDelayMs?: number;
}

export interface StatusPoller {
  /** Starts the rounds (idempotent). */
  start(): void;
  /** Something was done to an application (signature requested): look again soon. */
  nudge(): void;
  /** The wait before the next round, for the status screen and tests. */
  readonly delayMs: number;
  stop(): void;
}

export function createStatusPoller(options: PollerOptions): StatusPoller {
  const clock = options.clock ?? systemClock;
  const minDelayMs = options.minDelayMs ?? 2_000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  let delayMs = minDelayMs;
  let cancelWait: () => void = () => undefined;
  let running = false;
  let stopped = true;

  const schedule = () => {
    if (stopped) return;
    cancelWait();
    cancelWait = clock.setTimer(() => void round(), delayMs);
  };

  const round = async () => {
    if (running || stopped) return;
    running = true;
    let changed = false;
    for (const merchantId of options.moving()) {
      try {
        if (await options.check(merchantId)) changed = true;
      } catch (error) {
        // A service that is down is asked less often, like one where nothing moves.
        options.logger?.warn({ err: error, merchantId }, 'application status check failed');
      }
    }
    running = false;
    delayMs = changed ? minDelayMs : Math.min(delayMs * 2, maxDelayMs);
    schedule();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    nudge() {
      delayMs = minDelayMs;
      schedule();
    },
    get delayMs() {
      return delayMs;
    },
    stop() {
      stopped = true;
      cancelWait();
    },
  };
}
