import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultIsdv4Pad,
  EmulatedIsdv4Pad,
  encodeIsdv4PenPacket,
  encodeIsdv4QueryReply,
} from '../../../src-main/stand-ins/devices/isdv4-pad';
import { loadSignatures } from '../../../src-main/stand-ins/devices/signature-replay';
import { Isdv4Framer, Isdv4Pad, parseIsdv4PenPacket, parseIsdv4QueryReply } from '../../../drivers/signature-pad/isdv4';
import { createMemoryPair, type MemoryTransport } from '../../../drivers/transport/memory';
import { serialLinks } from '../../support/driver-serial-links';
import { ManualClock } from '../../support/manual-clock';
import { until } from '../../support/until';

const signatures = loadSignatures('assets/signatures');
const neatName = signatures.get('neat-name')!;
const settle = () => new Promise((resolve) => setImmediate(resolve));
/** Waits (up to 2 s) for what the far end of a link does once bytes arrive. */
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));

describe('ISDV4 packets', () => {
  it('reads a pen packet bit by bit as the kernel driver does', () => {
    // Proximity + tip; X = 0x1234 (0x09, 0x0D, low bits 0), Y = 0x0567 (0x02, 0x59, low bits 3),
    // pressure 0x1A5 (0x25 and 3 in byte 6).
    const packet = bytes('A1 09 0D 02 59 25 1B 05 06');
    expect(parseIsdv4PenPacket(packet)).toEqual({
      proximity: true,
      tip: true,
      side: false,
      side2: false,
      x: 0x1234,
      y: 0x567,
      pressure: 0x1a5,
      tiltX: 5,
      tiltY: 6,
    });
  });

  it('reads a query reply: maximum X, Y, pressure and the firmware version', () => {
    const reply = parseIsdv4QueryReply(encodeIsdv4QueryReply(defaultIsdv4Pad));
    expect(reply).toEqual(defaultIsdv4Pad);
    expect(encodeIsdv4QueryReply(defaultIsdv4Pad)[0]).toBe(0xc0);
  });

  it('round-trips any pen packet', () => {
    fc.assert(
      fc.property(
        fc.record({
          proximity: fc.boolean(),
          tip: fc.boolean(),
          side: fc.boolean(),
          side2: fc.boolean(),
          x: fc.integer({ min: 0, max: 0xffff }),
          y: fc.integer({ min: 0, max: 0xffff }),
          pressure: fc.integer({ min: 0, max: 1023 }),
          tiltX: fc.integer({ min: 0, max: 127 }),
          tiltY: fc.integer({ min: 0, max: 127 }),
        }),
        (packet) => {
          expect(parseIsdv4PenPacket(encodeIsdv4PenPacket(packet))).toEqual(packet);
        },
      ),
    );
  });

  it('names what is wrong with a damaged packet', () => {
    expect(() => parseIsdv4PenPacket(bytes('A1 09 0D 02 59 25 1B 05'))).toThrow(/9 bytes, not 8/);
    expect(() => parseIsdv4PenPacket(bytes('A1 89 0D 02 59 25 1B 05 06'))).toThrow(/byte 1 .* bit 7/);
    expect(() => parseIsdv4QueryReply(bytes('A1 09 0D 02 59 25 1B 05 06 00 00'))).toThrow(/control bit/);
  });
});

describe('Isdv4Framer', () => {
  const stream = [
    encodeIsdv4QueryReply(defaultIsdv4Pad),
    ...Array.from({ length: 20 }, (_, i) =>
      encodeIsdv4PenPacket({
        proximity: true,
        tip: i % 3 !== 0,
        side: false,
        side2: false,
        x: i * 97,
        y: i * 31,
        pressure: i * 40,
        tiltX: 0,
        tiltY: 0,
      }),
    ),
  ];
  const whole = Uint8Array.from(stream.flatMap((packet) => [...packet]));

  it('finds every packet in any chunking, after garbage, one byte at a time', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 20 }).map((garbage) => garbage.map((byte) => byte & 0x7f)),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1 }),
        (garbage, cuts) => {
          const framer = new Isdv4Framer();
          const input = Uint8Array.from([...garbage, ...whole]);
          const found = [];
          let at = 0;
          for (let i = 0; at < input.length; i++) {
            const size = cuts[i % cuts.length]!;
            found.push(...framer.push(input.subarray(at, at + size)));
            at += size;
          }
          expect(found.map((packet) => [...packet.bytes])).toEqual(stream.map((packet) => [...packet]));
          expect(framer.dropped).toBe(garbage.length);
        },
      ),
    );
  });

  it('drops a packet cut short by the next header and a touch packet, then carries on', () => {
    const framer = new Isdv4Framer();
    const pen = encodeIsdv4PenPacket({
      proximity: true,
      tip: true,
      side: false,
      side2: false,
      x: 1,
      y: 2,
      pressure: 3,
      tiltX: 0,
      tiltY: 0,
    });
    const found = framer.push(Uint8Array.from([...pen.subarray(0, 5), 0x90, 1, 2, 3, 4, ...pen]));
    expect(found).toHaveLength(1);
    expect(framer.dropped).toBe(10);
  });

  it('never throws and never yields a malformed packet, whatever arrives', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (input) => {
        for (const packet of new Isdv4Framer().push(input)) {
          if (packet.kind === 'pen') expect(() => parseIsdv4PenPacket(packet.bytes)).not.toThrow();
          else expect(() => parseIsdv4QueryReply(packet.bytes)).not.toThrow();
        }
      }),
    );
  });
});

describe('Isdv4Pad against the emulated pad', () => {
  const ends: MemoryTransport[] = [];
  afterEach(async () => {
    await Promise.all(ends.splice(0).map((end) => end.close()));
  });
  const open = async () => {
    const { host, device } = createMemoryPair('ISDV4 pad');
    ends.push(host, device);
    await device.open();
    const peer = new EmulatedIsdv4Pad(device);
    const pad = new Isdv4Pad(host, { stopSettleMs: 1 });
    await pad.open();
    await until(() => peer.sampling);
    return { pad, peer, host, device };
  };

  it('stops, queries and starts the pad, and takes its range from the reply', async () => {
    const { pad, peer } = await open();
    expect(peer.received).toEqual(['0', '*', '1']);
    expect(pad.extent).toEqual({ width: 10_000, height: 3_000, maxPressure: 1023 });
    await pad.close();
    await until(() => !peer.sampling);
    expect(peer.received.at(-1)).toBe('0');
  });

  it('captures a recorded signature, scaled into the pad’s range', async () => {
    const { pad, peer } = await open();
    const capture = pad.capture();
    await peer.sign(neatName, { speed: 0 });
    await settle();
    pad.accept();
    const strokes = await capture;
    expect(strokes).toMatchObject({ width: 10_000, height: 3_000 });
    expect(strokes.strokes).toHaveLength(neatName.strokes.length);
    expect(strokes.strokes[0]![0]).toEqual({ x: neatName.strokes[0]![0]!.x * 5, y: neatName.strokes[0]![0]!.y * 5 });
  });

  it('never draws with the eraser end (side switch 2 set on entering proximity)', async () => {
    const { pad, peer } = await open();
    const capture = pad.capture();
    for (const [tip, inRange] of [
      [false, true],
      [true, true],
      [true, true],
    ] as const)
      await peer.report({ x: 100, y: 100 + Number(tip), tip, inRange, pressure: 500 }, { side2: true });
    await peer.report({ x: 100, y: 100, tip: false, inRange: false, pressure: 0 });
    await settle();
    expect(() => pad.accept()).toThrow(expect.objectContaining({ kind: 'empty' }));
    pad.cancel();
    await expect(capture).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('fails to open, naming the baud rate, when the pad never answers the query', async () => {
    const { host, device } = createMemoryPair('silent pad');
    ends.push(host, device);
    await device.open();
    const clock = new ManualClock();
    const pad = new Isdv4Pad(host, { stopSettleMs: 250, queryTimeoutMs: 1000, clock });
    const opening = pad.open();
    const refused = expect(opening).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/38400 or 19200/),
    });
    let settled = false;
    void opening.catch(() => (settled = true));
    // The stop's settle pause, then the query's whole second: the pad is still waited for until then.
    await until(() => clock.pending === 1, 'the settle pause');
    clock.advance(250);
    await until(() => clock.pending === 1, 'the query deadline');
    clock.advance(999);
    await new Promise((turn) => setImmediate(turn));
    expect(settled).toBe(false);
    clock.advance(1);
    await refused;
    expect(host.isOpen).toBe(false);
  });
});

describe('ISDV4 over a real serial pseudo-terminal', () => {
  const serial = serialLinks();

  it('captures a signature at 38400 baud, and sets the pad up again after it was unplugged', async () => {
    const { pair, host, device } = await serial.link({ baudRate: 38_400, backoff: { initialMs: 20, maxMs: 100 } });
    // What the pad sent and what the host has read: the test waits for the host to catch up.
    let sent = 0;
    let read = 0;
    host.on('data', (chunk) => (read += chunk.length));
    const write = device.write.bind(device);
    device.write = (bytes) => ((sent += bytes.length), write(bytes));
    const peer = new EmulatedIsdv4Pad(device);
    // An accept button in the pad's corner: the tap arrives after every packet of the signature,
    // so the capture ends exactly when all of it has been read, however slow the machine.
    const pad = new Isdv4Pad(host, { buttons: { accept: { x: 9500, y: 2700, width: 500, height: 300 } } });
    await pad.open();
    await until(() => peer.sampling);
    const capture = pad.capture();
    await peer.sign(signatures.get('long-messy')!, { speed: 0 });
    await peer.tap(9800, 2900);
    const strokes = await capture;
    expect(strokes.strokes).toHaveLength(signatures.get('long-messy')!.strokes.length);

    // Let the host read the tap's last packet before the far end vanishes: a pseudo-terminal
    // killed with bytes still unread does not always report the hang-up to serialport.
    await until(() => read === sent, 'the host read every byte the pad sent');
    const connected = new Promise((resolve) => pad.once('connected', () => resolve(undefined)));
    const lost = expect(pad.capture()).rejects.toMatchObject({ kind: 'disconnected' });
    await pair.restart();
    await lost;
    await connected;
    expect(peer.received.filter((command) => command === '*').length).toBeGreaterThanOrEqual(2);
    await until(() => peer.sampling);
    const again = pad.capture();
    await peer.sign(neatName, { speed: 0 });
    await peer.tap(9800, 2900);
    await expect(again).resolves.toMatchObject({
      width: 10_000,
      height: 3_000,
      strokes: { length: neatName.strokes.length },
    });
  });
});
