import { useCallback, useEffect, useRef, useState } from 'react';
import { useAction, type Action } from '../use-action';

export interface HubLoad<T> {
  readonly value: T | null;
  /** When the value came (this computer's clock): what "2 min ago" counts from. */
  readonly loadedAt: number;
  readonly action: Action;
  reload(): void;
}

/**
 * Loads a hub answer when the panel opens, again whenever `key` changes (the store, the day),
 * and on `reload()`; the action says why it failed.
 */
export function useHubLoad<T>(load: () => Promise<T>, key: string): HubLoad<T> {
  const [state, setState] = useState<{ value: T | null; loadedAt: number }>({ value: null, loadedAt: 0 });
  const action = useAction();
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const { run } = action;
  const reload = useCallback(
    () =>
      void run(async () => {
        const value = await latest.current();
        setState({ value, loadedAt: Date.now() });
      }),
    [run],
  );
  useEffect(reload, [reload, key]);
  return { value: state.value, loadedAt: state.loadedAt, action, reload };
}
