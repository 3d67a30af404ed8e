import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HidDescriptorError, hidDescriptorLimits, parseHidDescriptor } from '../../../drivers/transport/hid-descriptor';
import { inputFields, readHidField } from '../../../drivers/transport/hid-input-report';
import { HidDescriptorWriter, hidInputFlags } from '../../../src-main/stand-ins/devices/hid-descriptor-writer';
import { throwsOnly } from '../../support/driver-fuzz';
import {
  defaultPosMsrLayout,
  posMsrReportDescriptor,
  posMsrReportLength,
} from '../../../src-main/stand-ins/devices/hid-pos-msr-reader';
import { magtekHidReportDescriptor } from '../../../src-main/stand-ins/devices/magtek-hid-reader';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));

/** HID 1.11 Appendix B.1: the boot protocol keyboard descriptor. */
const bootKeyboard = bytes(`
  05 01 09 06 A1 01 05 07 19 E0 29 E7 15 00 25 01 75 01 95 08 81 02 95 01 75 08 81 01
  95 05 75 01 05 08 19 01 29 05 91 02 95 01 75 03 91 01 95 06 75 08 15 00 25 65 05 07
  19 00 29 65 81 00 C0`);

/** MagTek USB HID Swipe Reader technical reference manual, section 4 "Report descriptor". */
const magtekManualDescriptor = bytes(`
  06 00 FF 09 01 A1 01 15 00 26 FF 00 75 08 09 20 09 21 09 22 09 28 09 29 09 2A 09 38 95 07 81 02
  09 30 95 6E 82 02 01 09 31 95 6E 82 02 01 09 32 95 6E 82 02 01 09 20 95 18 B2 02 01 C0`);

function malformedAt(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HidDescriptorError);
    return (error as HidDescriptorError).offset;
  }
  throw new Error('expected a malformed error');
}

describe('parseHidDescriptor: vectors', () => {
  it('reads the boot keyboard: eight modifier bits, a padding byte, six key slots', () => {
    const parsed = parseHidDescriptor(bootKeyboard);
    expect(parsed.usesReportIds).toBe(false);
    expect(parsed.applications).toEqual([{ usagePage: 0x01, usage: 0x06 }]);
    const report = parsed.inputReports.get(0)!;
    expect(report.bits).toBe(64);
    expect(report.fields.slice(0, 8).map((f) => [f.usage, f.bitOffset, f.bitSize, f.count, f.variable])).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [0xe0 + i, i, 1, 1, true]),
    );
    // The LED output report does not shift the input offsets; the constant byte does.
    expect(report.fields[8]).toMatchObject({
      usagePage: 0x07,
      usage: 0x00,
      usageMaximum: 0x65,
      bitOffset: 16,
      bitSize: 8,
      count: 6,
      variable: false,
      logicalMinimum: 0,
      logicalMaximum: 0x65,
    });
    expect(report.fields).toHaveLength(9);
  });

  it('reads the MagTek swipe reader descriptor from its manual, which the emulated reader writes byte for byte', () => {
    expect(Buffer.from(magtekHidReportDescriptor()).toString('hex')).toBe(
      Buffer.from(magtekManualDescriptor).toString('hex'),
    );
    const fields = inputFields(parseHidDescriptor(magtekManualDescriptor));
    expect(fields.map((f) => [f.usage, f.bitOffset / 8, f.count, f.bufferedBytes])).toEqual([
      [0x20, 0, 1, false],
      [0x21, 1, 1, false],
      [0x22, 2, 1, false],
      [0x28, 3, 1, false],
      [0x29, 4, 1, false],
      [0x2a, 5, 1, false],
      [0x38, 6, 1, false],
      [0x30, 7, 110, true],
      [0x31, 117, 110, true],
      [0x32, 227, 110, true],
    ]);
    expect(fields.every((f) => f.usagePage === 0xff00 && f.bitSize === 8 && f.logicalMaximum === 255)).toBe(true);
  });

  it('reads a magnetic stripe (0x8E) descriptor with a report id', () => {
    const parsed = parseHidDescriptor(posMsrReportDescriptor());
    expect(parsed.usesReportIds).toBe(true);
    expect(parsed.applications).toEqual([{ usagePage: 0x8e, usage: 0x01 }]);
    const report = parsed.inputReports.get(1)!;
    expect(report.bits / 8 + 1).toBe(posMsrReportLength(defaultPosMsrLayout));
    expect(report.fields.map((f) => [f.usagePage, f.usage, f.bitOffset / 8, f.count])).toEqual([
      [0x8e, 0x11, 0, 1],
      [0x8e, 0x12, 1, 1],
      [0x8e, 0x13, 2, 1],
      [0x8e, 0x21, 3, 79],
      [0x8e, 0x22, 82, 40],
      [0x8e, 0x23, 122, 107],
    ]);
  });

  it('restores the global state on Pop, report id included', () => {
    const descriptor = new HidDescriptorWriter()
      .usagePage(0x01)
      .reportId(2)
      .reportSize(8)
      .reportCount(1)
      .push()
      .reportId(3)
      .reportSize(16)
      .usagePage(0x09)
      .usage(0x01)
      .input(hidInputFlags.variable)
      .pop()
      .usage(0x30)
      .input(hidInputFlags.variable)
      .bytes();
    const parsed = parseHidDescriptor(descriptor);
    expect(parsed.inputReports.get(3)!.fields).toEqual([
      expect.objectContaining({ usagePage: 0x09, usage: 0x01, bitSize: 16, bitOffset: 0 }),
    ]);
    expect(parsed.inputReports.get(2)!.fields).toEqual([
      expect.objectContaining({ usagePage: 0x01, usage: 0x30, bitSize: 8, bitOffset: 0 }),
    ]);
  });

  it('gives variable elements the usages of a Usage Minimum/Maximum range, the last one repeating', () => {
    const descriptor = new HidDescriptorWriter()
      .usagePage(0x09)
      .usageMinimum(1)
      .usageMaximum(3)
      .reportSize(1)
      .reportCount(5)
      .input(hidInputFlags.variable)
      .bytes();
    const fields = parseHidDescriptor(descriptor).inputReports.get(0)!.fields;
    expect(fields.map((f) => [f.usage, f.bitOffset, f.count])).toEqual([
      [1, 0, 1],
      [2, 1, 1],
      [3, 2, 3],
    ]);
  });

  it('reads 32-bit extended usages with their own page, and signed logical ranges', () => {
    const descriptor = new HidDescriptorWriter()
      .usagePage(0x01)
      .usage(0x21, 0x8e)
      .logicalMinimum(-127)
      .logicalMaximum(127)
      .reportSize(8)
      .reportCount(1)
      .input(hidInputFlags.variable)
      .bytes();
    expect(parseHidDescriptor(descriptor).inputReports.get(0)!.fields[0]).toMatchObject({
      usagePage: 0x8e,
      usage: 0x21,
      logicalMinimum: -127,
      logicalMaximum: 127,
    });
  });

  it('keeps separate offsets per report id and skips long items', () => {
    const descriptor = Uint8Array.from([
      ...new HidDescriptorWriter()
        .usagePage(0x8e)
        .reportSize(8)
        .reportCount(2)
        .reportId(1)
        .usage(0x11)
        .input(hidInputFlags.variable)
        .bytes(),
      0xfe,
      0x02,
      0x10,
      0xaa,
      0xbb,
      ...new HidDescriptorWriter()
        .reportId(2)
        .usage(0x12)
        .input(hidInputFlags.variable)
        .reportId(1)
        .usage(0x13)
        .input(hidInputFlags.variable)
        .bytes(),
    ]);
    const parsed = parseHidDescriptor(descriptor);
    expect(parsed.inputReports.get(1)!.fields.map((f) => [f.usage, f.bitOffset, f.count])).toEqual([
      [0x11, 0, 2],
      [0x13, 16, 2],
    ]);
    expect(parsed.inputReports.get(2)!.fields.map((f) => [f.usage, f.bitOffset])).toEqual([[0x12, 0]]);
  });

  it('reads fields bit by bit, least significant bit first', () => {
    const field = {
      usagePage: 9,
      usage: 1,
      usageMaximum: 1,
      bitOffset: 4,
      bitSize: 12,
      count: 2,
      variable: true,
      bufferedBytes: false,
      logicalMinimum: 0,
      logicalMaximum: 4095,
    };
    const data = Uint8Array.from([0x30, 0x12, 0xcd, 0xab]);
    expect(readHidField(data, field, 0)).toBe(0x123);
    expect(readHidField(data, field, 1)).toBe(0xbcd);
  });
});

describe('parseHidDescriptor: malformed descriptors', () => {
  it.each([
    ['a truncated item', '05 01 09 06 A1 01 26 FF', 6],
    ['a truncated long item', 'FE 05 00 01 02', 0],
    ['Pop without Push', '05 01 B4', 2],
    ['End Collection without Collection', '05 01 09 06 A1 01 C0 C0', 7],
    ['report id 0', '85 00', 0],
    ['usage minimum above maximum', '05 09 19 05 29 01', 4],
  ])('refuses %s, at its offset', (_what, hex, offset) => {
    expect(malformedAt(() => parseHidDescriptor(bytes(hex)))).toBe(offset);
  });

  it('refuses collections nested beyond the cap and Push beyond the cap', () => {
    const collections = new Uint8Array((hidDescriptorLimits.maxCollectionDepth + 1) * 2).map((_, i) =>
      i % 2 === 0 ? 0xa1 : 0x02,
    );
    expect(malformedAt(() => parseHidDescriptor(collections))).toBe(hidDescriptorLimits.maxCollectionDepth * 2);
    expect(
      parseHidDescriptor(collections.subarray(0, hidDescriptorLimits.maxCollectionDepth * 2)).inputReports.size,
    ).toBe(0);
    const pushes = new Uint8Array(hidDescriptorLimits.maxPushDepth + 1).fill(0xa4);
    expect(malformedAt(() => parseHidDescriptor(pushes))).toBe(hidDescriptorLimits.maxPushDepth);
  });

  it('refuses reports longer than the cap and too many fields', () => {
    const long = new HidDescriptorWriter().reportSize(8).reportCount(20_000).input(hidInputFlags.variable).bytes();
    expect(malformedAt(() => parseHidDescriptor(long))).toBeDefined();
    const writer = new HidDescriptorWriter().usagePage(9).reportSize(1).reportCount(1);
    for (let i = 0; i <= hidDescriptorLimits.maxFields; i++) writer.usage(1).input(hidInputFlags.variable);
    expect(malformedAt(() => parseHidDescriptor(writer.bytes()))).toBeDefined();
  });
});

describe('parseHidDescriptor: properties', () => {
  it('returns or throws a HidDescriptorError for any bytes, never anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (input) =>
        throwsOnly(HidDescriptorError, () => parseHidDescriptor(input)),
      ),
      { numRuns: 2000 },
    );
  });

  it('does bounded work on large hostile input (wide usage ranges, huge counts)', () => {
    // Each item claims the widest range and count it can; the caps stop it quickly.
    const hostile = new Uint8Array(60_000);
    const item = [0x19, 0x00, 0x2a, 0xff, 0xff, 0x75, 0x01, 0x97, 0xff, 0xff, 0x00, 0x00, 0x81, 0x02];
    for (let i = 0; i + item.length <= hostile.length; i += item.length) hostile.set(item, i);
    const started = performance.now();
    expect(malformedAt(() => parseHidDescriptor(hostile))).toBeDefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('finds every field a writer declares, at the sum of the sizes before it', () => {
    const fieldArb = fc.record({
      usage: fc.integer({ min: 1, max: 0xffff }),
      size: fc.integer({ min: 1, max: 32 }),
      count: fc.integer({ min: 1, max: 64 }),
    });
    fc.assert(
      fc.property(
        fc.array(fieldArb, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 0xfeff }),
        (fields, page) => {
          const writer = new HidDescriptorWriter().usagePage(page).usage(1).collection('application');
          for (const field of fields)
            writer.usage(field.usage).reportSize(field.size).reportCount(field.count).input(hidInputFlags.variable);
          const parsed = parseHidDescriptor(writer.endCollection().bytes());
          let offset = 0;
          const expected = fields.map((field) => {
            const at = offset;
            offset += field.size * field.count;
            return [field.usage, at, field.size, field.count];
          });
          expect(parsed.inputReports.get(0)!.fields.map((f) => [f.usage, f.bitOffset, f.bitSize, f.count])).toEqual(
            expected,
          );
          expect(parsed.inputReports.get(0)!.bits).toBe(offset);
        },
      ),
    );
  });
});
