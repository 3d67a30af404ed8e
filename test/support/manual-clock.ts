import type { Clock } from '../../src-main/platform/clock';

/**
 * A clock the test moves: `advance(ms)` runs every timer that falls due, in time order, so a
 * 30-second read timeout takes no time at all. Timers set while advancing run too when due.
 */
export class ManualClock implements Clock {
  #now: number;
  #timers: Array<{ at: number; run: () => void }> = [];

  /** `start`: the time it shows first (epoch ms where the code under test stamps records). */
  constructor(start = 0) {
    this.#now = start;
  }

  now = (): number => this.#now;

  monotonic = (): number => this.#now;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const cancel = this.setTimer(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          cancel();
          reject(signal.reason);
        },
        { once: true },
      );
    });

  setTimer = (run: () => void, ms: number): (() => void) => {
    const timer = { at: this.#now + ms, run };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((other) => other !== timer);
    };
  };

  /** Timers waiting to run. */
  get pending(): number {
    return this.#timers.length;
  }

  /** Moves time forward by `ms`, running each timer that falls due at its own time. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((timer) => timer !== next);
      this.#now = next.at;
      next.run();
    }
    this.#now = until;
  }
}
