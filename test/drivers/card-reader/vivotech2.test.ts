import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import {
  amountBcd,
  crc16Ccitt,
  encodeFrame,
  FrameDecoder,
  ViVOtech2Reader,
} from '../../../drivers/card-reader/vivotech2';
import { ansiTestBdk } from '../../../drivers/card-reader/dukpt';
import { decryptReaderOutput } from '../../../drivers/card-reader/decrypt';
import type { EmulatedCard } from '../../../src-main/stand-ins/devices/encrypting-reader';
import { EmulatedViVOtech2Reader } from '../../../src-main/stand-ins/devices/vivotech2-reader';
import { createMemoryPair } from '../../../drivers/transport/memory';
import { ManualClock } from '../../support/manual-clock';
import { serialLinks } from '../../support/driver-serial-links';
import { deckCard } from '../../support/driver-deck';
import { until } from '../../support/until';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));

const card: EmulatedCard = deckCard('mastercard-pin');

describe('ViVOtech2 framing', () => {
  it('is CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16Ccitt(Buffer.from('123456789')).toString(16)).toBe('29b1');
  });

  it('writes the ping command exactly as the developer guide shows it (CRC low byte first)', () => {
    expect([...encodeFrame('command', { command: 0x18, code: 0x01, data: new Uint8Array(0) })]).toEqual([
      ...bytes('56 69 56 4F 74 65 63 68 32 00 18 01 00 00 B3 CD'),
    ]);
  });

  it('reads the guide’s ping response (CRC high byte first)', () => {
    const decoder = new FrameDecoder('response');
    expect(decoder.push(bytes('56 69 56 4F 74 65 63 68 32 00 18 00 00 00 FA 83'))).toEqual({
      frames: [{ command: 0x18, code: 0, data: new Uint8Array(0) }],
      errors: [],
    });
  });

  it('finds the same frames in any chunking, after garbage, one byte at a time', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            command: fc.integer({ min: 0, max: 255 }),
            code: fc.integer({ min: 0, max: 255 }),
            data: fc.uint8Array({ maxLength: 300 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.uint8Array({ maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 10 }),
        (frames, garbage, cuts) => {
          const stream = Buffer.concat([garbage, ...frames.map((frame) => encodeFrame('response', frame))]);
          const decoder = new FrameDecoder('response');
          const found = [];
          let offset = 0;
          for (let i = 0; offset < stream.length; i++) {
            const size = cuts[i % cuts.length] ?? 1;
            found.push(...decoder.push(stream.subarray(offset, offset + size)).frames);
            offset += size;
          }
          expect(found.map((frame) => ({ ...frame, data: [...frame.data] }))).toEqual(
            frames.map((frame) => ({ ...frame, data: [...frame.data] })),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rejects a corrupted CRC with a typed error and recovers for the next frame', () => {
    const good = encodeFrame('response', { command: 0x18, code: 0, data: new Uint8Array(0) });
    const bad = Uint8Array.from(good);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 1;
    const { frames, errors } = new FrameDecoder('response').push(Buffer.concat([bad, good]));
    expect(frames).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(CardReaderError);
    expect(errors[0]?.message).toBe('a frame failed its CRC check');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (noise) => {
        const result = new FrameDecoder('command').push(noise);
        for (const error of result.errors) expect(error).toBeInstanceOf(CardReaderError);
      }),
      { numRuns: 50 },
    );
  });

  it('encodes amounts as 6-byte BCD', () => {
    expect(Buffer.from(amountBcd(2500)).toString('hex')).toBe('000000002500');
    expect(() => amountBcd(-1)).toThrow(RangeError);
  });
});

describe('ViVOtech2Reader against the emulated reader', () => {
  async function lane() {
    const { host, device } = createMemoryPair('NEO');
    const clock = new ManualClock();
    const reader = new ViVOtech2Reader(host, { replyTimeoutMs: 300, clock });
    const peer = new EmulatedViVOtech2Reader(device, { clock });
    await device.open();
    await reader.open();
    return { reader, peer, host, device, clock };
  }

  it('pings, and reads an inserted and a tapped card with the amount', async () => {
    const { reader, peer } = await lane();
    expect(await reader.ping()).toBe(true);
    const inserted = reader.read({ amountMinor: 2500, timeoutSeconds: 5 });
    await until(() => peer.received.includes('02-01'), 'the transaction at the reader');
    peer.presentCard(card);
    const read = await inserted;
    expect(read).toMatchObject({
      entryMode: 'chip',
      network: 'mastercard',
      maskedPan: '5454********5454',
      encrypted: true,
      cvm: { method: 'pin' },
    });
    // The record carries the amount the terminal sent, and decrypts at the gateway.
    expect(decryptReaderOutput(read.track, ansiTestBdk)).toMatchObject({ pan: '5454545454545454' });
    peer.presentCard(card, 'contactless');
    await expect(reader.read({ amountMinor: 900 })).resolves.toMatchObject({ entryMode: 'contactless' });
    expect(peer.received).toEqual(['18-01', '02-01', '02-01']);
  });

  it('cancels on the reader when the signal aborts', async () => {
    const { reader, peer } = await lane();
    const controller = new AbortController();
    const pending = reader.read({ amountMinor: 100, timeoutSeconds: 30, signal: controller.signal });
    await until(() => peer.received.includes('02-01'), 'the transaction at the reader');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'canceled' });
    await until(() => peer.received.length === 2, 'the cancel at the reader');
    expect(peer.received).toEqual(['02-01', '05-01']);
    expect(await reader.ping()).toBe(true);
  });

  it('reads the reply that waits in the queue when a stalled loop lets the reply deadline pass first', async () => {
    const { reader, clock } = await lane();
    const ping = reader.ping();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(clock.pending).toBe(1);
    // The loop comes back after the deadline; the reply has not crossed the link yet.
    clock.advance(500);
    await expect(ping).resolves.toBe(true);
  });

  it('reports the reader’s timeout, a reply that never comes, and a disconnect', async () => {
    const { reader, peer, host, device, clock } = await lane();
    const unanswered = reader.read({ amountMinor: 100, timeoutSeconds: 1 });
    await until(() => peer.received.includes('02-01'), 'the transaction at the reader');
    clock.advance(1000);
    await expect(unanswered).rejects.toMatchObject({ kind: 'timeout', message: 'no card within 1 s' });
    await device.close();
    const ping = reader.ping();
    await until(() => clock.pending > 0, 'the ping sent');
    clock.advance(300);
    await expect(ping).rejects.toMatchObject({ kind: 'timeout' });
    const pending = reader.read({ amountMinor: 100, timeoutSeconds: 5 });
    host.unplug();
    await expect(pending).rejects.toMatchObject({ kind: 'disconnected' });
  });
});

describe('ViVOtech2 over a real serial pseudo-terminal', () => {
  const serial = serialLinks();

  it('reads a card from the emulated reader on the far end', async () => {
    const { host, device } = await serial.link({ baudRate: 19200 });
    const peer = new EmulatedViVOtech2Reader(device);
    const reader = new ViVOtech2Reader(host);
    await reader.open();
    expect(await reader.ping()).toBe(true);
    peer.presentCard(card);
    await expect(reader.read({ amountMinor: 4200, timeoutSeconds: 5 })).resolves.toMatchObject({
      entryMode: 'chip',
      lastFour: '5454',
    });
  });
});
