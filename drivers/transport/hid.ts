import { EventEmitter } from 'node:events';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { TransportError, transportFailure } from './errors';
import type { Transport, TransportEvents } from './types';

/** What node-hid's enumeration says about one HID interface. */
export interface HidDeviceInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  serialNumber?: string | undefined;
  manufacturer?: string | undefined;
  product?: string | undefined;
  release: number;
  interface: number;
  usagePage?: number | undefined;
  usage?: number | undefined;
}

/** The part of node-hid 3.x's `HIDAsync` device this transport uses. */
export interface HidDevice {
  /** One input report per event; the report id is its first byte when the device numbers its reports. */
  on(event: 'data', listener: (report: Buffer) => void): unknown;
  /** The read loop failed (on every platform this is what an unplug looks like) and has stopped. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  write(values: number[] | Buffer): Promise<number>;
  getFeatureReport(reportId: number, reportLength: number): Promise<Buffer>;
  sendFeatureReport(data: number[] | Buffer): Promise<number>;
  close(): Promise<void>;
  /** Not in node-hid 3.4 (hidapi has it; node-hid does not expose it yet). */
  getReportDescriptor?(): Promise<Buffer>;
}

/** The part of the node-hid module this transport uses; node-hid itself satisfies it, and tests pass a fake. */
export interface HidApi {
  devicesAsync(): Promise<HidDeviceInfo[]>;
  readonly HIDAsync: {
    open(path: string): Promise<HidDevice>;
    open(vendorId: number, productId: number): Promise<HidDevice>;
  };
}

/** Loads the real node-hid (a native module) only when a HID device is configured. */
export async function loadNodeHid(): Promise<HidApi> {
  const nodeHid = await import('node-hid');
  const api: HidApi = nodeHid;
  return api;
}

/** Which device to open: by its OS path, or by ids with optional filters for multi-interface devices. */
export type HidDeviceSelector =
  | { readonly path: string }
  | {
      readonly vendorId: number;
      readonly productId: number;
      /** Picks the interface whose top-level collection is on this usage page (e.g. 0x8E, 0xFF00). */
      readonly usagePage?: number;
      /** Picks the USB interface number. */
      readonly interface?: number;
    };

export interface HidTransportOptions {
  readonly device: HidDeviceSelector;
  /** node-hid, or a function that loads it (default `loadNodeHid`). */
  readonly api?: HidApi | (() => Promise<HidApi>);
  /** How often to look for the device again while it is unplugged (default 1000 ms). */
  readonly pollIntervalMs?: number;
  /** Times the polls (the system clock unless a test passes its own). */
  readonly clock?: Clock;
}

/** A device as a device list shows it. */
export interface HidDeviceDescription {
  readonly vendorId: number;
  readonly productId: number;
  readonly path: string | null;
  readonly product: string | null;
  readonly manufacturer: string | null;
  readonly serialNumber: string | null;
  readonly usagePage: number | null;
  readonly usage: number | null;
  readonly interface: number;
  /** e.g. "HID 0801:0011 (MagTek USB Swipe Reader)". */
  readonly description: string;
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

function describe(info: { vendorId: number; productId: number; product?: string | undefined }): string {
  const name = info.product?.trim();
  return `HID ${hex4(info.vendorId)}:${hex4(info.productId)}${name ? ` (${name})` : ''}`;
}

function describeSelector(selector: HidDeviceSelector): string {
  if ('path' in selector) return `HID ${selector.path}`;
  const filters = [
    selector.usagePage !== undefined ? `usage page 0x${hex4(selector.usagePage)}` : '',
    selector.interface !== undefined ? `interface ${selector.interface}` : '',
  ].filter(Boolean);
  return `${describe(selector)}${filters.length > 0 ? ` [${filters.join(', ')}]` : ''}`;
}

function matches(selector: HidDeviceSelector, info: HidDeviceInfo): boolean {
  if ('path' in selector) return info.path === selector.path;
  return (
    info.vendorId === selector.vendorId &&
    info.productId === selector.productId &&
    (selector.usagePage === undefined || info.usagePage === selector.usagePage) &&
    (selector.interface === undefined || info.interface === selector.interface)
  );
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Every HID interface the OS lists, as plain descriptions for a device list or settings screen. */
export async function listHidDevices(api: HidApi): Promise<HidDeviceDescription[]> {
  const devices = await api.devicesAsync();
  return devices.map((info) => ({
    vendorId: info.vendorId,
    productId: info.productId,
    path: info.path ?? null,
    product: info.product ?? null,
    manufacturer: info.manufacturer ?? null,
    serialNumber: info.serialNumber ?? null,
    usagePage: info.usagePage ?? null,
    usage: info.usage ?? null,
    interface: info.interface,
    description: describe(info),
  }));
}

/**
 * A HID device over node-hid's async API. Each `data` chunk is exactly one input report, handed
 * on without a copy so a protocol can wipe card data from it. `write` sends an output report
 * (first byte the report id, 0 when the device has none).
 *
 * node-hid has no hot-plug events. An unplug shows up as an error from the read loop: the
 * transport then closes the device, emits `disconnected`, and enumerates every `pollIntervalMs`
 * until the device is listed again, reopens it and emits `open`. It polls only while the device
 * is missing, and never after `close()`. A first `open()` that fails just rejects.
 */
export class HidTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'hid' as const;
  readonly #selector: HidDeviceSelector;
  readonly #loadApi: () => Promise<HidApi>;
  readonly #pollIntervalMs: number;
  #api: HidApi | undefined;
  #description: string;
  #device: HidDevice | undefined;
  #opening: Promise<void> | undefined;
  /** Opened by its user and not closed since: it comes back after an unplug. */
  #wanted = false;
  /** The poll scheduled, or under way (its identity tells a stale poll from the current one). */
  #pollTimer: { readonly cancel: () => void } | undefined;
  readonly #clock: Clock;

  constructor(options: HidTransportOptions) {
    super();
    this.#selector = options.device;
    const api = options.api ?? loadNodeHid;
    this.#loadApi = typeof api === 'function' ? api : async () => api;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#clock = options.clock ?? systemClock;
    this.#description = describeSelector(options.device);
  }

  get description(): string {
    return this.#description;
  }

  get isOpen(): boolean {
    return this.#device !== undefined;
  }

  /** True while the device is unplugged and the transport is looking for it. */
  get polling(): boolean {
    return this.#pollTimer !== undefined;
  }

  async open(): Promise<void> {
    if (this.#device) return;
    if (this.#opening) return this.#opening;
    const opening = (async () => {
      await this.#attach();
      this.#wanted = true;
      this.#stopPolling();
      queueMicrotask(() => this.#device && this.emit('open'));
    })();
    this.#opening = opening.finally(() => {
      this.#opening = undefined;
    });
    return this.#opening;
  }

  async write(data: Uint8Array): Promise<void> {
    const device = this.#device;
    if (!device) throw new TransportError('not-open', `${this.#description} is not open`);
    try {
      await device.write(Buffer.from(data));
    } catch (error) {
      throw transportFailure(`${this.#description}: write failed`, error);
    }
  }

  /** Reads feature report `reportId`; `length` counts the report id byte. */
  async getFeatureReport(reportId: number, length: number): Promise<Uint8Array> {
    const device = this.#openDevice();
    try {
      return new Uint8Array(await device.getFeatureReport(reportId, length));
    } catch (error) {
      throw transportFailure(`${this.#description}: reading feature report ${reportId} failed`, error);
    }
  }

  /** Sends a feature report; its first byte is the report id (0 when the device has none). */
  async sendFeatureReport(data: Uint8Array): Promise<void> {
    const device = this.#openDevice();
    try {
      await device.sendFeatureReport(Buffer.from(data));
    } catch (error) {
      throw transportFailure(`${this.#description}: sending a feature report failed`, error);
    }
  }

  /** The device's report descriptor, or undefined when node-hid cannot fetch it (node-hid 3.4 cannot). */
  async reportDescriptor(): Promise<Uint8Array | undefined> {
    const device = this.#openDevice();
    if (!device.getReportDescriptor) return undefined;
    return new Uint8Array(await device.getReportDescriptor());
  }

  async close(): Promise<void> {
    if (!this.#wanted && !this.#device) return;
    this.#wanted = false;
    this.#stopPolling();
    const device = this.#device;
    this.#device = undefined;
    if (device) await this.#closeDevice(device);
    this.emit('close');
  }

  #openDevice(): HidDevice {
    if (!this.#device) throw new TransportError('not-open', `${this.#description} is not open`);
    return this.#device;
  }

  async #getApi(): Promise<HidApi> {
    this.#api ??= await this.#loadApi();
    return this.#api;
  }

  /** Finds and opens the device; rejects with a message naming it. */
  async #attach(): Promise<void> {
    let device: HidDevice;
    try {
      const api = await this.#getApi();
      const selector = this.#selector;
      const info = (await api.devicesAsync()).find((candidate) => matches(selector, candidate));
      if (info) this.#description = describe(info);
      if (info?.path) device = await api.HIDAsync.open(info.path);
      else if ('path' in selector) device = await api.HIDAsync.open(selector.path);
      else if (selector.usagePage === undefined && selector.interface === undefined)
        device = await api.HIDAsync.open(selector.vendorId, selector.productId);
      else throw new Error('no matching interface is connected');
    } catch (error) {
      throw transportFailure(`cannot open ${this.#description}`, error);
    }
    this.#device = device;
    device.on('data', (report) => {
      if (this.#device === device) this.emit('data', new Uint8Array(report.buffer, report.byteOffset, report.length));
    });
    device.on('error', (error) => {
      if (this.#device === device) void this.#lost(device, asError(error));
    });
  }

  async #lost(device: HidDevice, error: Error): Promise<void> {
    this.#device = undefined;
    await this.#closeDevice(device);
    // Closed on purpose meanwhile: `close` has been said, and nothing comes back.
    if (!this.#wanted) return;
    this.emit(
      'disconnected',
      new TransportError('disconnected', `${this.#description} was disconnected: ${error.message}`, { cause: error }),
    );
    this.#schedulePoll();
  }

  async #closeDevice(device: HidDevice): Promise<void> {
    try {
      await device.close();
    } catch (error) {
      // A device that went away may refuse to close; the handle is released either way.
      this.#report(transportFailure(`${this.#description}: close failed`, error));
    }
  }

  #schedulePoll(): void {
    this.#stopPolling();
    // A poll for an unplugged device must not keep the process alive.
    this.#pollTimer = { cancel: this.#clock.setTimer(() => void this.#poll(), this.#pollIntervalMs, { unref: true }) };
  }

  #stopPolling(): void {
    this.#pollTimer?.cancel();
    this.#pollTimer = undefined;
  }

  async #poll(): Promise<void> {
    const timer = this.#pollTimer;
    try {
      const api = await this.#getApi();
      const present = (await api.devicesAsync()).some((info) => matches(this.#selector, info));
      if (timer !== this.#pollTimer || !this.#wanted || this.#device) return;
      if (!present || this.#opening) {
        this.#schedulePoll();
        return;
      }
      await this.#attach();
      if (timer !== this.#pollTimer || !this.#wanted) {
        // Closed while reopening: give the handle back.
        const device = this.#device;
        this.#device = undefined;
        if (device) await this.#closeDevice(device);
        return;
      }
      this.#pollTimer = undefined;
      this.emit('open');
    } catch (error) {
      this.#report(asError(error));
      if (timer === this.#pollTimer && this.#wanted) this.#schedulePoll();
    }
  }

  /** `error` events are for problems that did not close the link; unheard ones are dropped, not thrown. */
  #report(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }
}
