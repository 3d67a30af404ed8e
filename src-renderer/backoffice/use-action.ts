import { useCallback, useState } from 'react';
import { refusalText } from './store';

export interface Action {
  readonly busy: boolean;
  /** The main side's reason for the last refusal, or what broke. */
  readonly error: string | null;
  /** What the last action that worked did, in words. */
  readonly done: string | null;
  /** Runs `work`; its refusal becomes `error`, its success `done` (the words it returns). */
  run(work: () => Promise<string | null | void>): Promise<boolean>;
  clear(): void;
}

/** One button's worth of state: busy while its call runs, then what was done or why it was refused. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = useCallback(async (work: () => Promise<string | null | void>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await work()) ?? null);
      return true;
    } catch (failure) {
      setError(refusalText(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => {
    setError(null);
    setDone(null);
  }, []);
  return { busy, error, done, run, clear };
}
