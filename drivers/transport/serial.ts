import type { SerialPort } from 'serialport';
import { TransportError, transportFailure } from './errors';
import { ReconnectingTransport, type ReopeningOptions } from './reconnecting-transport';
import type { Transport } from './types';

export interface SerialOptions extends ReopeningOptions {
  readonly path: string;
  readonly baudRate: number;
  readonly parity?: 'none' | 'even' | 'odd';
  readonly dataBits?: 5 | 6 | 7 | 8;
  readonly stopBits?: 1 | 2;
}

/** The serial ports this machine has, for the devices screen. */
export async function listSerialPorts(): Promise<
  Array<{ path: string; manufacturer?: string; vendorId?: string; productId?: string }>
> {
  const { SerialPort } = await import('serialport');
  const ports = await SerialPort.list();
  return ports.map(({ path, manufacturer, vendorId, productId }) => ({
    path,
    ...(manufacturer && { manufacturer }),
    ...(vendorId && { vendorId }),
    ...(productId && { productId }),
  }));
}

/**
 * A serial port (serialport). When the port goes away under it (a USB adapter unplugged, the
 * far end of a pseudo-terminal closed) it emits `disconnected` and tries to reopen, waiting
 * longer each time up to the backoff's maximum, until it opens (`open` again) or `close()` is
 * called. `write` resolves once the bytes are drained to the OS.
 */
export class SerialTransport extends ReconnectingTransport implements Transport {
  readonly kind = 'serial' as const;
  readonly description: string;
  readonly #options: SerialOptions;
  #port: SerialPort | undefined;

  constructor(options: SerialOptions) {
    super(options);
    this.#options = options;
    this.description = `${options.path} at ${options.baudRate} baud`;
  }

  get isOpen(): boolean {
    return this.#port?.isOpen ?? false;
  }

  /**
   * serialport and its native binding load at the first open, not with this module: a lane with
   * no serial device (training, a kiosk on HID) never pays for them at start.
   */
  protected async connect(): Promise<void> {
    const { path, baudRate, parity = 'none', dataBits = 8, stopBits = 1 } = this.#options;
    const [{ SerialPort }, { hangupAwareBinding }] = await Promise.all([
      import('serialport'),
      import('./hangup-aware-binding'),
    ]);
    return new Promise((resolve, reject) => {
      // serialport's options type leaves `binding` out, though its constructor takes one.
      const binding = { binding: hangupAwareBinding } as object;
      const port = new SerialPort({ ...binding, path, baudRate, parity, dataBits, stopBits, autoOpen: false });
      port.open((error) => {
        if (error) {
          reject(transportFailure(`Cannot open ${this.description}`, error));
          return;
        }
        this.#port = port;
        this.link.connected();
        port.on('data', (chunk: Buffer) => this.emit('data', Uint8Array.from(chunk)));
        // A port error with nobody listening must not take the process down; a lost port is
        // reported through 'close' anyway.
        port.on('error', (portError) => this.report(portError));
        port.on('close', (closeError?: Error & { disconnected?: boolean }) => this.#onClose(port, closeError));
        this.emit('open');
        resolve();
      });
    });
  }

  #onClose(port: SerialPort, error: Error | undefined): void {
    if (this.#port !== port) return;
    this.#port = undefined;
    this.lost(
      new TransportError('disconnected', `${this.description} was disconnected${error ? `: ${error.message}` : ''}`, {
        cause: error,
      }),
    );
  }

  async write(data: Uint8Array): Promise<void> {
    const port = this.#port;
    if (!port?.isOpen) throw new TransportError('not-open', `${this.description} is not open`);
    await new Promise<void>((resolve, reject) => {
      // serialport holds a write or drain on a closed port until that port opens again, which a
      // lost one never does (a reconnection builds a new port): the port's close ends the wait.
      const onClose = () =>
        reject(
          new TransportError('disconnected', `${this.description} was disconnected before the bytes were written`),
        );
      port.once('close', onClose);
      const done = (error: Error | null | undefined) => {
        port.off('close', onClose);
        if (error) reject(transportFailure(`Cannot write to ${this.description}`, error));
        else resolve();
      };
      port.write(Buffer.from(data), (error) => (error ? done(error) : port.drain(done)));
    });
  }

  async close(): Promise<void> {
    if (!this.link.wanted && !this.#port) return;
    this.link.stop();
    const port = this.#port;
    this.#port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    this.emit('close');
  }
}
