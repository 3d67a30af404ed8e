import { encodeEnhancedSwipeText, parseEnhancedSwipeBinary } from './idtech-swipe';
import { PassiveCardReader } from './passive-reader';
import { parseReaderOutput } from './reader-output';

const STX = 0x02;
const ETX = 0x03;
/** The largest record a reader of this family sends; anything claiming more is noise. */
const maxData = 4096;

/**
 * Finds records in a byte stream cut into HID reports: STX, a little-endian length, that many
 * bytes, LRC (XOR), checksum (sum) and ETX. Report padding and noise between records are
 * skipped; a candidate whose ETX, LRC or checksum is wrong is dropped one byte at a time so a
 * real record behind it is still found. Memory is bounded by one record.
 */
export class RecordFramer {
  #buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): Uint8Array[] {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    const records: Uint8Array[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(STX);
      if (start < 0) {
        this.#buffer = Buffer.alloc(0);
        return records;
      }
      if (start > 0) this.#buffer = this.#buffer.subarray(start);
      if (this.#buffer.length < 3) return records;
      const length = this.#buffer.readUInt16LE(1);
      if (length === 0 || length > maxData) {
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      if (this.#buffer.length < length + 6) return records;
      const data = this.#buffer.subarray(3, 3 + length);
      let lrc = 0;
      let sum = 0;
      for (const byte of data) {
        lrc ^= byte;
        sum = (sum + byte) & 0xff;
      }
      if (this.#buffer[3 + length] === lrc && this.#buffer[4 + length] === sum && this.#buffer[5 + length] === ETX) {
        records.push(Uint8Array.from(this.#buffer.subarray(0, length + 6)));
        this.#buffer = this.#buffer.subarray(length + 6);
      } else {
        this.#buffer = this.#buffer.subarray(1);
      }
    }
  }

  /** Bytes held while waiting for the rest of a record. */
  get pending(): number {
    return this.#buffer.length;
  }

  reset(): void {
    this.#buffer = Buffer.alloc(0);
  }
}

/**
 * The same encrypting reader family in USB-HID (vendor) mode: the swipe record arrives in
 * binary and is turned into the keyboard form the gateway takes; a chip record arrives as TLV
 * bytes in the same envelope and is passed on as hex. See drivers/card-reader/README.md for
 * what was verified against real documentation and what only against the emulated reader.
 */
export class IdtechHidReader extends PassiveCardReader {
  readonly protocol = 'idtech-hid';
  readonly #framer = new RecordFramer();

  protected receive(report: Uint8Array): void {
    for (const record of this.#framer.push(report)) this.deliver(() => parseReaderOutput(keyboardForm(record)));
  }

  protected override reopened(): void {
    this.#framer.reset();
  }
}

/**
 * What the reader would have typed for one binary record: enhanced swipe records (encode type
 * 80-87 first) in their keyboard form, chip records (a tag first, DFEE25 on this family) as hex.
 * A record that fails as a swipe is taken as TLV.
 */
export function keyboardForm(record: Uint8Array): string {
  const first = record[3] ?? 0;
  if (first >= 0x80 && first <= 0x87) {
    try {
      return encodeEnhancedSwipeText(parseEnhancedSwipeBinary(record));
    } catch {
      // not a swipe record after all
    }
  }
  return Buffer.from(record.subarray(3, record.length - 3))
    .toString('hex')
    .toUpperCase();
}

/** The device side: a record in its envelope, cut into zero-padded input reports. */
export function toHidReports(
  payload: Uint8Array,
  options: { reportSize?: number; envelope?: boolean } = {},
): Uint8Array[] {
  const size = options.reportSize ?? 64;
  let record = payload;
  if (options.envelope ?? true) {
    let lrc = 0;
    let sum = 0;
    for (const byte of payload) {
      lrc ^= byte;
      sum = (sum + byte) & 0xff;
    }
    record = Uint8Array.from([STX, payload.length & 0xff, payload.length >> 8, ...payload, lrc, sum, ETX]);
  }
  const reports: Uint8Array[] = [];
  for (let offset = 0; offset < record.length; offset += size) {
    const report = new Uint8Array(size);
    report.set(record.subarray(offset, offset + size));
    reports.push(report);
  }
  return reports;
}
