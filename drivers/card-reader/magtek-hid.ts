import { cardReadFromClearSwipe } from './card-read';
import { malformed } from './errors';
import { PassiveCardReader, type PassiveReaderOptions } from './passive-reader';
import type { Transport } from '../transport/types';

/**
 * The input report of MagTek's unencrypted USB HID swipe readers (vendor usage page 0xFF00, no
 * report id), one per swipe, from MagTek's "USB HID Swipe Reader" technical reference manual:
 *
 * | offset | content |
 * |---|---|
 * | 0-2 | track 1/2/3 decode status: bit 0 set = the track could not be decoded (bits 7-1 reserved) |
 * | 3-5 | track 1/2/3 length: valid characters in the track's field (0 when absent or failed) |
 * | 6 | card encode type (`magtekEncodeTypes`) |
 * | 7… | three fixed-size track fields (110 bytes each on this reader, 112 on some models), ASCII, sentinels included |
 */
export const magtekEncodeTypes: Readonly<Record<number, string>> = {
  0: 'ISO/ABA',
  1: 'AAMVA',
  2: 'CADL',
  3: 'blank',
  4: 'other',
  5: 'undetermined',
  6: 'none',
};

export interface MagtekHidOptions extends PassiveReaderOptions {
  /** Size of each track data field (default 110). */
  readonly trackFieldSize?: number;
}

const headerBytes = 7;

/** Why a card of this encode type is not a payment card, for the cashier. */
function refusal(encodeType: number): string | undefined {
  switch (encodeType) {
    case 0:
      return undefined;
    case 1:
      return 'not a payment card (AAMVA)';
    case 2:
      return 'not a payment card (CADL)';
    case 3:
      return 'the card is blank';
    case 4:
      return 'not a payment card (non-standard encoding)';
    case 5:
      return 'the card could not be read (encode type undetermined)';
    case 6:
      return 'no card data (encode type none)';
    default:
      return `unknown card encode type ${encodeType}`;
  }
}

/**
 * Tracks 1 and 2 of one report as clear swipe text ("%B…?;…?"). Only ISO/ABA cards whose
 * tracks 1 and 2 decoded are accepted; track 3 is not used for payments and is ignored.
 * Throws `malformed` naming the reason otherwise.
 */
export function decodeMagtekReport(report: Uint8Array, options: MagtekHidOptions = {}): string {
  const fieldSize = options.trackFieldSize ?? 110;
  const expected = headerBytes + 3 * fieldSize;
  if (report.length < expected)
    throw malformed(`input report is ${report.length} bytes; this reader sends ${expected}`);
  for (const track of [1, 2] as const) {
    if (((report[track - 1] ?? 0) & 0x01) !== 0) throw malformed(`track ${track} could not be decoded`, track - 1);
  }
  const encodeType = report[6] ?? 0;
  const reason = refusal(encodeType);
  if (reason) throw malformed(reason, 6);
  let text = '';
  for (const track of [1, 2] as const) {
    const length = report[2 + track] ?? 0;
    if (length > fieldSize)
      throw malformed(`track ${track} length ${length} is longer than its ${fieldSize}-byte field`, 2 + track);
    const start = headerBytes + (track - 1) * fieldSize;
    for (let i = start; i < start + length; i++) {
      const code = report[i] ?? 0;
      if (code < 0x20 || code > 0x7e) throw malformed(`track ${track} has a byte outside printable ASCII`, i);
      text += String.fromCharCode(code);
    }
  }
  if (text.length === 0) throw malformed('the swipe carries no track 1 or track 2 data');
  return text;
}

/**
 * A MagTek-style unencrypted HID swipe reader over a HID transport (`HidTransport` on the
 * reader's 0xFF00 interface). Each report becomes a `card` or an `error` naming the reason;
 * the report buffer is zero-filled once read, so clear track data lives only in the CardRead.
 */
export class MagtekHidReader extends PassiveCardReader {
  readonly protocol = 'magtek-hid';
  readonly #options: MagtekHidOptions;

  constructor(transport: Transport, options: MagtekHidOptions = {}) {
    super(transport, options);
    this.#options = options;
  }

  protected receive(report: Uint8Array): void {
    try {
      this.deliver(() => cardReadFromClearSwipe(decodeMagtekReport(report, this.#options)));
    } finally {
      report.fill(0);
    }
  }
}
