import type { Clock } from '../../src-main/platform/clock';
import { maxFrameLength, type ScanFraming, type ScanProblem } from './types';

const cr = 0x0d;
const lf = 0x0a;

/** What the framer hands on: a code, or a frame that was no code. */
export type FramedScan = { readonly code: string } | { readonly problem: ScanProblem };

/**
 * Cuts a serial scanner's byte stream into codes, whatever the chunking: a code split across
 * chunks, several codes in one chunk, one byte at a time. CR or LF ends a frame, so CR LF gives
 * one code and an empty frame that is ignored. A frame is bounded (`maxFrameLength`), and one
 * left open for `timeoutMs` after its last byte is thrown away (`incomplete`), reported through
 * `onScan` like any outcome.
 */
export class ScanFramer {
  readonly #framing: ScanFraming;
  readonly #clock: Clock;
  readonly #onScan: (scan: FramedScan) => void;
  #frame: number[] = [];
  #overflowed = false;
  #cancelTimer: (() => void) | undefined;

  constructor(framing: ScanFraming, clock: Clock, onScan: (scan: FramedScan) => void) {
    this.#framing = framing;
    this.#clock = clock;
    this.#onScan = onScan;
  }

  /** Takes the next bytes from the link. */
  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === cr || byte === lf) this.#end();
      else if (this.#frame.length >= maxFrameLength) this.#overflowed = true;
      else this.#frame.push(byte);
    }
    this.#cancelTimer?.();
    this.#cancelTimer =
      this.#frame.length > 0 || this.#overflowed
        ? this.#clock.setTimer(() => this.#timedOut(), this.#framing.timeoutMs)
        : undefined;
  }

  /** Drops a frame half received (the link closed or went away). */
  reset(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#frame = [];
    this.#overflowed = false;
  }

  #timedOut(): void {
    const length = this.#frame.length;
    this.reset();
    this.#onScan({
      problem: {
        kind: 'incomplete',
        message: `${length} bytes came without a carriage return within ${this.#framing.timeoutMs} ms, and were dropped`,
      },
    });
  }

  #end(): void {
    const frame = this.#frame;
    const overflowed = this.#overflowed;
    this.#frame = [];
    this.#overflowed = false;
    if (overflowed) {
      this.#onScan({
        problem: { kind: 'too-long', message: `a frame ran past ${maxFrameLength} bytes: check the baud rate` },
      });
      return;
    }
    if (frame.length === 0) return; // the LF of CR LF, or a blank line
    this.#onScan(codeOf(String.fromCharCode(...frame), this.#framing));
  }
}

/** The code inside one frame, with the configured prefix and suffix taken off; a frame without them is malformed. */
export function codeOf(frame: string, framing: Pick<ScanFraming, 'prefix' | 'suffix'>): FramedScan {
  const { prefix, suffix } = framing;
  if (!frame.startsWith(prefix) || !frame.endsWith(suffix) || frame.length < prefix.length + suffix.length)
    return {
      problem: {
        kind: 'malformed',
        message: `a ${frame.length}-byte frame lacks the configured ${prefix && !frame.startsWith(prefix) ? 'prefix' : 'suffix'}`,
      },
    };
  const code = frame.slice(prefix.length, frame.length - suffix.length);
  if (!/^[\x21-\x7e]{1,64}$/.test(code))
    return {
      problem: {
        kind: 'malformed',
        message: `a ${code.length}-character code is empty, too long or holds characters no barcode has`,
      },
    };
  return { code };
}
