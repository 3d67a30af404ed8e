import { CardReaderError } from './errors';
import { PassiveCardReader } from './passive-reader';
import { parseReaderOutput } from './reader-output';
import type { Transport } from '../transport/types';

/**
 * An encrypting desktop reader (ID TECH Augusta or SREDKey family) in USB keyboard mode, or any
 * reader that types clear tracks. Its transport is a keyboard wedge whose chunks are whole
 * bursts; each becomes a `card`, a `chip-error`, or an `error` naming what was wrong.
 */
export class KeyboardCardReader extends PassiveCardReader {
  readonly protocol = 'keyboard';
  readonly #transport: Transport;

  constructor(transport: Transport) {
    super();
    this.#transport = transport;
    transport.on('data', (chunk) => this.#onBurst(Buffer.from(chunk).toString('utf8')));
    transport.on('open', () => this.emit('connected'));
    transport.on('disconnected', (error) => this.lost(error));
  }

  async open(): Promise<void> {
    await this.#transport.open();
  }

  async close(): Promise<void> {
    await this.#transport.close();
  }

  #onBurst(text: string): void {
    let output;
    try {
      output = parseReaderOutput(text);
    } catch (error) {
      this.reject(error instanceof CardReaderError ? error : new CardReaderError('malformed', String(error)));
      return;
    }
    if (output.kind === 'chip-error') this.emit('chip-error', output.reason);
    else this.present(output.read);
  }
}
