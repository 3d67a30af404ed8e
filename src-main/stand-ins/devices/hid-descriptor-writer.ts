/**
 * Writes HID report descriptors (HID 1.11 section 6.2.2 short items) for the emulated readers,
 * each item in the fewest bytes that hold its value, as device firmware usually does.
 */

/** Input item flags (HID 1.11 section 6.2.2.5). */
export const hidInputFlags = {
  data: 0x000,
  constant: 0x001,
  array: 0x000,
  variable: 0x002,
  absolute: 0x000,
  relative: 0x004,
  bufferedBytes: 0x100,
} as const;

export type HidCollectionKind = 'physical' | 'application' | 'logical';

const collectionCodes: Readonly<Record<HidCollectionKind, number>> = {
  physical: 0x00,
  application: 0x01,
  logical: 0x02,
};

export class HidDescriptorWriter {
  readonly #bytes: number[] = [];

  /** Any short item: type 0 main, 1 global, 2 local. `signed` picks the size for a signed value. */
  item(type: 0 | 1 | 2, tag: number, value?: number, signed = false): this {
    const prefix = (tag << 4) | (type << 2);
    if (value === undefined) {
      this.#bytes.push(prefix);
      return this;
    }
    const fits = (bytes: number) =>
      signed
        ? value >= -(2 ** (bytes * 8 - 1)) && value < 2 ** (bytes * 8 - 1)
        : value >= 0 && value < 2 ** (bytes * 8);
    const size = fits(1) ? 1 : fits(2) ? 2 : 4;
    let raw = value < 0 ? value + 2 ** (size * 8) : value;
    this.#bytes.push(prefix | (size === 4 ? 3 : size));
    for (let i = 0; i < size; i++) {
      this.#bytes.push(raw & 0xff);
      raw = Math.floor(raw / 256);
    }
    return this;
  }

  usagePage(page: number): this {
    return this.item(1, 0x0, page);
  }
  /** A usage id on the current page, or an extended usage (page << 16 | id) when `page` is given. */
  usage(id: number, page?: number): this {
    if (page === undefined) return this.item(2, 0x0, id);
    this.#bytes.push(0x0b, id & 0xff, id >> 8, page & 0xff, page >> 8);
    return this;
  }
  usageMinimum(id: number): this {
    return this.item(2, 0x1, id);
  }
  usageMaximum(id: number): this {
    return this.item(2, 0x2, id);
  }
  logicalMinimum(value: number): this {
    return this.item(1, 0x1, value, true);
  }
  logicalMaximum(value: number): this {
    return this.item(1, 0x2, value, true);
  }
  reportSize(bits: number): this {
    return this.item(1, 0x7, bits);
  }
  reportId(id: number): this {
    return this.item(1, 0x8, id);
  }
  reportCount(count: number): this {
    return this.item(1, 0x9, count);
  }
  push(): this {
    return this.item(1, 0xa);
  }
  pop(): this {
    return this.item(1, 0xb);
  }
  input(flags: number): this {
    return this.item(0, 0x8, flags);
  }
  output(flags: number): this {
    return this.item(0, 0x9, flags);
  }
  feature(flags: number): this {
    return this.item(0, 0xb, flags);
  }
  collection(kind: HidCollectionKind): this {
    return this.item(0, 0xa, collectionCodes[kind]);
  }
  endCollection(): this {
    return this.item(0, 0xc);
  }
  /** Opens the device's application collection: `usage` on `page`, its reports numbered `reportId` (0: not numbered). */
  application(page: number, usage: number, reportId: number): this {
    this.usagePage(page).usage(usage).collection('application');
    return reportId === 0 ? this : this.reportId(reportId);
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
}
