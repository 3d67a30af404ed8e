import { LaneError } from '../errors';

/** One money-moving operation at a time, for the whole lane. */
export interface OnePaymentAtATime {
  /** Runs `work`; the same `key` again while it runs joins it (a double Pay press), another is refused. */
  run<T>(key: string, work: (abort: AbortController) => Promise<T>): Promise<T>;
  /** Aborts the operation running, if any; whether there was one. */
  cancel(): boolean;
  /** Whether an operation runs. */
  busy(): boolean;
  /** The operation running, settled however it ends; undefined when none runs. */
  running(): Promise<unknown> | undefined;
}

/** The lane's one-payment-at-a-time guard; `onEnd` runs after each operation, however it ended. */
export function onePaymentAtATime(onEnd: () => void): OnePaymentAtATime {
  let running: { key: string; promise: Promise<unknown>; abort: AbortController } | undefined;
  return {
    run<T>(key: string, work: (abort: AbortController) => Promise<T>): Promise<T> {
      if (running) {
        if (running.key === key) return running.promise as Promise<T>;
        throw new LaneError('refused', 'Another payment is in progress: finish or cancel it first.');
      }
      const abort = new AbortController();
      const promise = work(abort).finally(() => {
        running = undefined;
        onEnd();
      });
      running = { key, promise, abort };
      return promise;
    },
    cancel() {
      if (!running) return false;
      running.abort.abort();
      return true;
    },
    busy: () => running !== undefined,
    running: () =>
      running?.promise.then(
        () => undefined,
        () => undefined,
      ),
  };
}
