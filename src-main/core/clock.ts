/** The one source of "now" in the core, injected so timeouts and expiries test without sleeping. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
