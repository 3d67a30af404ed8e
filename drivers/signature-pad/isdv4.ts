import { systemClock, type Clock } from '../../src-main/platform/clock';
import { setAnswerDeadline } from '../clock';
import type { Transport } from '../transport/types';
import { PenSignaturePad, type PenPadOptions } from './pen-pad';
import { type PadExtent, type PenSample, SignaturePadError } from './types';

/**
 * Wacom ISDV4, the serial protocol of Wacom's pen digitizers (serial tablet PCs, pen displays
 * and signature pads built on them), as the Linux kernel's wacom_w8001 driver and
 * xf86-input-wacom read it:
 * - 38400 baud 8N1 (older digitizers 19200);
 * - host commands are single ASCII bytes: '0' stop, '*' query, '1' start sampling;
 * - the first byte of every packet has bit 7 set and no other byte does, so a reader can always
 *   find the next packet;
 * - a query reply is 11 bytes with the control bit (0x40) set: maximum X, Y and pressure;
 * - a pen packet is 9 bytes: byte 0 holds proximity (0x20), side switch 2 / eraser (0x04), side
 *   switch (0x02) and tip (0x01); X and Y are 16 bits (7 + 7 + 2 split over bytes 1, 2, 6 and
 *   3, 4, 6), pressure 10 bits (byte 5 and the low 3 bits of byte 6), then tilt X and Y;
 * - touch packets (0x10 in byte 0) come from finger-touch models; a pen pad ignores them.
 */
export const isdv4 = {
  baudRate: 38_400,
  commands: { stop: 0x30, query: 0x2a, start: 0x31 },
  headerBit: 0x80,
  controlBit: 0x40,
  touchBit: 0x10,
  penPacketLength: 9,
  controlPacketLength: 11,
  /** The longest packet any ISDV4 model sends (two-finger touch). */
  maxPacketLength: 13,
  status: { proximity: 0x20, side2: 0x04, side: 0x02, tip: 0x01 },
  /** Resolution of the pen coordinates, points per millimetre. */
  pointsPerMillimetre: 100,
} as const;

export interface Isdv4PenPacket {
  readonly proximity: boolean;
  readonly tip: boolean;
  readonly side: boolean;
  /** Side switch 2, or the eraser end when the pen came into proximity with it set. */
  readonly side2: boolean;
  readonly x: number;
  readonly y: number;
  readonly pressure: number;
  readonly tiltX: number;
  readonly tiltY: number;
}

export interface Isdv4QueryReply {
  readonly maxX: number;
  readonly maxY: number;
  readonly maxPressure: number;
  readonly maxTiltX: number;
  readonly maxTiltY: number;
  readonly version: number;
}

const malformed = (message: string) => new SignaturePadError('malformed', message);

function axes(packet: Uint8Array): { x: number; y: number; pressure: number } {
  const b = (i: number) => packet[i] ?? 0;
  return {
    x: ((b(1) & 0x7f) << 9) | ((b(2) & 0x7f) << 2) | ((b(6) & 0x60) >> 5),
    y: ((b(3) & 0x7f) << 9) | ((b(4) & 0x7f) << 2) | ((b(6) & 0x18) >> 3),
    pressure: (b(5) & 0x7f) | ((b(6) & 0x07) << 7),
  };
}

function check(packet: Uint8Array, length: number, control: boolean, what: string): void {
  if (packet.length !== length) throw malformed(`an ISDV4 ${what} is ${length} bytes, not ${packet.length}`);
  if ((packet[0]! & isdv4.headerBit) === 0) throw malformed(`an ISDV4 ${what} starts with a byte with bit 7 set`);
  if (((packet[0]! & isdv4.controlBit) !== 0) !== control)
    throw malformed(`an ISDV4 ${what} ${control ? 'has' : 'does not have'} the control bit (0x40)`);
  for (let i = 1; i < packet.length; i++)
    if (packet[i]! & 0x80) throw malformed(`byte ${i} of an ISDV4 ${what} has bit 7 set`);
}

export function parseIsdv4PenPacket(packet: Uint8Array): Isdv4PenPacket {
  check(packet, isdv4.penPacketLength, false, 'pen packet');
  const status = packet[0]!;
  return {
    proximity: (status & isdv4.status.proximity) !== 0,
    tip: (status & isdv4.status.tip) !== 0,
    side: (status & isdv4.status.side) !== 0,
    side2: (status & isdv4.status.side2) !== 0,
    ...axes(packet),
    tiltX: packet[7]! & 0x7f,
    tiltY: packet[8]! & 0x7f,
  };
}

export function parseIsdv4QueryReply(packet: Uint8Array): Isdv4QueryReply {
  check(packet, isdv4.controlPacketLength, true, 'query reply');
  const { x, y, pressure } = axes(packet);
  return {
    maxX: x,
    maxY: y,
    maxPressure: pressure,
    maxTiltY: packet[7]!,
    maxTiltX: packet[8]!,
    version: (packet[9]! << 7) | packet[10]!,
  };
}

export type Isdv4Packet = { readonly kind: 'pen' | 'control'; readonly bytes: Uint8Array };

/**
 * Cuts an ISDV4 byte stream, in any chunking, into pen packets and control replies. Bytes before
 * a header byte, touch packets, and packets cut short by the next header are dropped (counted in
 * `dropped`), so a reader that joins mid-stream or loses a byte picks up at the next packet.
 */
export class Isdv4Framer {
  #packet: number[] = [];
  #inPacket = false;
  dropped = 0;

  push(chunk: Uint8Array): Isdv4Packet[] {
    const out: Isdv4Packet[] = [];
    for (const byte of chunk) {
      if (byte & isdv4.headerBit) {
        if (this.#inPacket && this.#packet.length > 0) this.dropped += this.#packet.length;
        this.#packet = [byte];
        this.#inPacket = true;
      } else if (!this.#inPacket) {
        this.dropped++;
        continue;
      } else {
        this.#packet.push(byte);
      }
      const first = this.#packet[0]!;
      const control = (first & isdv4.controlBit) !== 0;
      const touch = !control && (first & isdv4.touchBit) !== 0;
      const length = control ? isdv4.controlPacketLength : isdv4.penPacketLength;
      if (touch) {
        // Touch packets run to the next header; they are never ours to read.
        if (this.#packet.length >= isdv4.maxPacketLength) this.#reset();
        continue;
      }
      if (this.#packet.length === length) {
        out.push({ kind: control ? 'control' : 'pen', bytes: Uint8Array.from(this.#packet) });
        this.#packet = [];
        this.#inPacket = false;
      }
    }
    return out;
  }

  #reset(): void {
    this.dropped += this.#packet.length;
    this.#packet = [];
    this.#inPacket = false;
  }

  reset(): void {
    this.#packet = [];
    this.#inPacket = false;
  }
}

export interface Isdv4PadOptions extends PenPadOptions {
  /** How long to wait for the query reply (default 1000 ms, as the kernel driver does). */
  readonly queryTimeoutMs?: number;
  /** The pause after Stop before the query (default 250 ms, as the kernel driver does). */
  readonly stopSettleMs?: number;
  /** Times the settle pause and the query's deadline (the system clock unless a test passes its own). */
  readonly clock?: Clock;
}

/**
 * A serial pen pad speaking ISDV4. On every (re)connection it stops the pad, queries its range
 * and starts sampling; closing stops it again.
 */
export class Isdv4Pad extends PenSignaturePad {
  readonly protocol = 'isdv4';
  readonly #framer = new Isdv4Framer();
  readonly #queryTimeoutMs: number;
  readonly #stopSettleMs: number;
  readonly #clock: Clock;
  #reply: ((reply: Isdv4QueryReply) => void) | undefined;
  /** The pen came into proximity with side switch 2 set: it is the eraser end until it leaves. */
  #eraser = false;
  #wasInProximity = false;
  #reportedDrops = 0;

  constructor(transport: Transport, options: Isdv4PadOptions = {}) {
    super(transport, options);
    this.#queryTimeoutMs = options.queryTimeoutMs ?? 1000;
    this.#stopSettleMs = options.stopSettleMs ?? 250;
    this.#clock = options.clock ?? systemClock;
  }

  protected override reopened(): void {
    this.#framer.reset();
    this.#wasInProximity = false;
    this.#eraser = false;
  }

  protected override async start(): Promise<void> {
    await this.transport.write(Uint8Array.of(isdv4.commands.stop));
    await this.#clock.sleep(this.#stopSettleMs);
    const reply = new Promise<Isdv4QueryReply>((resolve, reject) => {
      // A reply waiting in the queue behind a stalled loop still counts (drivers/clock.ts).
      const cancelDeadline = setAnswerDeadline(
        this.#clock,
        () => {
          this.#reply = undefined;
          reject(
            new SignaturePadError(
              'timeout',
              `no ISDV4 query reply from ${this.transport.description} within ${this.#queryTimeoutMs} ms (is the baud rate right? ISDV4 pads run at 38400 or 19200)`,
            ),
          );
        },
        this.#queryTimeoutMs,
      );
      this.#reply = (answer) => {
        cancelDeadline();
        this.#reply = undefined;
        resolve(answer);
      };
    });
    await this.transport.write(Uint8Array.of(isdv4.commands.query));
    const { maxX, maxY, maxPressure } = await reply;
    this.setExtent({
      width: maxX,
      height: maxY,
      maxPressure: maxPressure > 0 ? maxPressure : undefined,
    } satisfies PadExtent);
    await this.transport.write(Uint8Array.of(isdv4.commands.start));
  }

  override async close(): Promise<void> {
    if (this.transport.isOpen) await this.transport.write(Uint8Array.of(isdv4.commands.stop)).catch(() => undefined);
    await super.close();
  }

  protected receive(chunk: Uint8Array): void {
    for (const packet of this.#framer.push(chunk)) {
      try {
        if (packet.kind === 'control') this.#reply?.(parseIsdv4QueryReply(packet.bytes));
        else this.pen(this.#sample(parseIsdv4PenPacket(packet.bytes)));
      } catch (error) {
        this.fault(error as Error);
      }
    }
    if (this.#framer.dropped > this.#reportedDrops) {
      this.fault(
        malformed(
          `${this.#framer.dropped - this.#reportedDrops} bytes from the pad were not part of an ISDV4 pen packet`,
        ),
      );
      this.#reportedDrops = this.#framer.dropped;
    }
  }

  #sample(packet: Isdv4PenPacket): PenSample {
    if (packet.proximity && !this.#wasInProximity) this.#eraser = packet.side2;
    this.#wasInProximity = packet.proximity;
    if (!packet.proximity) this.#eraser = false;
    return {
      x: packet.x,
      y: packet.y,
      tip: packet.tip && !this.#eraser,
      inRange: packet.proximity,
      pressure: packet.pressure,
    };
  }
}
