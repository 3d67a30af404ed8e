import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { pendingRead, type PendingRead } from '../pending-read';
import type { Transport } from '../transport/types';
import { CardReaderError } from './errors';
import type { ReaderOutput } from './reader-output';
import type { CardRead, CardReader, CardReaderEvents, ReadRequest } from './types';

/** What every passive reader may be given besides its transport. */
export interface PassiveReaderOptions {
  /** Runs read timeouts (default: the process's timers). */
  readonly clock?: Clock;
}

/**
 * Readers that send a card whenever one is presented (swipe readers, keyboard wedges, HID
 * readers in auto-send mode), over one transport. A protocol implements `receive` for each
 * chunk and hands what it decoded to `deliver`; `read` resolves with the next card. Cards
 * presented while nobody is reading are still emitted as `card`, never queued for a later sale.
 * The transport's `open` and `disconnected` become the reader's `connected` and `disconnected`.
 */
export abstract class PassiveCardReader extends EventEmitter<CardReaderEvents> implements CardReader {
  abstract readonly protocol: string;
  protected readonly transport: Transport;
  readonly #clock: Clock;

  constructor(transport: Transport, options: PassiveReaderOptions = {}) {
    super();
    this.transport = transport;
    this.#clock = options.clock ?? systemClock;
    transport.on('data', (chunk) => this.receive(chunk));
    transport.on('open', () => {
      this.reopened();
      this.emit('connected');
    });
    transport.on('disconnected', (error) => this.lost(error));
  }

  /** One chunk from the transport (a burst, a report, a slice of a stream). */
  protected abstract receive(chunk: Uint8Array): void;

  /** Called when the transport (re)opens, before `connected`: drop half-read state here. */
  protected reopened(): void {}

  async open(): Promise<void> {
    await this.transport.open();
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /**
   * Runs one decode and acts on it: a card is presented, a chip error emitted, nothing ignored,
   * and anything thrown fails a waiting read as `malformed` while the reader stays usable.
   */
  protected deliver(decode: () => CardRead | ReaderOutput | undefined): void {
    let output: CardRead | ReaderOutput | undefined;
    try {
      output = decode();
    } catch (error) {
      this.reject(error instanceof CardReaderError ? error : new CardReaderError('malformed', String(error)));
      return;
    }
    if (output === undefined) return;
    if (!('kind' in output)) this.present(output);
    else if (output.kind === 'chip-error') this.emit('chip-error', output.reason);
    else this.present(output.read);
  }

  #waiting: PendingRead<CardRead> | undefined;

  read(request: ReadRequest): Promise<CardRead> {
    if (this.#waiting) return Promise.reject(new Error(`${this.protocol}: a read is already in progress`));
    const { signal, timeoutSeconds } = request;
    const waiting = pendingRead<CardRead>({
      signal,
      canceled: () => new CardReaderError('canceled', 'the read was canceled'),
      timeout:
        timeoutSeconds === undefined
          ? undefined
          : {
              ms: timeoutSeconds * 1000,
              clock: this.#clock,
              timedOut: () => new CardReaderError('timeout', `no card within ${timeoutSeconds} s`),
            },
      onSettled: () => {
        if (this.#waiting === waiting) this.#waiting = undefined;
      },
    });
    if (!waiting.settled) this.#waiting = waiting;
    return waiting.promise;
  }

  /** For protocols: a card was read. */
  protected present(read: CardRead): void {
    this.emit('card', read);
    this.#waiting?.resolve(read);
  }

  /** For protocols: what the device sent cannot be used. A waiting read fails with it; the reader stays usable. */
  protected reject(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
    this.#waiting?.reject(error);
  }

  /** For protocols: the device went away. A waiting read fails with `disconnected`. */
  protected lost(error: Error): void {
    this.emit('disconnected', error);
    this.#waiting?.reject(new CardReaderError('disconnected', `the reader was disconnected: ${error.message}`));
  }
}
