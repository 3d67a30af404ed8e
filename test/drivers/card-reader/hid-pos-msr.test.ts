import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import {
  decodePosMsrReport,
  HidPosMsrReader,
  posMsrLayout,
  posMsrUsages,
  supportsPosMsr,
} from '../../../drivers/card-reader/hid-pos-msr';
import {
  defaultPosMsrLayout,
  posMsrLayoutOf,
  posMsrReport,
  posMsrReportDescriptor,
  posMsrReportLength,
  type PosMsrLayoutSpec,
} from '../../../src-main/stand-ins/devices/hid-pos-msr-reader';
import { magtekHidReportDescriptor } from '../../../src-main/stand-ins/devices/magtek-hid-reader';
import { HidTransport } from '../../../drivers/transport/hid';
import { throwsOnly } from '../../support/driver-fuzz';
import { FakeNodeHid } from '../../support/fake-node-hid';
import { malformedMessage } from './malformed';

const visa = {
  track1: '%B4788250000121443^TEST/VISA^28121011000000000000?',
  track2: ';4788250000121443=28121011000000000000?',
};
const mastercard = {
  track1: '%B5454545454545454^TEST/MASTERCARD^28121011000000000000?',
  track2: ';5454545454545454=28121011000000000000?',
};

const bootKeyboard = Uint8Array.from(
  Buffer.from(
    '05010906A101050719E029E71500250175019508810295017508810195057501050819012905910295017503910195067508150025650507190029658100C0',
    'hex',
  ),
);

/** Layouts a firmware might pick; the driver must find the fields in each from the descriptor. */
const layouts: Record<string, PosMsrLayoutSpec> = {
  'lengths first, report id 1': defaultPosMsrLayout,
  'data before lengths, no report id': posMsrLayoutOf(0, 'track2:40 track1:79 length1 length2'),
  'padding between fields, report id 7': posMsrLayoutOf(7, 'pad16 length1 pad8 track1:90 length2 track2:48'),
  'no length fields (data ends at the first 0 byte)': posMsrLayoutOf(2, 'track1:79 track2:40'),
  'sentinels stripped by the reader': { ...defaultPosMsrLayout, sentinels: false },
};

async function lane(layout: PosMsrLayoutSpec = defaultPosMsrLayout) {
  const descriptor = posMsrReportDescriptor(layout);
  const spec = {
    vendorId: 0x1234,
    productId: 0x5678,
    path: '/dev/hidraw5',
    product: 'Emulated HID MSR',
    usagePage: 0x8e,
    usage: 0x01,
    reportDescriptor: descriptor,
    inputReportSize: posMsrReportLength(layout),
  };
  const api = new FakeNodeHid([spec], { reportDescriptors: true });
  const transport = new HidTransport({
    device: { vendorId: spec.vendorId, productId: spec.productId, usagePage: 0x8e },
    api,
  });
  await transport.open();
  // As with a newer node-hid: the descriptor comes from the device itself.
  const reader = new HidPosMsrReader(transport, (await transport.reportDescriptor())!);
  const errors: Error[] = [];
  reader.on('error', (error) => errors.push(error));
  const swipe = (tracks: { track1?: string; track2?: string; track3?: string }) =>
    api.sendReport(spec.path, posMsrReport(tracks, layout));
  return { api, spec, reader, errors, swipe, lastReport: () => api.delivered.get(spec.path)?.at(-1) };
}

describe('supportsPosMsr', () => {
  it('recognizes a descriptor with track data on the magnetic stripe page, and nothing else', () => {
    expect(supportsPosMsr(posMsrReportDescriptor())).toBe(true);
    expect(supportsPosMsr(magtekHidReportDescriptor())).toBe(false);
    expect(supportsPosMsr(bootKeyboard)).toBe(false);
    expect(supportsPosMsr(Uint8Array.of(0x05, 0x8e, 0xb4))).toBe(false);
    expect(supportsPosMsr(Uint8Array.of())).toBe(false);
  });

  it('uses the usage ids of the HID usage tables (page 0x8E)', () => {
    expect(posMsrUsages).toMatchObject({
      track1Length: 0x11,
      track2Length: 0x12,
      track3Length: 0x13,
      trackData: 0x20,
      track1Data: 0x21,
      track2Data: 0x22,
      track3Data: 0x23,
    });
  });

  it('reads a layout row into items in report order, and names an item it cannot read', () => {
    expect(posMsrLayoutOf(7, ' pad16 length2  track3:107 ')).toEqual({
      reportId: 7,
      items: [{ padBits: 16 }, { usage: 0x12, count: 1 }, { usage: 0x23, count: 107 }],
    });
    for (const word of ['track4:10', 'length', 'track1', 'pad'])
      expect(() => posMsrLayoutOf(1, `length1 ${word}`)).toThrow(`"${word}" in the layout "length1 ${word}"`);
  });

  it('locates the fields from the descriptor', () => {
    const layout = posMsrLayout(posMsrReportDescriptor(layouts['padding between fields, report id 7']!));
    expect(layout).toMatchObject({ reportId: 7, usesReportIds: true, reportBytes: 2 + 1 + 1 + 90 + 1 + 48 });
    expect(layout.track1?.length?.bitOffset).toBe(16);
    expect(layout.track1?.data.bitOffset).toBe(32);
    expect(layout.track2?.data.bitOffset).toBe((4 + 90 + 1) * 8);
  });
});

describe('HidPosMsrReader over HidTransport', () => {
  it.each(Object.entries(layouts))('reads a swipe with the layout "%s"', async (_name, layout) => {
    const { reader, swipe } = await lane(layout);
    const pending = reader.read({ amountMinor: 500 });
    await swipe({ ...visa, track3: ';011234567890123445=7247240000000003000?' });
    const read = await pending;
    expect(read.track).toBe(`${visa.track1}${visa.track2}`);
    expect(read).toMatchObject({
      entryMode: 'swipe',
      network: 'visa',
      maskedPan: '478825******1443',
      name: 'TEST/VISA',
      expiry: '1228',
      encrypted: false,
    });
  });

  it('reads consecutive cards and zero-fills every report buffer', async () => {
    const { reader, swipe, lastReport } = await lane();
    const first = reader.read({ amountMinor: 100 });
    await swipe(visa);
    await expect(first).resolves.toMatchObject({ network: 'visa' });
    expect(lastReport()!.every((byte) => byte === 0)).toBe(true);
    const second = reader.read({ amountMinor: 100 });
    await swipe(mastercard);
    await expect(second).resolves.toMatchObject({ network: 'mastercard', name: 'TEST/MASTERCARD' });
    expect(lastReport()!.every((byte) => byte === 0)).toBe(true);
  });

  it('ignores reports with another report id', async () => {
    const { reader, api, spec, errors } = await lane();
    let cards = 0;
    reader.on('card', () => cards++);
    await api.sendReport(spec.path, Uint8Array.of(2, 0x41, 0x42));
    expect(cards + errors.length).toBe(0);
  });

  it('refuses a report whose length field runs past its data field, or with a non-ASCII byte', async () => {
    const { reader, api, spec, swipe } = await lane();
    const report = posMsrReport(visa);
    report[2] = 41;
    const pending = reader.read({ amountMinor: 100 });
    await api.sendReport(spec.path, report);
    await expect(pending).rejects.toMatchObject({
      kind: 'malformed',
      message: 'track 2 length 41 is longer than its 40-byte field',
    });
    const bad = posMsrReport(visa);
    bad[4 + 5] = 0xc3;
    const next = reader.read({ amountMinor: 100 });
    await api.sendReport(spec.path, bad);
    await expect(next).rejects.toMatchObject({
      kind: 'malformed',
      message: 'track 1 has a byte outside printable ASCII',
    });
    const ok = reader.read({ amountMinor: 100 });
    await swipe(visa);
    await expect(ok).resolves.toMatchObject({ lastFour: '1443' });
  });

  it('refuses a swipe with no tracks, a short report, and a descriptor without tracks', () => {
    const layout = posMsrLayout(posMsrReportDescriptor());
    expect(decodePosMsrReport(posMsrReport({}), layout)).toBe('');
    expect(malformedMessage(() => decodePosMsrReport(Uint8Array.of(1, 0, 0), layout))).toBe(
      'input report is 3 bytes; the descriptor says 230',
    );
    expect(
      malformedMessage(
        () => new HidPosMsrReader(new HidTransport({ device: { path: 'x' }, api: new FakeNodeHid([]) }), bootKeyboard),
      ),
    ).toMatch(/declares no track 1 or track 2 data/);
  });

  it('never crashes on garbage reports: each is ignored, a card, or a malformed error, and is wiped', async () => {
    const { reader, api, spec, errors, lastReport } = await lane();
    let cards = 0;
    reader.on('card', () => cards++);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: spec.inputReportSize }), fc.boolean(), async (bytes, ourId) => {
        if (ourId && bytes.length > 0) bytes[0] = 1;
        await api.sendReport(spec.path, bytes);
        expect(errors.every((error) => error instanceof CardReaderError && error.kind === 'malformed')).toBe(true);
        expect(lastReport()!.every((byte) => byte === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(cards).toBe(0);
  });

  it('decodes any bytes under any emulated layout without throwing anything but CardReaderError', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(layouts)), fc.uint8Array({ maxLength: 260 }), (layout, bytes) =>
        throwsOnly(CardReaderError, () => decodePosMsrReport(bytes, posMsrLayout(posMsrReportDescriptor(layout)))),
      ),
      { numRuns: 1000 },
    );
  });
});
