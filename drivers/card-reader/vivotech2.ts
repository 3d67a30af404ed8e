import { EventEmitter } from 'node:events';
import { setAnswerDeadline } from '../clock';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import type { Transport } from '../transport/types';
import { cardReadFromEmvTlv } from './emv-record';
import { CardReaderError, malformed } from './errors';
import { encodeTlv, parseTlv } from './tlv';
import type { CardRead, CardReader, CardReaderEvents, ReadRequest } from './types';

/**
 * ID TECH's "ViVOtech2" serial protocol (NEO 2 Interface Developer's Guide, section 2.8):
 *
 *   "ViVOtech2\0" | command | sub-command (request) or status (response) | length MSB, LSB |
 *   data | CRC-16/CCITT (poly 1021, init FFFF, not reflected) over everything before it,
 *   low byte first in commands and high byte first in responses.
 */
export const frameHeader = Buffer.from('ViVOtech2\0', 'latin1');
const headerLength = 14;
const maxData = 4096;

export const commands = {
  ping: [0x18, 0x01],
  activateTransaction: [0x02, 0x01],
  cancelTransaction: [0x05, 0x01],
} as const;

/** Response status codes (the guide's status code table, the ones this driver tells apart). */
export const statusNames: Readonly<Record<number, string>> = {
  0x00: 'OK',
  0x01: 'incorrect header tag',
  0x02: 'unknown command',
  0x03: 'unknown sub-command',
  0x04: 'CRC error in frame',
  0x05: 'incorrect parameter',
  0x06: 'parameter not supported',
  0x07: 'mal-formatted data',
  0x08: 'timeout',
  0x0a: 'failed',
  0x0b: 'command not allowed',
  0x0c: 'sub-command not allowed',
  0x0d: 'buffer overflow',
};

export function crc16Ccitt(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export type FrameDirection = 'command' | 'response';

export interface Frame {
  readonly command: number;
  /** The sub-command of a command frame, the status code of a response frame. */
  readonly code: number;
  readonly data: Uint8Array;
}

export function encodeFrame(direction: FrameDirection, frame: Frame): Uint8Array {
  if (frame.data.length > maxData) throw new RangeError(`frame data is ${frame.data.length} bytes, at most ${maxData}`);
  const body = Buffer.concat([
    frameHeader,
    Buffer.from([frame.command, frame.code, frame.data.length >> 8, frame.data.length & 0xff]),
    frame.data,
  ]);
  const crc = crc16Ccitt(body);
  const tail = direction === 'command' ? [crc & 0xff, crc >> 8] : [crc >> 8, crc & 0xff];
  return Uint8Array.from(Buffer.concat([body, Buffer.from(tail)]));
}

/**
 * Finds frames in a byte stream cut anywhere: skips bytes before a header, bounds its buffer
 * to one frame, and on a bad CRC reports a `malformed` error and looks for the next header.
 */
export class FrameDecoder {
  #buffer = Buffer.alloc(0);
  constructor(readonly direction: FrameDirection) {}

  push(chunk: Uint8Array): { frames: Frame[]; errors: CardReaderError[] } {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    const frames: Frame[] = [];
    const errors: CardReaderError[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(frameHeader);
      if (start < 0) {
        // Keep a tail that could be the start of a header.
        this.#buffer = this.#buffer.subarray(Math.max(0, this.#buffer.length - (frameHeader.length - 1)));
        return { frames, errors };
      }
      this.#buffer = this.#buffer.subarray(start);
      if (this.#buffer.length < headerLength) return { frames, errors };
      const length = this.#buffer.readUInt16BE(12);
      if (length > maxData) {
        errors.push(malformed(`a frame claims ${length} data bytes (at most ${maxData})`));
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      if (this.#buffer.length < headerLength + length + 2) return { frames, errors };
      const body = this.#buffer.subarray(0, headerLength + length);
      const high = this.direction === 'command' ? headerLength + length + 1 : headerLength + length;
      const low = this.direction === 'command' ? headerLength + length : headerLength + length + 1;
      const crc = ((this.#buffer[high] ?? 0) << 8) | (this.#buffer[low] ?? 0);
      if (crc !== crc16Ccitt(body)) {
        errors.push(malformed('a frame failed its CRC check'));
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      frames.push({ command: body[10] ?? 0, code: body[11] ?? 0, data: Uint8Array.from(body.subarray(headerLength)) });
      this.#buffer = this.#buffer.subarray(headerLength + length + 2);
    }
  }
}

/** 9F02 and friends: an amount in minor units as 6-byte packed BCD. */
export function amountBcd(amountMinor: number): Uint8Array {
  if (!Number.isInteger(amountMinor) || amountMinor < 0 || amountMinor > 999_999_999_999)
    throw new RangeError('amount must be 0 to 999999999999 minor units');
  return Uint8Array.from(Buffer.from(String(amountMinor).padStart(12, '0'), 'hex'));
}

/**
 * An ID TECH NEO-family EMV/contactless reader over a serial transport: ping, activate a
 * transaction with the amount (02-01, answered when a card was read or the reader timed out),
 * cancel (05-01). One command at a time. The result's TLV becomes the CardRead; its hex goes to
 * the gateway as `track`.
 */
export class ViVOtech2Reader extends EventEmitter<CardReaderEvents> implements CardReader {
  readonly protocol = 'vivotech2';
  readonly #transport: Transport;
  readonly #decoder = new FrameDecoder('response');
  readonly #clock: Clock;
  readonly #replyTimeoutMs: number;
  #waiting: { command: number; resolve: (frame: Frame) => void; reject: (error: Error) => void } | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** `clock` runs the reply timeouts (default: the process's timers). */
  constructor(transport: Transport, options: { replyTimeoutMs?: number; clock?: Clock } = {}) {
    super();
    this.#transport = transport;
    this.#replyTimeoutMs = options.replyTimeoutMs ?? 3000;
    this.#clock = options.clock ?? systemClock;
    transport.on('data', (chunk) => this.#onData(chunk));
    transport.on('open', () => this.emit('connected'));
    transport.on('disconnected', (error) => {
      this.emit('disconnected', error);
      this.#waiting?.reject(new CardReaderError('disconnected', `the reader was disconnected: ${error.message}`));
    });
  }

  async open(): Promise<void> {
    await this.#transport.open();
  }

  async close(): Promise<void> {
    this.#waiting?.reject(new CardReaderError('canceled', 'the reader was closed'));
    await this.#transport.close();
  }

  #onData(chunk: Uint8Array): void {
    const { frames, errors } = this.#decoder.push(chunk);
    for (const error of errors) if (this.listenerCount('error') > 0) this.emit('error', error);
    for (const frame of frames) {
      if (this.#waiting && frame.command === this.#waiting.command) this.#waiting.resolve(frame);
      // Anything else (a late answer after a timeout, an unsolicited frame) is dropped.
    }
  }

  /** Sends one command and waits for its response; commands are sent one at a time. */
  #exchange(command: readonly [number, number], data: Uint8Array, timeoutMs: number): Promise<Frame> {
    const run = () =>
      new Promise<Frame>((resolve, reject) => {
        const stopTimer = setAnswerDeadline(
          this.#clock,
          () => {
            this.#waiting = undefined;
            reject(
              new CardReaderError(
                'timeout',
                `the reader did not answer command ${hex(command)} within ${Math.round(timeoutMs / 1000)} s`,
              ),
            );
          },
          timeoutMs,
        );
        const done = () => {
          stopTimer();
          this.#waiting = undefined;
        };
        this.#waiting = {
          command: command[0],
          resolve: (frame) => {
            done();
            resolve(frame);
          },
          reject: (error) => {
            done();
            reject(error);
          },
        };
        this.#transport
          .write(encodeFrame('command', { command: command[0], code: command[1], data }))
          .catch((error: unknown) => {
            this.#waiting?.reject(
              new CardReaderError('disconnected', `cannot write to the reader: ${(error as Error).message}`),
            );
          });
      });
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** True when the reader answers a ping. */
  async ping(): Promise<boolean> {
    const frame = await this.#exchange(commands.ping, new Uint8Array(0), this.#replyTimeoutMs);
    return frame.code === 0;
  }

  async read(request: ReadRequest): Promise<CardRead> {
    const { signal } = request;
    if (signal?.aborted) throw new CardReaderError('canceled', 'the read was canceled');
    const seconds = Math.min(255, Math.max(1, Math.round(request.timeoutSeconds ?? 30)));
    const data = Buffer.concat([
      Buffer.from([seconds]),
      encodeTlv([
        { tag: '9F02', value: amountBcd(request.amountMinor) },
        { tag: '9C', value: Uint8Array.of(0) },
      ]),
    ]);
    const waiting = this.#exchange(commands.activateTransaction, data, (seconds + 5) * 1000);
    const onAbort = () => {
      const pending = this.#waiting;
      pending?.reject(new CardReaderError('canceled', 'the read was canceled'));
      // Tell the reader too, so it stops waiting for a card.
      void this.#exchange(commands.cancelTransaction, new Uint8Array(0), this.#replyTimeoutMs).catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const frame = await waiting;
      if (frame.code === 0x08) throw new CardReaderError('timeout', `no card within ${seconds} s`);
      if (frame.code !== 0x00)
        throw malformed(
          `the reader refused the transaction: ${statusNames[frame.code] ?? `status ${hex([frame.code])}`}`,
        );
      const nodes = parseTlv(frame.data);
      const read = cardReadFromEmvTlv(nodes, { track: Buffer.from(frame.data).toString('hex').toUpperCase() });
      this.emit('card', read);
      return read;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

const hex = (bytes: readonly number[]) =>
  bytes.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('-');
