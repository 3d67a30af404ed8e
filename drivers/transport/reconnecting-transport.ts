import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { Reconnection } from './reconnection';
import type { TransportError } from './errors';
import { defaultBackoff, type Backoff, type TransportEvents } from './types';

/** How a link that reopens itself waits between attempts. */
export interface ReopeningOptions {
  readonly backoff?: Backoff;
  /** Times the reopening's backoff (the system clock unless a test passes its own). */
  readonly clock?: Clock;
}

/**
 * What the serial and TCP transports share: a link that is wanted open from `open()` until
 * `close()`, and is reopened with backoff when it is lost under them. A subclass makes one
 * attempt to open the OS handle (`connect`) and calls `lost` when that handle goes away.
 */
export abstract class ReconnectingTransport extends EventEmitter<TransportEvents> {
  protected readonly link: Reconnection;

  constructor(options: ReopeningOptions) {
    super();
    this.link = new Reconnection({
      connect: () => this.connect(),
      backoff: options.backoff ?? defaultBackoff,
      report: (error) => this.report(error),
      clock: options.clock ?? systemClock,
    });
  }

  abstract get isOpen(): boolean;

  /** One attempt to open the OS handle; on success it wires the handle's events and calls `link.connected()`. */
  protected abstract connect(): Promise<void>;

  /** An `open()` while an attempt is under way joins it: one handle is built, and every caller sees its outcome. */
  async open(): Promise<void> {
    if (this.isOpen) return;
    return this.link.open();
  }

  /** The handle went away under the transport: unless `close()` asked for it, say so and reopen later. */
  protected lost(error: TransportError): void {
    if (!this.link.wanted) return;
    this.emit('disconnected', error);
    this.link.reopenLater();
  }

  /** An error with nobody listening must not take the process down. */
  protected report(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }
}
