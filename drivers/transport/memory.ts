import { EventEmitter } from 'node:events';
import type { Transport, TransportEvents } from './types';

/**
 * One end of an in-memory link. What one end writes arrives at the other end as one `data`
 * chunk, asynchronously (as over a real link), and only while both ends are open. `unplug()`
 * and `replug()` play a device going away and coming back.
 */
export class MemoryTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'memory' as const;
  #open = false;
  /** Opened by its user and not closed since: it comes back after a replug. */
  #wanted = false;
  #plugged = true;
  #peer: MemoryTransport | undefined;

  constructor(readonly description: string) {
    super();
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** @internal Set once by `createMemoryPair`. */
  link(peer: MemoryTransport): void {
    this.#peer = peer;
  }

  async open(): Promise<void> {
    if (this.#open) return;
    if (!this.#plugged) throw new Error(`${this.description} is not connected`);
    this.#open = true;
    this.#wanted = true;
    queueMicrotask(() => this.emit('open'));
  }

  async write(data: Uint8Array): Promise<void> {
    if (!this.#open) throw new Error(`${this.description} is not open`);
    const peer = this.#peer;
    const copy = Uint8Array.from(data);
    if (peer?.isOpen) setImmediate(() => peer.isOpen && peer.emit('data', copy));
  }

  async close(): Promise<void> {
    if (!this.#wanted) return;
    this.#wanted = false;
    this.#open = false;
    this.emit('close');
  }

  /** The device goes away: this end reports `disconnected` and stays shut until `replug`. */
  unplug(): void {
    this.#plugged = false;
    if (!this.#open) return;
    this.#open = false;
    this.emit('disconnected', new Error(`${this.description} was disconnected`));
  }

  /** The device is back: this end reopens and reports `open`, unless it was closed for good. */
  replug(): void {
    this.#plugged = true;
    if (!this.#wanted || this.#open) return;
    this.#open = true;
    queueMicrotask(() => this.emit('open'));
  }
}

/** Two connected ends: `host` is what a driver opens, `device` is what an emulated peer drives. */
export function createMemoryPair(name = 'memory link'): { host: MemoryTransport; device: MemoryTransport } {
  const host = new MemoryTransport(`${name} (host end)`);
  const device = new MemoryTransport(`${name} (device end)`);
  host.link(device);
  device.link(host);
  return { host, device };
}
