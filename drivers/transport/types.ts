import type { EventEmitter } from 'node:events';

/**
 * The one async contract every device link follows, in the manner of node-serialport: open,
 * write, close, and events. Protocols (card readers, pads, printers) are written against this
 * and never against serialport or node-hid directly, so each runs over an in-memory pair in
 * tests and over the real link on a lane.
 *
 * Chunks are what the link delivers: any slice of a byte stream for serial, exactly one input
 * report for HID, exactly one reader burst for a keyboard wedge. Protocols that frame a stream
 * must accept any chunking.
 */
export interface TransportEvents {
  /** Bytes from the device. */
  data: [chunk: Uint8Array];
  /** The link is open (the first time, and again after each reconnection). */
  open: [];
  /** The device went away (unplugged, port error), as a `TransportError` of kind `disconnected`. A transport that reconnects says so again with `open`. */
  disconnected: [error: Error];
  /** The link was closed on purpose and will not reopen. */
  close: [];
  /** A problem that did not close the link (a failed reopen attempt, a report that could not be read). */
  error: [error: Error];
}

export type TransportKind = 'serial' | 'hid' | 'keyboard-wedge' | 'tcp' | 'device-file' | 'memory';

export interface Transport extends EventEmitter<TransportEvents> {
  readonly kind: TransportKind;
  /** A human description for the device list, e.g. "/dev/ttyUSB0 at 115200 baud". Never card data. */
  readonly description: string;
  readonly isOpen: boolean;
  /**
   * Opens the link; rejects with a `TransportError` (./errors) whose kind says why (`not-found`,
   * `permission`, `busy`, ...) and whose message names the device. Opening an open link is a
   * no-op, and an `open()` while another is under way joins it (the same promise): one OS handle
   * is ever made, however many callers raced to open.
   */
  open(): Promise<void>;
  /** Resolves once the bytes are handed to the OS (and drained, where the link can tell); a closed link rejects with kind `not-open`. */
  write(data: Uint8Array): Promise<void>;
  /** Closes for good: stops any reconnection, emits `close`. Closing a closed link is a no-op. */
  close(): Promise<void>;
}

/** How a reconnecting transport waits between attempts: doubling from `initialMs` up to `maxMs`. */
export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const defaultBackoff: Backoff = { initialMs: 250, maxMs: 10_000 };

/** The delay before reconnection attempt `attempt` (0-based). */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
}
