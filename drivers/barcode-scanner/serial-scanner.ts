import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import type { Transport } from '../transport/types';
import { ScanFramer } from './scan-framer';
import type { BarcodeScanner, BarcodeScannerEvents, ScanFraming } from './types';

export interface SerialScannerOptions {
  /** The scanner's link: a serial port on a lane, a pseudo-terminal or a memory pair in tests. */
  readonly transport: Transport;
  readonly framing: ScanFraming;
  readonly clock?: Clock;
}

/**
 * A barcode scanner in serial mode over any transport: the scanner only talks, so the driver
 * only listens, frames and reports. A link that goes away drops the frame half received (its
 * rest will never come) and says so; the transport reopens by itself.
 */
export class SerialBarcodeScanner extends EventEmitter<BarcodeScannerEvents> implements BarcodeScanner {
  readonly #transport: Transport;
  readonly #framer: ScanFramer;

  constructor(options: SerialScannerOptions) {
    super();
    this.#transport = options.transport;
    this.#framer = new ScanFramer(options.framing, options.clock ?? systemClock, (scan) => {
      if ('code' in scan) this.emit('scan', scan.code);
      else this.emit('problem', scan.problem);
    });
    this.#transport.on('data', (chunk) => this.#framer.push(chunk));
    this.#transport.on('disconnected', (error) => {
      this.#framer.reset();
      this.emit('disconnected', error);
    });
    this.#transport.on('open', () => this.emit('open'));
    this.#transport.on('error', (error) => this.emit('linkError', error));
  }

  get description(): string {
    return this.#transport.description;
  }

  /** Opens the link; rejects with the transport's error, which names the port. */
  open(): Promise<void> {
    return this.#transport.open();
  }

  /** Closes for good; a frame half received is dropped. */
  async close(): Promise<void> {
    this.#framer.reset();
    await this.#transport.close();
  }
}
