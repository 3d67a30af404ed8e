import { EventEmitter } from 'node:events';
import { constants, existsSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { deviceFileRefusal, type DevicePathOptions } from './device-path';
import { TransportError, transportFailure } from './errors';
import type { Transport, TransportEvents } from './types';

/**
 * A device file written to directly: the USB printer class (`/dev/usb/lp0` on Linux), or a
 * parallel port. One-way: the kernel's printer driver buffers what is written and reading back
 * status is not portable, so a printer on this link has no real-time status. `write` resolves
 * once the bytes are written and synced to the device.
 *
 * `open` refuses anything but a device node (`deviceFileRefusal`): a settings file edited by
 * hand must not turn receipts into bytes appended to a regular file. It never creates a file,
 * and checks the opened handle again, so a link swapped between the check and the open is
 * caught too.
 */
export class DeviceFileTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'device-file' as const;
  readonly description: string;
  readonly #path: string;
  readonly #platform: NodeJS.Platform;
  #file: FileHandle | undefined;
  #opening: Promise<void> | undefined;

  constructor(path: string, options: Pick<DevicePathOptions, 'platform'> = {}) {
    super();
    this.#path = path;
    this.#platform = options.platform ?? process.platform;
    this.description = path;
  }

  get isOpen(): boolean {
    return this.#file !== undefined;
  }

  async open(): Promise<void> {
    if (this.#file) return;
    this.#opening ??= (async () => {
      try {
        this.#file = await this.#openDevice();
      } finally {
        this.#opening = undefined;
      }
      this.emit('open');
    })();
    return this.#opening;
  }

  async #openDevice(): Promise<FileHandle> {
    const path = this.#path;
    const refusal = deviceFileRefusal(path, { platform: this.#platform });
    if (refusal) throw new TransportError(existsSync(path) ? 'failed' : 'not-found', `Cannot open ${path}: ${refusal}`);
    let file: FileHandle;
    try {
      // Append, never create, truncate or seek; and a terminal must not become our controlling one.
      file = await open(path, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOCTTY ?? 0));
    } catch (error) {
      throw transportFailure(`Cannot open ${path}`, error);
    }
    if (this.#platform === 'win32' || (await file.stat()).isCharacterDevice()) return file;
    await file.close();
    throw new TransportError('failed', `Cannot open ${path}: it changed into something that is not a device node`);
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
