import { EventEmitter } from 'node:events';
import { CardReaderError } from './errors';
import type { CardRead, CardReader, CardReaderEvents, ReadRequest } from './types';

/**
 * The `read` of readers that send a card whenever one is presented (swipe readers, keyboard
 * wedges, HID readers in auto-send mode): a protocol calls `present` for each card, and `read`
 * resolves with the next one. Cards presented while nobody is reading are still emitted as
 * `card`, never queued for a later sale.
 */
export abstract class PassiveCardReader extends EventEmitter<CardReaderEvents> implements CardReader {
  abstract readonly protocol: string;
  abstract open(): Promise<void>;
  abstract close(): Promise<void>;

  #waiting: { resolve: (read: CardRead) => void; reject: (error: Error) => void } | undefined;

  read(request: ReadRequest): Promise<CardRead> {
    if (this.#waiting) return Promise.reject(new Error(`${this.protocol}: a read is already in progress`));
    const { signal, timeoutSeconds } = request;
    if (signal?.aborted) return Promise.reject(new CardReaderError('canceled', 'the read was canceled'));
    return new Promise<CardRead>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        this.#waiting = undefined;
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        reject(new CardReaderError('canceled', 'the read was canceled'));
      };
      this.#waiting = {
        resolve: (read) => {
          done();
          resolve(read);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutSeconds !== undefined) {
        timer = setTimeout(() => {
          done();
          reject(new CardReaderError('timeout', `no card within ${timeoutSeconds} s`));
        }, timeoutSeconds * 1000);
      }
    });
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
