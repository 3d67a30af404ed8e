import type { Clock } from '../src-main/platform/clock';

/**
 * One read that something else will finish: a card a reader presents, a signature a pad
 * accepts, a card the cashier keys. Card readers, pads and keyed entry all hold one, so the
 * rules live here once: it settles once; an aborted signal rejects it with `canceled()` (at
 * once when the signal is already aborted); a timeout rejects it with `timedOut()`; and
 * `onSettled` runs exactly once, before the promise settles, however it ends (clear the
 * holder's reference there). The abort listener and the timer go with it.
 */
export interface PendingRead<T> {
  readonly promise: Promise<T>;
  /** Finishes the read with a value; ignored once settled. */
  resolve(value: T): void;
  /** Fails the read; ignored once settled. */
  reject(error: Error): void;
  readonly settled: boolean;
}

export interface PendingReadOptions {
  readonly signal?: AbortSignal | undefined;
  /** The error for an aborted signal. */
  readonly canceled: () => Error;
  /** Fails the read after `ms` on `clock`. */
  readonly timeout?:
    { readonly ms: number; readonly clock: Pick<Clock, 'setTimer'>; readonly timedOut: () => Error } | undefined;
  readonly onSettled?: () => void;
}

/** Starts a pending read; see `PendingRead` for its rules. */
export function pendingRead<T>(options: PendingReadOptions): PendingRead<T> {
  const { signal, timeout } = options;
  let settle: { resolve: (value: T) => void; reject: (error: Error) => void } | undefined;
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let settled = false;
  let stopTimer: (() => void) | undefined;
  const onAbort = () => finish((s) => s.reject(options.canceled()));
  const finish = (how: (s: { resolve: (value: T) => void; reject: (error: Error) => void }) => void) => {
    if (settled || !settle) return;
    settled = true;
    stopTimer?.();
    signal?.removeEventListener('abort', onAbort);
    options.onSettled?.();
    how(settle);
  };
  if (signal?.aborted) onAbort();
  else {
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeout) stopTimer = timeout.clock.setTimer(() => finish((s) => s.reject(timeout.timedOut())), timeout.ms);
  }
  return {
    promise,
    resolve: (value) => finish((s) => s.resolve(value)),
    reject: (error) => finish((s) => s.reject(error)),
    get settled() {
      return settled;
    },
  };
}
