/**
 * Time as a driver sees it, injected as the gateway client and the keyboard wedge take theirs:
 * read, status and reply timeouts then test on a clock the test moves, without sleeping. Only
 * differences of `now()` are used, so any monotonic source will do.
 */
export interface DeviceClock {
  /** Milliseconds. */
  now(): number;
  /** Runs `run` once after `ms`; returns the function that cancels it (a no-op once it ran). */
  setTimer(run: () => void, ms: number): () => void;
}

/** The process's own time: `performance.now()` and `setTimeout`. */
export const systemDeviceClock: DeviceClock = {
  now: () => performance.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};
