import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdtechHidReader, RecordFramer, toHidReports } from '../../../drivers/card-reader/idtech-hid';
import { KeyboardCardReader } from '../../../drivers/card-reader/keyboard-reader';
import { keyedCardRead, readCard, type ReadNotice } from '../../../drivers/card-reader/read-card';
import { EmulatedEncryptingReader, type EmulatedCard } from '../../../src-main/stand-ins/devices/encrypting-reader';
import { readerKeystrokes } from '../../../src-main/stand-ins/devices/keyboard';
import { KeyboardWedgeTransport } from '../../../drivers/transport/keyboard-wedge-transport';
import { createMemoryPair } from '../../../drivers/transport/memory';
import { emulatedVisa } from '../../support/cards';
import { ManualClock } from '../../support/manual-clock';
import { until } from '../../support/until';

const visa: EmulatedCard = emulatedVisa;

async function keyboardLane() {
  let now = 0;
  const clock = new ManualClock();
  const wedge = new KeyboardWedgeTransport({ clock: { ...clock, monotonic: () => now } });
  const reader = new KeyboardCardReader(wedge, { clock });
  await reader.open();
  const type = (output: string) => {
    now += 1000;
    for (const stroke of readerKeystrokes(output, now)) {
      now = stroke.at;
      expect(wedge.feed(stroke)).toBe(true);
    }
  };
  return { reader, type, wedge, clock };
}

describe('KeyboardCardReader', () => {
  it('reads a swipe, an insert and a tap typed through the wedge', async () => {
    const { reader, type } = await keyboardLane();
    const device = new EmulatedEncryptingReader();
    for (const [output, entryMode] of [
      [device.swipe(visa), 'swipe'],
      [device.chip(visa, 2500), 'chip'],
      [device.chip(visa, 900, 'contactless'), 'contactless'],
    ] as const) {
      const pending = reader.read({ amountMinor: 2500 });
      type(output);
      await expect(pending).resolves.toMatchObject({ entryMode, track: output, lastFour: '1443' });
    }
  });

  it('fails a waiting read with an error naming the problem, and stays usable', async () => {
    const { reader, type } = await keyboardLane();
    const errors: Error[] = [];
    reader.on('error', (error) => errors.push(error));
    const pending = reader.read({ amountMinor: 100 });
    type('%B4788250000121444^TEST/VISA^28122011000000000000?');
    await expect(pending).rejects.toThrow('fails the Luhn check');
    expect(errors).toHaveLength(1);
    const next = reader.read({ amountMinor: 100 });
    type(new EmulatedEncryptingReader().swipe(visa));
    await expect(next).resolves.toMatchObject({ network: 'visa' });
  });

  it('cancels and times out', async () => {
    const { reader, clock } = await keyboardLane();
    const controller = new AbortController();
    const pending = reader.read({ amountMinor: 100, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'canceled' });
    const unanswered = reader.read({ amountMinor: 100, timeoutSeconds: 30 });
    clock.advance(29_999);
    expect(clock.pending).toBe(1);
    clock.advance(1);
    await expect(unanswered).rejects.toMatchObject({ kind: 'timeout', message: 'no card within 30 s' });
    expect(clock.pending).toBe(0);
  });
});

describe('readCard: the chip-first rule and fallback', () => {
  it('refuses a swiped chip card until the chip has failed, then takes the swipe as fallback', async () => {
    const { reader, type } = await keyboardLane();
    const device = new EmulatedEncryptingReader();
    const clear = EmulatedEncryptingReader.clearSwipe(visa);
    const notices: ReadNotice[] = [];
    const pending = readCard(reader, { amountMinor: 1200, onNotice: (notice) => notices.push(notice) });
    type(clear);
    await new Promise((resolve) => setImmediate(resolve));
    type(device.chip({ ...visa, chip: 'fails' }, 1200));
    await new Promise((resolve) => setImmediate(resolve));
    type(clear);
    await expect(pending).resolves.toMatchObject({ entryMode: 'fallback-swipe', chipCard: true });
    expect(notices.map((notice) => notice.kind)).toEqual(['insert-chip', 'chip-failed', 'swipe-now']);
  });

  it('asks for the card again after a read it cannot use, and takes the next one', async () => {
    const { reader, type } = await keyboardLane();
    const notices: ReadNotice[] = [];
    const pending = readCard(reader, { amountMinor: 1200, onNotice: (notice) => notices.push(notice) });
    const swipe = new EmulatedEncryptingReader().swipe(visa);
    // A burst cut in two: its first half alone is no card.
    type(swipe.slice(0, Math.floor(swipe.length / 2)));
    await until(() => notices.length === 1, 'the cut burst refused');
    expect(notices[0]).toMatchObject({ kind: 'read-failed' });
    type(swipe);
    await expect(pending).resolves.toMatchObject({ entryMode: 'swipe', network: 'visa' });
    expect(notices.map((notice) => notice.kind)).toEqual(['read-failed']);
  });

  it('takes a stripe-only card swiped straight away', async () => {
    const { reader, type } = await keyboardLane();
    const pending = readCard(reader, { amountMinor: 1200 });
    type(EmulatedEncryptingReader.clearSwipe({ ...visa, serviceCode: '101' }));
    await expect(pending).resolves.toMatchObject({ entryMode: 'swipe', chipCard: false });
  });

  it('never allows fallback when configured with 0', async () => {
    const { reader, type, clock } = await keyboardLane();
    const notices: string[] = [];
    const pending = readCard(reader, {
      amountMinor: 1200,
      chipFailuresBeforeFallback: 0,
      timeoutSeconds: 30,
      clock,
      onNotice: (notice) => notices.push(notice.kind),
    });
    type(new EmulatedEncryptingReader().chip({ ...visa, chip: 'fails' }, 1200));
    type(EmulatedEncryptingReader.clearSwipe(visa));
    await until(
      () => notices.includes('insert-chip') && clock.pending === 1,
      'the swipe refused and the read waiting again',
    );
    expect(notices).toEqual(['chip-failed', 'insert-chip']);
    clock.advance(30_000);
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('readCard: service codes and fallback counts', () => {
  /** Swipes first, then fails the chip `failures` times, swiping after each; what the read took and what it said. */
  async function swipeThroughFailures(options: {
    serviceCode: string;
    chipFailuresBeforeFallback: number;
    failures: number;
    encrypted?: boolean;
  }) {
    const { reader, type } = await keyboardLane();
    const device = new EmulatedEncryptingReader({ clearExpiryAndServiceCode: true });
    const card = { ...visa, serviceCode: options.serviceCode };
    const swipe = () => type(options.encrypted ? device.swipe(card) : EmulatedEncryptingReader.clearSwipe(card));
    const notices: ReadNotice[] = [];
    const stop = new AbortController();
    const pending = readCard(reader, {
      amountMinor: 1200,
      chipFailuresBeforeFallback: options.chipFailuresBeforeFallback,
      signal: stop.signal,
      onNotice: (notice) => notices.push(notice),
    });
    const outcome = pending.then(
      (read) => read.entryMode,
      (error: { kind?: string }) => error.kind ?? 'error',
    );
    swipe();
    for (let failure = 0; failure < options.failures; failure++) {
      await new Promise((resolve) => setImmediate(resolve));
      type(device.chip({ ...card, chip: 'fails' }, 1200));
      await new Promise((resolve) => setImmediate(resolve));
      swipe();
    }
    // A read still waiting after the last swipe refused it: the cashier cancels.
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    return { entryMode: await outcome, notices: notices.map((notice) => notice.kind) };
  }

  it.each([
    // service code, failures needed, chip failures, what the read takes, notices
    ['201', 1, 0, 'canceled', ['insert-chip']],
    ['201', 1, 1, 'fallback-swipe', ['insert-chip', 'chip-failed', 'swipe-now']],
    ['201', 2, 1, 'canceled', ['insert-chip', 'chip-failed', 'insert-chip']],
    ['201', 2, 2, 'fallback-swipe', ['insert-chip', 'chip-failed', 'insert-chip', 'chip-failed', 'swipe-now']],
    ['201', 0, 2, 'canceled', ['insert-chip', 'chip-failed', 'insert-chip', 'chip-failed', 'insert-chip']],
    ['601', 1, 0, 'canceled', ['insert-chip']],
    ['601', 1, 1, 'fallback-swipe', ['insert-chip', 'chip-failed', 'swipe-now']],
    ['101', 1, 0, 'swipe', []],
    ['120', 2, 0, 'swipe', []],
  ] as const)(
    'a clear swipe with service code %s, fallback after %i failures, %i failed: %s',
    async (serviceCode, chipFailuresBeforeFallback, failures, entryMode, notices) => {
      expect(await swipeThroughFailures({ serviceCode, chipFailuresBeforeFallback, failures })).toEqual({
        entryMode,
        notices,
      });
    },
  );

  it.each([
    ['201', 0, 'canceled', ['insert-chip']],
    ['201', 1, 'fallback-swipe', ['insert-chip', 'chip-failed', 'swipe-now']],
    ['101', 0, 'swipe', []],
  ] as const)(
    'an encrypted swipe whose masked tracks show service code %s, %i failed: %s',
    async (serviceCode, failures, entryMode, notices) => {
      expect(
        await swipeThroughFailures({ serviceCode, chipFailuresBeforeFallback: 1, failures, encrypted: true }),
      ).toEqual({ entryMode, notices });
    },
  );
});

describe('keyedCardRead', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('takes a valid keyed card', () => {
    expect(keyedCardRead({ account: '5454 5454 5454 5454', expiry: '12/28', cvv: '112' }, now)).toMatchObject({
      entryMode: 'keyed',
      track: '',
      keyed: { account: '5454545454545454', expiry: '1228', cvv: '112' },
      maskedPan: '545454******5454',
      network: 'mastercard',
    });
    expect(keyedCardRead({ account: '371449635398431', expiry: '1126', cvv: '1234' }, now).keyed?.cvv).toBe('1234');
  });

  it.each(
    [
      [{ account: '54545454', expiry: '1228' }, 'card number: enter 12 to 19 digits'],
      [{ account: '5454545454545455', expiry: '1228' }, 'card number: a digit is wrong'],
      [{ account: '5454545454545454', expiry: '1328' }, 'expiry: enter the month and year as MMYY'],
      [{ account: '5454545454545454', expiry: '1026' }, 'expiry: the card has expired'],
      [{ account: '371449635398431', expiry: '1228', cvv: '112' }, 'CVV: enter the 4 digits on the card'],
    ].map(([input, message]) => [message as string, input as { account: string; expiry: string; cvv?: string }]),
  )('refuses a keyed card: %s', (message, input) => {
    expect(() => keyedCardRead(input, now)).toThrow(message);
  });
});

describe('IdtechHidReader', () => {
  async function hidLane() {
    const { host, device } = createMemoryPair('HID reader');
    const reader = new IdtechHidReader(host);
    await reader.open();
    await device.open();
    const send = async (reports: Uint8Array[]) => {
      for (const report of reports) await device.write(report);
    };
    return { reader, send };
  }

  it('reads a binary swipe record and a chip record carried in 64-byte reports', async () => {
    const { reader, send } = await hidLane();
    const emulated = new EmulatedEncryptingReader();
    const swipe = reader.read({ amountMinor: 100 });
    await send(toHidReports(emulated.swipeBinary(visa), { envelope: false }));
    const read = await swipe;
    expect(read).toMatchObject({ entryMode: 'swipe', maskedPan: '4788********1443', encrypted: true });
    expect(read.track.startsWith('02')).toBe(true);
    const chip = reader.read({ amountMinor: 100 });
    await send(toHidReports(emulated.chipRecord(visa, 100)));
    await expect(chip).resolves.toMatchObject({ entryMode: 'chip', aid: 'A0000000031010' });
  });

  it('reports a chip error and a disconnect', async () => {
    const { host, device } = createMemoryPair('HID reader');
    const reader = new IdtechHidReader(host);
    await reader.open();
    await device.open();
    const reasons: string[] = [];
    reader.on('chip-error', (reason) => reasons.push(reason));
    for (const report of toHidReports(new EmulatedEncryptingReader().chipRecord({ ...visa, chip: 'fails' }, 100)))
      await device.write(report);
    await until(() => reasons.length > 0, 'the chip error');
    expect(reasons).toEqual(['the chip could not be read (reader status 0005)']);
    const pending = reader.read({ amountMinor: 100 });
    host.unplug();
    await expect(pending).rejects.toMatchObject({ kind: 'disconnected' });
  });
});

describe('RecordFramer', () => {
  const emulated = new EmulatedEncryptingReader();
  const records = [emulated.swipeBinary(visa), toHidReports(emulated.chipRecord(visa, 100), { reportSize: 4096 })[0]!];
  const trimmed = records.map((record, i) =>
    i === 1 ? record.subarray(0, record.findLastIndex((b) => b === 0x03) + 1) : record,
  );

  it('finds the same records whatever the chunking, with noise and padding between them', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 40 }).map((noise) => noise.filter((byte) => byte !== 0x02)),
        fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 20 }),
        (noise, cuts) => {
          const stream = Buffer.concat([noise, trimmed[0]!, Buffer.alloc(13), noise, trimmed[1]!, noise]);
          const framer = new RecordFramer();
          const found: Uint8Array[] = [];
          let offset = 0;
          let i = 0;
          while (offset < stream.length) {
            const size = cuts[i++ % cuts.length] ?? 1;
            found.push(...framer.push(stream.subarray(offset, offset + size)));
            offset += size;
          }
          expect(found.map((record) => Buffer.from(record).toString('hex'))).toEqual(
            trimmed.map((record) => Buffer.from(record).toString('hex')),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('skips a damaged record and keeps its memory bounded on garbage', () => {
    const damaged = Uint8Array.from(trimmed[0]!);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    const framer = new RecordFramer();
    expect(framer.push(Buffer.concat([damaged, trimmed[1]!]))).toHaveLength(1);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), (garbage) => {
        const bounded = new RecordFramer();
        bounded.push(garbage);
        expect(bounded.pending).toBeLessThanOrEqual(4096 + 6);
      }),
      { numRuns: 30 },
    );
  });
});
