import type { Logger } from '../../platform/log/logger';

/** How long the lane's stop may take before the process leaves with what is still open named in the log. */
export const stopWithinMs = 5000;

/** One part of a stop, named for the log when it does not finish in time. */
export interface ShutdownStep {
  readonly name: string;
  run(): Promise<void> | void;
}

export interface ShutdownOptions {
  /** The whole stop may take this long; what has not finished by then is named and left. */
  readonly withinMs: number;
  /** The lane clock's timer, keeping the process alive until the deadline runs (tests pass a manual one). */
  readonly setTimer: (run: () => void, ms: number) => () => void;
  readonly logger: Pick<Logger, 'warn' | 'error'>;
}

export interface ShutdownResult {
  /** Every step ran to its end (a step that failed is logged and counts as ended). */
  readonly finished: boolean;
  /** The step under way when the time ran out, then those never started. */
  readonly stillOpen: readonly string[];
}

/**
 * Runs the steps of a stop in order, each after the one before has ended (the sale ends before
 * the devices and the journal close under it), within `withinMs`. A step that fails is logged
 * and the next runs. When the time runs out the result names what is still open, and the caller
 * exits anyway: a payment still in flight then stays pending in the journal for recovery at the
 * next start, exactly as after a crash, and nothing is closed under it.
 */
export function shutDown(steps: readonly ShutdownStep[], options: ShutdownOptions): Promise<ShutdownResult> {
  let at = 0;
  let overdue = false;
  const sequence = (async () => {
    for (; at < steps.length && !overdue; at++) {
      const step = steps[at]!;
      try {
        await step.run();
      } catch (error) {
        options.logger.error({ err: error, step: step.name }, 'stopping: a step failed; the next one runs');
      }
    }
  })();
  return new Promise<ShutdownResult>((resolve) => {
    const stopTimer = options.setTimer(() => {
      overdue = true;
      const stillOpen = steps.slice(at).map((step) => step.name);
      options.logger.warn(
        { stillOpen, withinMs: options.withinMs },
        'stopping took too long: exiting with these still open',
      );
      resolve({ finished: false, stillOpen });
    }, options.withinMs);
    void sequence.then(() => {
      if (overdue) return;
      stopTimer();
      resolve({ finished: true, stillOpen: [] });
    });
  });
}
