import { posMsrUsagePage, posMsrUsages } from '../../../drivers/card-reader/hid-pos-msr';
import { HidDescriptorWriter, hidInputFlags } from './hid-descriptor-writer';

/**
 * The device side of a reader that reports on the HID Point of Sale Magnetic Stripe Reader page
 * (0x8E). The HID usage tables name the usages but no report layout, so the layout is data here:
 * tests vary it (order, report id, padding, field sizes) to prove the driver reads the
 * descriptor rather than fixed offsets. Verified only against our own driver.
 */

/** The usages the reader reports on (the driver's table: one source for both ends). */
export const msrUsage = posMsrUsages;

/** One input item: a usage with `count` bytes, or constant padding of `padBits` bits. */
export type PosMsrItem = { readonly usage: number; readonly count: number } | { readonly padBits: number };

export interface PosMsrLayoutSpec {
  /** Report id, or 0 for a descriptor without report ids. */
  readonly reportId: number;
  readonly items: readonly PosMsrItem[];
  /** Whether the track data includes the start and end sentinels (default true). */
  readonly sentinels?: boolean;
}

const trackUsages: Readonly<Record<string, { readonly length: number; readonly data: number }>> = {
  1: { length: msrUsage.track1Length, data: msrUsage.track1Data },
  2: { length: msrUsage.track2Length, data: msrUsage.track2Data },
  3: { length: msrUsage.track3Length, data: msrUsage.track3Data },
};

/**
 * A layout written as one row of items in report order, separated by spaces: `lengthN` is track
 * N's one-byte length, `trackN:bytes` its data field, `padBITS` constant padding. For example
 * `posMsrLayoutOf(7, 'pad16 length1 track1:90')`. Throws naming an item it cannot read.
 */
export function posMsrLayoutOf(reportId: number, row: string): PosMsrLayoutSpec {
  const items = row
    .trim()
    .split(/\s+/)
    .map((word): PosMsrItem => {
      const [, pad, length, track, bytes] = /^(?:pad(\d+)|length([123])|track([123]):(\d+))$/.exec(word) ?? [];
      if (pad) return { padBits: Number(pad) };
      if (length) return { usage: trackUsages[length]!.length, count: 1 };
      if (track) return { usage: trackUsages[track]!.data, count: Number(bytes) };
      throw new Error(`"${word}" in the layout "${row}" is not padBITS, lengthN or trackN:bytes (N 1 to 3)`);
    });
  return { reportId, items };
}

/** Lengths first, then track 1 (79), 2 (40) and 3 (107 characters): the ISO maximums. */
export const defaultPosMsrLayout = posMsrLayoutOf(1, 'length1 length2 length3 track1:79 track2:40 track3:107');

/** The report descriptor for a layout: one application collection on page 0x8E. */
export function posMsrReportDescriptor(layout: PosMsrLayoutSpec = defaultPosMsrLayout): Uint8Array {
  const writer = new HidDescriptorWriter().application(posMsrUsagePage, msrUsage.deviceReadOnly, layout.reportId);
  writer.logicalMinimum(0).logicalMaximum(255).reportSize(8);
  for (const item of layout.items) {
    if ('padBits' in item) {
      writer.push().reportSize(1).reportCount(item.padBits).input(hidInputFlags.constant).pop();
    } else {
      const buffered = item.count > 1 ? hidInputFlags.bufferedBytes : 0;
      writer
        .usage(item.usage)
        .reportCount(item.count)
        .input(hidInputFlags.variable | buffered);
    }
  }
  return writer.endCollection().bytes();
}

/** Report length in bytes, report id included. */
export function posMsrReportLength(layout: PosMsrLayoutSpec = defaultPosMsrLayout): number {
  const bits = layout.items.reduce((sum, item) => sum + ('padBits' in item ? item.padBits : item.count * 8), 0);
  return Math.ceil(bits / 8) + (layout.reportId !== 0 ? 1 : 0);
}

/**
 * The input report for one swipe: lengths and ASCII track data where the layout puts them
 * (every item here is byte-aligned or padding). Clear tracks go in with their sentinels
 * unless the layout says the device strips them.
 */
export function posMsrReport(
  tracks: { track1?: string; track2?: string; track3?: string },
  layout: PosMsrLayoutSpec = defaultPosMsrLayout,
): Uint8Array {
  const strip = layout.sentinels === false;
  const text = (track: string | undefined) => (track && strip ? track.slice(1, track.indexOf('?')) : (track ?? ''));
  const values: Record<number, string> = {
    [msrUsage.track1Data]: text(tracks.track1),
    [msrUsage.track2Data]: text(tracks.track2),
    [msrUsage.track3Data]: text(tracks.track3),
  };
  const report = new Uint8Array(posMsrReportLength(layout));
  const base = layout.reportId !== 0 ? 1 : 0;
  if (base) report[0] = layout.reportId;
  let bit = 0;
  for (const item of layout.items) {
    if ('padBits' in item) {
      if (item.padBits % 8 !== 0) throw new Error('the emulated reader pads in whole bytes');
      bit += item.padBits;
      continue;
    }
    const at = base + bit / 8;
    const lengthOf = {
      [msrUsage.track1Length]: msrUsage.track1Data,
      [msrUsage.track2Length]: msrUsage.track2Data,
      [msrUsage.track3Length]: msrUsage.track3Data,
    }[item.usage];
    if (lengthOf !== undefined) {
      report[at] = Math.min(values[lengthOf]?.length ?? 0, 255);
    } else {
      const data = values[item.usage] ?? '';
      if (data.length > item.count)
        throw new Error(`usage 0x${item.usage.toString(16)} holds ${item.count} bytes, the track has ${data.length}`);
      for (let c = 0; c < data.length; c++) report[at + c] = data.charCodeAt(c) & 0x7f;
    }
    bit += item.count * 8;
  }
  return report;
}
