/** How a timer relates to the process; only the system clock has a process to keep alive. */
export interface TimerOptions {
  /** The timer does not keep the process alive (Node's `unref()`); a test clock ignores it. */
  readonly unref?: boolean;
}

/**
 * The one clock of every Lanepoint program: the lane, the back office, the pay-link service and
 * the training stand-ins all take time from here, injected, so every timeout, expiry, retry wait
 * and keystroke window is tested on a clock the test moves (test/support/manual-clock.ts),
 * never by sleeping, and cannot fail on a loaded machine.
 */
export interface Clock {
  /** Wall time in epoch milliseconds: what records, expiries and receipts carry. */
  now(): number;
  /**
   * Milliseconds on a clock that never steps back (NTP may step the wall clock): what gaps,
   * timeouts and durations are measured on. Only differences mean anything.
   */
  monotonic(): number;
  /**
   * Runs `run` once after `ms`; returns the function that cancels it (a no-op once it ran).
   * `options.unref`: the timer does not keep the process alive (a background check that must
   * not hold up an exit); by default it does, as a stop's deadline must.
   */
  setTimer(run: () => void, ms: number, options?: TimerOptions): () => void;
  /** Resolves after `ms`; rejects with the signal's reason if it is aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function sleepOn(setTimer: Clock['setTimer']): Clock['sleep'] {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        cancel();
        reject(signal?.reason);
      };
      const cancel = setTimer(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}

const setTimer: Clock['setTimer'] = (run, ms, options) => {
  const timer = setTimeout(run, ms);
  if (options?.unref) timer.unref();
  return () => clearTimeout(timer);
};

/** The process's own time: `Date.now()`, `performance.now()` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimer,
  sleep: sleepOn(setTimer),
};

/** A Clock from a `setTimer` and readings: what test clocks and adapters build on. */
export function clockFrom(parts: Pick<Clock, 'now' | 'setTimer'> & Partial<Pick<Clock, 'monotonic'>>): Clock {
  return {
    now: parts.now,
    monotonic: parts.monotonic ?? parts.now,
    setTimer: parts.setTimer,
    sleep: sleepOn(parts.setTimer),
  };
}

/**
 * "2026-11-28 17:05": a moment as the store reads it on a slip the lane prints itself (a report,
 * a cash or split sale's receipt), in the lane machine's own time zone, not UTC.
 */
export function localStamp(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
