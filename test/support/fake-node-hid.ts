import { EventEmitter } from 'node:events';
import type { HidApi, HidDevice, HidDeviceInfo } from '../../drivers/transport/hid';

/**
 * A stand-in for the node-hid module, following what the real one does with real devices:
 * enumeration lists what is plugged in; `HIDAsync.open` rejects with node-hid's own messages
 * when nothing matches; reports flow only while a 'data' listener is attached, each padded to
 * the device's fixed report size; an unplug surfaces as one 'error' from the read loop, after
 * which reads stop and writes reject. The only fake in the HID tests: everything inside it
 * (transport, descriptor, readers) is the production code.
 */

export interface FakeHidDeviceSpec {
  readonly vendorId: number;
  readonly productId: number;
  readonly path: string;
  readonly product?: string;
  readonly manufacturer?: string;
  readonly serialNumber?: string;
  readonly usagePage?: number;
  readonly usage?: number;
  readonly interface?: number;
  readonly reportDescriptor?: Uint8Array;
  /** Input report length in bytes as the host receives it (report id byte included when numbered). */
  readonly inputReportSize: number;
}

export interface FakeNodeHidOptions {
  /** Offer `getReportDescriptor` as a newer node-hid might; node-hid 3.4 has none (default false). */
  readonly reportDescriptors?: boolean;
}

class FakeHidAsync extends EventEmitter implements HidDevice {
  closed = false;
  readonly writes: Buffer[] = [];
  readonly featureWrites: Buffer[] = [];

  constructor(
    readonly spec: FakeHidDeviceSpec,
    readonly plugged: () => boolean,
    withDescriptor: boolean,
  ) {
    super();
    if (withDescriptor) {
      this.getReportDescriptor = async () => {
        this.#check();
        return Buffer.from(spec.reportDescriptor ?? []);
      };
    }
  }

  getReportDescriptor?: () => Promise<Buffer>;

  #check(): void {
    if (this.closed) throw new TypeError('device has been closed');
    if (!this.plugged()) throw new Error('Cannot write to hid device');
  }

  async write(values: number[] | Buffer): Promise<number> {
    this.#check();
    const data = Buffer.from(values);
    this.writes.push(data);
    return data.length;
  }

  async getFeatureReport(reportId: number, reportLength: number): Promise<Buffer> {
    this.#check();
    if (reportLength === 0) throw new TypeError('Length parameter cannot be zero in getFeatureReport');
    const report = Buffer.alloc(reportLength);
    report[0] = reportId;
    return report;
  }

  async sendFeatureReport(data: number[] | Buffer): Promise<number> {
    this.#check();
    const report = Buffer.from(data);
    this.featureWrites.push(report);
    return report.length;
  }

  async close(): Promise<void> {
    if (this.closed) throw new TypeError('device is already closed');
    this.closed = true;
    this.removeAllListeners();
  }
}

export class FakeNodeHid implements HidApi {
  readonly #specs: FakeHidDeviceSpec[];
  readonly #plugged = new Set<string>();
  readonly #handles: FakeHidAsync[] = [];
  readonly #withDescriptor: boolean;
  /** How many times `devicesAsync` was called: the transport's polling shows up here. */
  enumerations = 0;
  /** Every report buffer handed to a 'data' listener, by path, as the listener received it. */
  readonly delivered = new Map<string, Buffer[]>();

  constructor(devices: readonly FakeHidDeviceSpec[], options: FakeNodeHidOptions = {}) {
    this.#specs = [...devices];
    for (const device of devices) this.#plugged.add(device.path);
    this.#withDescriptor = options.reportDescriptors ?? false;
  }

  async devicesAsync(): Promise<HidDeviceInfo[]> {
    this.enumerations++;
    return this.#specs
      .filter((spec) => this.#plugged.has(spec.path))
      .map((spec) => ({
        vendorId: spec.vendorId,
        productId: spec.productId,
        path: spec.path,
        serialNumber: spec.serialNumber,
        manufacturer: spec.manufacturer,
        product: spec.product,
        release: 0x0100,
        interface: spec.interface ?? 0,
        usagePage: spec.usagePage,
        usage: spec.usage,
      }));
  }

  readonly HIDAsync = {
    open: async (pathOrVendorId: string | number, productId?: number): Promise<HidDevice> => {
      const spec =
        typeof pathOrVendorId === 'string'
          ? this.#specs.find((candidate) => candidate.path === pathOrVendorId && this.#plugged.has(candidate.path))
          : this.#specs.find(
              (candidate) =>
                candidate.vendorId === pathOrVendorId &&
                candidate.productId === productId &&
                this.#plugged.has(candidate.path),
            );
      if (!spec) {
        throw new Error(
          typeof pathOrVendorId === 'string'
            ? `cannot open device with path ${pathOrVendorId}`
            : `cannot open device with vendor id 0x${pathOrVendorId.toString(16)} and product id 0x${(productId ?? 0).toString(16)}`,
        );
      }
      const handle = new FakeHidAsync(spec, () => this.#plugged.has(spec.path), this.#withDescriptor);
      this.#handles.push(handle);
      return handle;
    },
  };

  /** Open handles (not closed) on a path. */
  openHandles(path: string): FakeHidAsync[] {
    return this.#handles.filter((handle) => handle.spec.path === path && !handle.closed);
  }

  /** The device goes away: it leaves the enumeration and each open handle's read loop fails once. */
  unplug(path: string): void {
    this.#plugged.delete(path);
    for (const handle of this.openHandles(path)) {
      setImmediate(() => {
        if (!handle.closed) handle.emit('error', new Error('could not read from HID device'));
      });
    }
  }

  /** The device is back in the enumeration (its old handles stay dead, as with a real re-plug). */
  plug(path: string): void {
    if (!this.#specs.some((spec) => spec.path === path)) throw new Error(`no fake device at ${path}`);
    this.#plugged.add(path);
  }

  /**
   * The device sends one input report, zero-padded to its report size like real hardware, to
   * every open handle that listens, asynchronously like the read thread. Resolves once delivered.
   */
  async sendReport(path: string, bytes: Uint8Array): Promise<void> {
    const spec = this.#specs.find((candidate) => candidate.path === path);
    if (!spec) throw new Error(`no fake device at ${path}`);
    if (bytes.length > spec.inputReportSize)
      throw new Error(`report of ${bytes.length} bytes is longer than the device's ${spec.inputReportSize}`);
    if (!this.#plugged.has(path)) return;
    await new Promise((resolve) => setImmediate(resolve));
    for (const handle of this.openHandles(path)) {
      if (handle.listenerCount('data') === 0) continue;
      const report = Buffer.alloc(spec.inputReportSize);
      report.set(bytes);
      const log = this.delivered.get(path) ?? [];
      log.push(report);
      this.delivered.set(path, log);
      handle.emit('data', report);
    }
  }
}
