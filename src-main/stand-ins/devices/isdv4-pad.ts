import { isdv4, type Isdv4PenPacket, type Isdv4QueryReply } from '../../../drivers/signature-pad/isdv4';
import type { PadExtent, PenSample, SignatureStrokes } from '../../../drivers/signature-pad/types';
import type { Transport } from '../../../drivers/transport/types';
import { penSamples, replaySamples, tapSamples, type ReplayOptions, type ReplayTiming } from './signature-replay';

/** Writes X/Y (16 bits as 7 + 7 + 2) and pressure (10 bits as 7 + 3) where ISDV4 puts them. */
function packAxes(packet: Uint8Array, x: number, y: number, pressure: number): void {
  packet[1] = (x >> 9) & 0x7f;
  packet[2] = (x >> 2) & 0x7f;
  packet[3] = (y >> 9) & 0x7f;
  packet[4] = (y >> 2) & 0x7f;
  packet[5] = pressure & 0x7f;
  packet[6] = ((x & 0x3) << 5) | ((y & 0x3) << 3) | ((pressure >> 7) & 0x7);
}

export function encodeIsdv4PenPacket(packet: Isdv4PenPacket): Uint8Array {
  const bytes = new Uint8Array(isdv4.penPacketLength);
  const { status } = isdv4;
  bytes[0] =
    isdv4.headerBit |
    (packet.proximity ? status.proximity : 0) |
    (packet.side2 ? status.side2 : 0) |
    (packet.side ? status.side : 0) |
    (packet.tip ? status.tip : 0);
  packAxes(bytes, packet.x, packet.y, packet.pressure);
  bytes[7] = packet.tiltX & 0x7f;
  bytes[8] = packet.tiltY & 0x7f;
  return bytes;
}

export function encodeIsdv4QueryReply(reply: Isdv4QueryReply): Uint8Array {
  const bytes = new Uint8Array(isdv4.controlPacketLength);
  bytes[0] = isdv4.headerBit | isdv4.controlBit;
  packAxes(bytes, reply.maxX, reply.maxY, reply.maxPressure);
  bytes[7] = reply.maxTiltY & 0x7f;
  bytes[8] = reply.maxTiltX & 0x7f;
  bytes[9] = (reply.version >> 7) & 0x7f;
  bytes[10] = reply.version & 0x7f;
  return bytes;
}

/** A pen digitizer's range: 0.01 mm units over a 100 x 30 mm signing area, 1024 pressure levels. */
export const defaultIsdv4Pad: Isdv4QueryReply = {
  maxX: 10_000,
  maxY: 3_000,
  maxPressure: 1023,
  maxTiltX: 0,
  maxTiltY: 0,
  version: 0x0105,
};

/**
 * The device side of an ISDV4 pen pad, for training and the serial tests (over a
 * pseudo-terminal pair): answers the query with its range, samples only between Start and Stop,
 * and signs recorded signatures as pen packets. Bytes that are not a command are ignored, as the
 * digitizer does.
 */
export class EmulatedIsdv4Pad {
  readonly reply: Isdv4QueryReply;
  readonly #transport: Transport;
  #sampling = false;
  /** Commands received, for tests: "0", "*", "1". */
  readonly received: string[] = [];

  constructor(transport: Transport, reply: Isdv4QueryReply = defaultIsdv4Pad) {
    this.#transport = transport;
    this.reply = reply;
    transport.on('data', (chunk) => {
      for (const byte of chunk) this.#command(byte);
    });
  }

  get sampling(): boolean {
    return this.#sampling;
  }

  get extent(): PadExtent {
    return { width: this.reply.maxX, height: this.reply.maxY, maxPressure: this.reply.maxPressure };
  }

  #command(byte: number): void {
    const { commands } = isdv4;
    if (byte === commands.stop) this.#sampling = false;
    else if (byte === commands.start) this.#sampling = true;
    else if (byte === commands.query)
      void this.#transport.write(encodeIsdv4QueryReply(this.reply)).catch(() => undefined);
    else return;
    this.received.push(String.fromCharCode(byte));
  }

  /** Sends one pen packet, if the host has started sampling (a stopped digitizer sends nothing). */
  async report(sample: PenSample, extra: Partial<Pick<Isdv4PenPacket, 'side' | 'side2'>> = {}): Promise<boolean> {
    if (!this.#sampling) return false;
    const packet = {
      proximity: sample.inRange,
      tip: sample.tip,
      side: extra.side ?? false,
      side2: extra.side2 ?? false,
      x: sample.x,
      y: sample.y,
      pressure: sample.pressure ?? 0,
      tiltX: 0,
      tiltY: 0,
    };
    await this.#transport.write(encodeIsdv4PenPacket(packet));
    return true;
  }

  /** A tap at one point: pen in range, down, up, out of range (a button on the pad's surface). */
  async tap(x: number, y: number): Promise<void> {
    for (const sample of tapSamples(x, y, Math.round(this.reply.maxPressure / 2))) await this.report(sample);
  }

  /** Signs a recorded signature at `speed` (1 real time, 0 back to back). */
  async sign(signature: SignatureStrokes, options: ReplayOptions & ReplayTiming = {}): Promise<void> {
    if (!this.#sampling) throw new Error('the emulated ISDV4 pad has not been started by the host');
    await replaySamples(
      penSamples(signature, this.extent, options),
      async (sample) => void (await this.report(sample)),
      options,
    );
  }
}
