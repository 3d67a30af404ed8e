import { once } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import { decodeMagtekReport, MagtekHidReader } from '../../../drivers/card-reader/magtek-hid';
import { describeCardRead } from '../../../drivers/card-reader/types';
import {
  magtekHidReport,
  magtekHidReportDescriptor,
  type MagtekSwipe,
} from '../../../src-main/stand-ins/devices/magtek-hid-reader';
import { HidTransport } from '../../../drivers/transport/hid';
import { throwsOnly } from '../../support/driver-fuzz';
import { FakeNodeHid, type FakeHidDeviceSpec } from '../../support/fake-node-hid';
import { malformedMessage } from './malformed';

const tracksOf = (pan: string, name: string) => ({
  track1: `%B${pan}^${name}^28121011000000000000?`,
  track2: `;${pan}=28121011000000000000?`,
});
const visa = tracksOf('4788250000121443', 'TEST/VISA');

function device(trackFieldSize = 110): FakeHidDeviceSpec {
  return {
    vendorId: 0x0801,
    productId: 0x0011,
    path: '/dev/hidraw3',
    product: 'MagTek USB Swipe Reader',
    usagePage: 0xff00,
    usage: 0x01,
    reportDescriptor: magtekHidReportDescriptor(trackFieldSize),
    inputReportSize: 7 + 3 * trackFieldSize,
  };
}

/** Emulated reader → fake node-hid → HidTransport → MagtekHidReader, as on a lane. */
async function lane(trackFieldSize?: number) {
  const spec = device(trackFieldSize);
  const api = new FakeNodeHid([spec]);
  const transport = new HidTransport({
    device: { vendorId: spec.vendorId, productId: spec.productId, usagePage: 0xff00 },
    api,
    pollIntervalMs: 5,
  });
  const reader = new MagtekHidReader(transport, trackFieldSize === undefined ? {} : { trackFieldSize });
  const errors: Error[] = [];
  reader.on('error', (error) => errors.push(error));
  await reader.open();
  const swipe = (swipe: MagtekSwipe) => api.sendReport(spec.path, magtekHidReport(swipe, trackFieldSize));
  const lastReport = () => api.delivered.get(spec.path)?.at(-1);
  return { api, spec, reader, swipe, errors, lastReport };
}

describe('MagtekHidReader over HidTransport', () => {
  it.each([
    ['visa', '4788250000121443', 'TEST/VISA', '478825******1443'],
    ['mastercard', '5454545454545454', 'TEST/MASTERCARD', '545454******5454'],
    ['amex', '371449635398431', 'TEST/AMEX', '371449*****8431'],
    ['discover', '6011000995500000', 'TEST/DISCOVER', '601100******0000'],
  ])('reads a %s swipe into a CardRead with both tracks for the gateway', async (network, pan, name, maskedPan) => {
    const { reader, swipe } = await lane();
    const tracks = tracksOf(pan, name);
    const pending = reader.read({ amountMinor: 1500 });
    await swipe(tracks);
    const read = await pending;
    expect(read.track).toBe(`${tracks.track1}${tracks.track2}`);
    expect(describeCardRead(read)).toMatchObject({
      entryMode: 'swipe',
      network,
      maskedPan,
      name,
      expiry: '1228',
      encrypted: false,
      chipCard: false,
    });
  });

  it('reads a card with track 2 only, and ignores track 3 and its status', async () => {
    const { reader, swipe } = await lane();
    const pending = reader.read({ amountMinor: 100 });
    await swipe({ track2: visa.track2, track3: ';0123?', status: [0, 0, 1] });
    await expect(pending).resolves.toMatchObject({ track: visa.track2, name: null, lastFour: '1443' });
  });

  it('zero-fills the report buffer after a good read and after a refused one', async () => {
    const { reader, swipe, lastReport } = await lane();
    const pending = reader.read({ amountMinor: 100 });
    await swipe(visa);
    await pending;
    const report = lastReport()!;
    expect(report).toHaveLength(337);
    expect(report.every((byte) => byte === 0)).toBe(true);
    await swipe({ ...visa, encodeType: 1 });
    expect(lastReport()).not.toBe(report);
    expect(lastReport()!.every((byte) => byte === 0)).toBe(true);
  });

  it.each([
    ['track 1 could not be decoded', { ...visa, status: [1, 0, 0] }],
    ['track 2 could not be decoded', { ...visa, status: [0, 0x81, 0] }],
    ['not a payment card (AAMVA)', { track1: '%CACARSON CITY^DOE$PAT^1234 MAIN ST^?', encodeType: 1 }],
    ['the card is blank', { encodeType: 3 }],
    ['not a payment card (non-standard encoding)', { ...visa, encodeType: 4 }],
    ['the card could not be read (encode type undetermined)', { encodeType: 5 }],
    ['track 1 could not be decoded', { status: [1, 1, 1], encodeType: 5 }],
    ['unknown card encode type 9', { ...visa, encodeType: 9 }],
  ] as const)('refuses a swipe where %s, and stays usable', async (message, swipe) => {
    const { reader, swipe: send, errors } = await lane();
    const pending = reader.read({ amountMinor: 100 });
    await send(swipe as MagtekSwipe);
    await expect(pending).rejects.toMatchObject({ kind: 'malformed', message });
    expect(errors.map((error) => error.message)).toEqual([message]);
    const next = reader.read({ amountMinor: 100 });
    await send(visa);
    await expect(next).resolves.toMatchObject({ network: 'visa' });
  });

  it('takes the reserved status bits (7-1) as no error, as the manual defines only bit 0', () => {
    const report = magtekHidReport(visa);
    report[0] = 0xfe;
    report[1] = 0x02;
    expect(decodeMagtekReport(report)).toBe(`${visa.track1}${visa.track2}`);
  });

  it('reads models with 112-byte track fields when configured', async () => {
    const { reader, swipe } = await lane(112);
    const pending = reader.read({ amountMinor: 100 });
    await swipe(visa);
    await expect(pending).resolves.toMatchObject({ lastFour: '1443' });
    expect(malformedMessage(() => decodeMagtekReport(magtekHidReport(visa), { trackFieldSize: 112 }))).toBe(
      'input report is 337 bytes; this reader sends 343',
    );
  });

  it('refuses lengths beyond the field, control characters, and bad track content', () => {
    const long = magtekHidReport(visa);
    long[4] = 111;
    expect(malformedMessage(() => decodeMagtekReport(long))).toBe(
      'track 2 length 111 is longer than its 110-byte field',
    );
    const control = magtekHidReport(visa);
    control[7 + 3] = 0x0d;
    expect(malformedMessage(() => decodeMagtekReport(control))).toBe('track 1 has a byte outside printable ASCII');
    expect(malformedMessage(() => decodeMagtekReport(magtekHidReport({})))).toBe(
      'the swipe carries no track 1 or track 2 data',
    );
  });

  it('fails a waiting read when the reader is unplugged, and reads again after a replug', async () => {
    const { api, spec, reader, swipe } = await lane();
    const pending = reader.read({ amountMinor: 100 });
    api.unplug(spec.path);
    await expect(pending).rejects.toMatchObject({ kind: 'disconnected' });
    api.plug(spec.path);
    await once(reader, 'connected');
    const next = reader.read({ amountMinor: 100 });
    await swipe(visa);
    await expect(next).resolves.toMatchObject({ lastFour: '1443' });
    await reader.close();
  });

  it('never crashes on garbage reports: each is a card or a malformed error, and is wiped', async () => {
    const { reader, api, spec, errors, lastReport } = await lane();
    let cards = 0;
    reader.on('card', () => cards++);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 337 }), async (bytes) => {
        const before = errors.length + cards;
        await api.sendReport(spec.path, bytes);
        expect(errors.length + cards).toBe(before + 1);
        expect(errors.every((error) => error instanceof CardReaderError && error.kind === 'malformed')).toBe(true);
        expect(lastReport()!.every((byte) => byte === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('decodes any report without throwing anything but a malformed CardReaderError', () => {
    const header = fc.tuple(
      fc.constantFrom(0, 1, 2),
      fc.constantFrom(0, 1),
      fc.integer({ min: 0, max: 120 }),
      fc.integer({ min: 0, max: 120 }),
      fc.integer({ min: 0, max: 7 }),
    );
    fc.assert(
      fc.property(header, fc.uint8Array({ minLength: 330, maxLength: 330 }), ([s1, s2, l1, l2, type], body) => {
        const report = Uint8Array.from([s1, s2, 0, l1, l2, 0, type, ...body]);
        throwsOnly(CardReaderError, () => decodeMagtekReport(report));
      }),
      { numRuns: 1000 },
    );
  });
});
