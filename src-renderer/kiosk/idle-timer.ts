import { useCallback, useEffect, useRef, useState } from 'react';

/** How often the timer looks at the clock: a countdown shown in whole seconds. */
const tickMs = 1000;

export interface IdleTimer {
  /** True once the customer has been idle `idleMs`: the "Do you need more time?" prompt shows. */
  readonly prompting: boolean;
  /** While prompting: the whole seconds until `onTimeout`. */
  readonly secondsLeft: number;
  /** The customer is still here (the prompt's Yes, or any touch): the wait starts again. */
  stillHere(): void;
}

/**
 * The kiosk's inactivity timer: after `idleMs` without a touch or a key, a prompt for `promptMs`,
 * then `onTimeout` (once). It reads the ordinary `Date.now()` and `setInterval`, so a test's
 * clock drives it; a touch or key anywhere is activity. Off while `enabled` is false (a payment
 * running, the welcome screen): turning it on starts a fresh wait.
 */
export function useIdleTimer(options: {
  enabled: boolean;
  idleMs: number;
  promptMs: number;
  onTimeout: () => void;
}): IdleTimer {
  const { enabled, idleMs, promptMs, onTimeout } = options;
  const lastActivity = useRef(0);
  const fired = useRef(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const timeout = useRef(onTimeout);
  useEffect(() => {
    timeout.current = onTimeout;
  }, [onTimeout]);

  const stillHere = useCallback(() => {
    lastActivity.current = Date.now();
    fired.current = false;
    setElapsedMs(0);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = Date.now();
    fired.current = false;
    const window = globalThis.window;
    window.addEventListener('pointerdown', stillHere, { capture: true });
    window.addEventListener('keydown', stillHere, { capture: true });
    const timer = setInterval(() => {
      const elapsed = Date.now() - lastActivity.current;
      setElapsedMs(elapsed);
      if (elapsed >= idleMs + promptMs && !fired.current) {
        fired.current = true;
        timeout.current();
      }
    }, tickMs);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', stillHere, { capture: true });
      window.removeEventListener('keydown', stillHere, { capture: true });
      // The next wait starts from nothing: no prompt left over from this one.
      setElapsedMs(0);
    };
  }, [enabled, idleMs, promptMs, stillHere]);

  const prompting = enabled && elapsedMs >= idleMs;
  const secondsLeft = Math.max(0, Math.ceil((idleMs + promptMs - elapsedMs) / 1000));
  return { prompting, secondsLeft, stillHere };
}
