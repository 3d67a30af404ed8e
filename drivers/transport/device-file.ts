import { EventEmitter } from 'node:events';
import { open, type FileHandle } from 'node:fs/promises';
import { TransportError, transportFailure } from './errors';
import type { Transport, TransportEvents } from './types';

/**
 * A device file written to directly: the USB printer class (`/dev/usb/lp0` on Linux), or a
 * parallel port. One-way: the kernel's printer driver buffers what is written and reading back
 * status is not portable, so a printer on this link has no real-time status. `write` resolves
 * once the bytes are written and synced to the device.
 */
export class DeviceFileTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'device-file' as const;
  readonly description: string;
  readonly #path: string;
  #file: FileHandle | undefined;
  #opening: Promise<void> | undefined;

  constructor(path: string) {
    super();
    this.#path = path;
    this.description = path;
  }

  get isOpen(): boolean {
    return this.#file !== undefined;
  }

  async open(): Promise<void> {
    if (this.#file) return;
    this.#opening ??= (async () => {
      try {
        // 'a' never truncates or seeks: right for a character device, and for a file in tests.
        this.#file = await open(this.#path, 'a');
      } catch (error) {
        throw transportFailure(`Cannot open ${this.#path}`, error);
      } finally {
        this.#opening = undefined;
      }
      this.emit('open');
    })();
    return this.#opening;
  }

  async write(data: Uint8Array): Promise<void> {
    const file = this.#file;
    if (!file) throw new TransportError('not-open', `${this.#path} is not open`);
    try {
      let written = 0;
      while (written < data.length) written += (await file.write(data, written, data.length - written)).bytesWritten;
      await file.datasync().catch(() => undefined);
    } catch (error) {
      // A printer unplugged under an open device file fails the write (ENODEV / EIO).
      this.#file = undefined;
      await file.close().catch(() => undefined);
      const failure = new TransportError('disconnected', `Cannot write to ${this.#path}: ${(error as Error).message}`, {
        cause: error,
      });
      this.emit('disconnected', failure);
      throw failure;
    }
  }

  async close(): Promise<void> {
    const file = this.#file;
    this.#file = undefined;
    await file?.close();
    this.emit('close');
  }
}
