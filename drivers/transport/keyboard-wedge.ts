/**
 * Card readers in keyboard mode "type" what they read. These keystrokes arrive in the same
 * stream as the cashier's, so they must be told apart and taken out before they reach a text
 * field. Readers type far faster than people (a character every few milliseconds; people
 * rarely manage 60 ms between keys) and their output starts with a known character.
 *
 * The detector holds back every keystroke that could start a reader burst. While keys keep
 * coming faster than `maxGapMs` they are held; once the burst ends (Enter, or a pause) it is
 * a reader burst when it is long enough, and otherwise the held keys are released to be typed
 * after all. A person's keystrokes are therefore never lost, only delayed by `maxGapMs` when
 * they start with a character a reader could start with.
 */
export interface Keystroke {
  /** The character typed ("A", "%", "0"), or a key name such as "Enter" or "Backspace". */
  readonly key: string;
  /**
   * When it was pressed, in milliseconds of the clock of whoever saw it press (any monotonic
   * clock; a browser page's event time, or this process's). Only differences within one
   * `source` are taken: two sources' clocks are never compared.
   */
  readonly at: number;
  /** The window or connection it was typed in, so a release goes back there only. */
  readonly source?: string;
  /** That screen's number for it: a release names the keystroke without the key. */
  readonly seq?: number;
}

export interface WedgeOptions {
  /** The longest pause between two keystrokes of one burst (default 50 ms). */
  readonly maxGapMs?: number;
  /** The fewest characters that make a reader burst (default 16: no card record is shorter). */
  readonly minLength?: number;
  /** The most characters one burst may hold (default 4096); more ends it as too long. */
  readonly maxLength?: number;
  /** The characters a burst may start with (default: "%" and ";" for clear tracks, hex digits for encrypted records). */
  readonly startCharacters?: string;
  /**
   * Tell keyboard-mode barcode scanners' bursts apart too (a kiosk's lane): see `isBarcodeBurst`.
   * Off by default, and then nothing differs from a card-only wedge.
   */
  readonly barcodes?: boolean;
}

export type WedgeVerdict = 'consume' | 'pass';

export interface WedgeOutput {
  /** A complete reader burst (without its Enter). */
  readonly burst?: string;
  /** Keystrokes held back that turned out to be a person typing, to be typed now, in order. */
  readonly release?: readonly Keystroke[];
  /** A barcode scanner's burst (without its Enter), when the wedge tells barcodes apart. */
  readonly barcode?: string;
  /**
   * Keys typed at a scanner's pace that make no code and no card record (when the wedge tells
   * barcodes apart): a scan that went wrong, for the screen to ask for it again. Its keys are
   * released as well, so a person who types that fast loses nothing.
   */
  readonly unreadable?: true;
}

const defaultStart = '%;0123456789ABCDEF';
/** What a barcode may hold: the contract's `kiosk.scan` barcode, letters, digits and hyphens. */
const barcodeCharacters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-';
/** The fewest characters of a scanner's burst: fewer is a person pressing keys. */
export const minBarcodeLength = 4;
/** The most: the contract's limit on a barcode. Every card record with a card in it is longer. */
export const maxBarcodeLength = 32;

/**
 * Whether an Enter-ended burst is a barcode scanner's rather than the card reader's. A keyboard
 * reader types (drivers/card-reader/reader-output.ts) clear tracks, which start with a "%" or ";"
 * sentinel; the encrypted swipe record, which carries the masked tracks with their sentinels; or
 * quick-chip TLV as upper-case hex, hundreds of digits long with a card in it. So:
 * - a character no barcode has (a sentinel, "^", "=", "?", a space) makes it card data;
 * - fewer than 4 or more than 32 characters is no barcode (more than 32 is only ever a card record);
 * - under the card minimum (16) it is a barcode: no card record is that short;
 * - from 16 to 32 characters, the one record a reader types at that length is the status-only
 *   TLV of a chip it could not read (DFEE25, DFEE26: 24 hex digits), whose tags have hex letters.
 *   So all hex with at least one letter A-F is the reader's; anything else (all digits, as a
 *   GS1-128 or ITF code is, or a letter beyond F, or a hyphen) is a barcode.
 */
export function isBarcodeBurst(text: string, cardMinLength = 16): boolean {
  if (text.length < minBarcodeLength || text.length > maxBarcodeLength) return false;
  if (![...text].every((character) => barcodeCharacters.includes(character))) return false;
  if (text.length < cardMinLength) return true;
  return !(/^[0-9A-Fa-f]+$/.test(text) && /[A-Fa-f]/.test(text));
}

/** The pure burst detector: feed it keystrokes (and the time) and act on what it returns. */
export class WedgeDetector {
  readonly #maxGapMs: number;
  readonly #minLength: number;
  readonly #maxLength: number;
  readonly #start: ReadonlySet<string>;
  readonly #barcodes: boolean;
  #held: Keystroke[] = [];

  constructor(options: WedgeOptions = {}) {
    this.#maxGapMs = options.maxGapMs ?? 50;
    this.#minLength = options.minLength ?? 16;
    this.#maxLength = options.maxLength ?? 4096;
    this.#barcodes = options.barcodes ?? false;
    // A scanner's burst may start with any barcode character, so those are held as well.
    this.#start = new Set((options.startCharacters ?? defaultStart) + (this.#barcodes ? barcodeCharacters : ''));
  }

  /** True while keystrokes are held back; call `tick` after `maxGapMs` to settle them. */
  get holding(): boolean {
    return this.#held.length > 0;
  }

  /** The time after which `tick` settles the held keystrokes, or undefined when none are held. */
  get deadline(): number | undefined {
    const last = this.#held.at(-1);
    return last ? last.at + this.#maxGapMs : undefined;
  }

  /**
   * One keystroke. `verdict` says whether to keep it from the page (`consume`) or let it
   * through (`pass`); `output` carries a finished burst or keystrokes to release.
   */
  feed(stroke: Keystroke): { verdict: WedgeVerdict; output: WedgeOutput } {
    let settled: WedgeOutput = {};
    const last = this.#held.at(-1);
    if (last && stroke.at - last.at > this.#maxGapMs) settled = this.#settle();
    if (this.#held.length > 0) {
      if (stroke.key === 'Enter') {
        const done = this.#settle(true);
        // A burst swallows its Enter; a person's Enter goes through after their released keys.
        const taken = done.burst !== undefined || done.barcode !== undefined;
        return { verdict: taken ? 'consume' : 'pass', output: merge(settled, done) };
      }
      if (stroke.key.length !== 1) {
        return { verdict: 'pass', output: merge(settled, this.#release()) };
      }
      this.#held.push(stroke);
      if (this.#held.length > this.#maxLength) return { verdict: 'consume', output: merge(settled, this.#settle()) };
      return { verdict: 'consume', output: settled };
    }
    if (stroke.key.length === 1 && this.#start.has(stroke.key)) {
      this.#held.push(stroke);
      return { verdict: 'consume', output: settled };
    }
    return { verdict: 'pass', output: settled };
  }

  /** Settles held keystrokes whose burst has ended by time (call at `deadline`). */
  tick(now: number): WedgeOutput {
    const deadline = this.deadline;
    return deadline !== undefined && now >= deadline ? this.#settle() : {};
  }

  /** `byEnter`: the burst ended with its Enter within the gap, as a scanner ends a code. */
  #settle(byEnter = false): WedgeOutput {
    const text = this.#held.map((stroke) => stroke.key).join('');
    if (byEnter && this.#barcodes && isBarcodeBurst(text, this.#minLength)) {
      this.#held = [];
      return { barcode: text };
    }
    if (text.length >= this.#minLength && text.length <= this.#maxLength) {
      this.#held = [];
      return { burst: text };
    }
    // Four or more keys inside the gap are a machine's, never silently a person's.
    if (this.#barcodes && text.length >= minBarcodeLength) return { ...this.#release(), unreadable: true };
    return this.#release();
  }

  #release(): WedgeOutput {
    const release = this.#held;
    this.#held = [];
    return release.length > 0 ? { release } : {};
  }
}

function merge(first: WedgeOutput, second: WedgeOutput): WedgeOutput {
  const release = [...(first.release ?? []), ...(second.release ?? [])];
  const burst = second.burst ?? first.burst;
  const barcode = second.barcode ?? first.barcode;
  return {
    ...(burst !== undefined && { burst }),
    ...(barcode !== undefined && { barcode }),
    ...(release.length > 0 && { release }),
    ...((first.unreadable || second.unreadable) && { unreadable: true as const }),
  };
}
