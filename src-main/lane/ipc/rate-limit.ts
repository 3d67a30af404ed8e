/**
 * How often one screen may make a costly call: at most `max` calls in each `windowMs`, counted
 * per caller source (a window or bridge connection). A fixed window is enough here: it bounds
 * the work one page can cause, and a person at the counter never comes near it.
 */
export interface RateLimit {
  /** Counts a call from `source`; false when that screen has used its calls for this window. */
  take(source: string): boolean;
}

export function createRateLimit(options: { max: number; windowMs: number; now: () => number }): RateLimit {
  const { max, windowMs, now } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(source) {
      const at = now();
      // Screens come and go (each reconnect is a new source): forget windows that are over.
      for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
      const window = windows.get(source) ?? { start: at, count: 0 };
      windows.set(source, window);
      if (window.count >= max) return false;
      window.count += 1;
      return true;
    },
  };
}
