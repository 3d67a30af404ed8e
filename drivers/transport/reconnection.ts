import type { Clock } from '../../src-main/platform/clock';
import { backoffDelay, type Backoff } from './types';

export interface ReconnectionOptions {
  /** Makes one attempt to open the link; the caller wires the link's events on success. */
  readonly connect: () => Promise<void>;
  readonly backoff: Backoff;
  /** Where a failed reopen attempt is told; the link stays wanted and tries again. */
  readonly report: (error: Error) => void;
  /** Times the backoff's waits. */
  readonly clock: Pick<Clock, 'setTimer'>;
}

/**
 * Whether a link is wanted open, and the reopening with backoff when it is lost, as the serial
 * and TCP transports both do it. An `open()` while an attempt is under way (a caller's or a
 * reopening's) joins it, so one OS handle is built however many callers raced to open.
 */
export class Reconnection {
  readonly #options: ReconnectionOptions;
  #wanted = false;
  #cancelReopen: () => void = () => undefined;
  #attempt = 0;
  #opening: Promise<void> | undefined;

  constructor(options: ReconnectionOptions) {
    this.#options = options;
  }

  /** True from `open()` until `stop()`: a lost link is to be reopened. */
  get wanted(): boolean {
    return this.#wanted;
  }

  /** Wants the link open and joins the attempt under way, or starts one. */
  open(): Promise<void> {
    this.#wanted = true;
    return this.#connectOnce();
  }

  /** Called by the link once it is open: the next loss waits the shortest delay again. */
  connected(): void {
    this.#attempt = 0;
  }

  /** Called by the link when it was lost while wanted: tries again after the backoff's delay, until open or stopped. */
  reopenLater(): void {
    const delay = backoffDelay(this.#options.backoff, this.#attempt++);
    this.#cancelReopen = this.#options.clock.setTimer(() => {
      if (!this.#wanted) return;
      this.#connectOnce().catch((error: unknown) => {
        this.#options.report(error as Error);
        if (this.#wanted) this.reopenLater();
      });
    }, delay);
  }

  /** The link is closed on purpose: no reopening is pending or will start. */
  stop(): void {
    this.#wanted = false;
    this.#cancelReopen();
  }

  #connectOnce(): Promise<void> {
    this.#opening ??= this.#options.connect().finally(() => {
      this.#opening = undefined;
    });
    return this.#opening;
  }
}
