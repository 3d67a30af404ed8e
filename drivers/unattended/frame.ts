import { UnattendedDeviceError } from './errors';

/**
 * The CardPointe Unattended ("PAE") message, as the unattended developer guide lays it out:
 *
 *   *PAE|<message key>|<message type>|<response code>|<data>|<checksum>|*!PAE!*
 *
 * Seven pipe-separated fields, every one present (an empty field is `||`). The checksum is the
 * CRC-16/CCITT-FALSE of the ASCII text up to and including the pipe before it, in decimal.
 */
export const frameHeader = '*PAE|';
export const frameTrailer = '|*!PAE!*';

/** The guide's message keys: the five commands this driver sends, GOT (not used here), and PAE for internal errors. */
export type MessageKey = 'DPT' | 'CPT' | 'GCS' | 'GTI' | 'RBT' | 'GOT' | 'PAE';
export type MessageType = 'CMD' | 'RESP';

const messageKeys: readonly string[] = ['DPT', 'CPT', 'GCS', 'GTI', 'RBT', 'GOT', 'PAE'];

export interface PaeFrame {
  readonly key: MessageKey;
  readonly type: MessageType;
  /**
   * The fourth field: an 8-hex-digit response code in a response; in a command it is ignored by
   * the device and the guide's samples put `1` there (its GTI checksum example leaves it empty).
   */
  readonly code: string;
  /** The fifth field as sent: a JSON object, a short text ("Payment canceled") or empty. */
  readonly data: string;
}

/** The longest frame the reader holds while waiting for its trailer (a DPT answer with receipt data is about 2 KB). */
export const maxFrameLength = 16_384;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected, no final XOR) over ASCII text. */
export function paeChecksum(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The text a frame's checksum covers: the header through the pipe after the data. */
function checkedPart(frame: PaeFrame): string {
  return `${frameHeader}${frame.key}|${frame.type}|${frame.code}|${frame.data}|`;
}

/**
 * One frame as text. The checksum is written with five digits, zero-padded, as every command in
 * the guide writes it ("03878"); readers take either width.
 */
export function encodePaeFrame(frame: PaeFrame): string {
  for (const [name, value] of [
    ['response code', frame.code],
    ['message key', frame.key],
  ] as const)
    if (value.includes('|')) throw new RangeError(`the ${name} must not contain "|"`);
  if (frame.data.includes(frameTrailer)) throw new RangeError('the data must not contain the frame trailer');
  const checked = checkedPart(frame);
  return `${checked}${String(paeChecksum(checked)).padStart(5, '0')}${frameTrailer}`;
}

/**
 * Reads one whole frame (header to trailer). The data may itself hold pipes (a JSON text), so
 * the key, type and code are the first three fields and the checksum the last; the data is
 * what lies between. Throws `UnattendedDeviceError` (kind `malformed`) naming what was wrong.
 */
export function decodePaeFrame(text: string): PaeFrame {
  if (!text.startsWith(frameHeader)) throw malformedFrame(`a frame must start with "${frameHeader}"`);
  if (!text.endsWith(frameTrailer)) throw malformedFrame(`a frame must end with "${frameTrailer}"`);
  const inner = text.slice(frameHeader.length, text.length - frameTrailer.length);
  const fields = inner.split('|');
  if (fields.length < 5)
    throw malformedFrame(`a frame has seven fields; this one has ${fields.length + 2} (a missing "|"?)`);
  const [key = '', type = '', code = ''] = fields;
  const checksumText = fields[fields.length - 1] ?? '';
  const data = fields.slice(3, -1).join('|');
  if (!messageKeys.includes(key)) throw malformedFrame(`unknown message key "${key.slice(0, 8)}"`);
  if (type !== 'CMD' && type !== 'RESP')
    throw malformedFrame(`message type "${type.slice(0, 8)}" is neither CMD nor RESP`);
  if (!/^\d{1,5}$/.test(checksumText))
    throw malformedFrame(`the checksum field "${checksumText.slice(0, 8)}" is not decimal`);
  const frame: PaeFrame = { key: key as MessageKey, type, code, data };
  const expected = paeChecksum(checkedPart(frame));
  if (Number(checksumText) !== expected)
    throw new UnattendedDeviceError(
      'checksum',
      `a ${key} ${type} frame failed its checksum: it says ${checksumText}, its text gives ${expected}`,
    );
  return frame;
}

const malformedFrame = (what: string) => new UnattendedDeviceError('malformed', `PAE frame: ${what}`);

/**
 * Finds frames in a byte stream cut anywhere: text before a header is skipped (and reported when
 * it is more than line noise), a frame cut off by a new header is reported and dropped, and a
 * frame that fails its checksum or layout is reported while the frames after it are still read.
 * The buffer holds at most one frame's worth.
 */
export class PaeFrameReader {
  #buffer = '';

  push(chunk: Uint8Array | string): { frames: PaeFrame[]; errors: UnattendedDeviceError[] } {
    this.#buffer += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
    const frames: PaeFrame[] = [];
    const errors: UnattendedDeviceError[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(frameHeader);
      if (start < 0) {
        this.#skip(this.#buffer.length - headerStartAtEnd(this.#buffer), errors);
        return { frames, errors };
      }
      this.#skip(start, errors);
      const end = this.#buffer.indexOf(frameTrailer, frameHeader.length);
      const next = this.#buffer.indexOf(frameHeader, 1);
      if (next >= 0 && (end < 0 || next < end)) {
        errors.push(malformedFrame('a frame was cut off by the start of another'));
        this.#buffer = this.#buffer.slice(next);
        continue;
      }
      if (end < 0) {
        if (this.#buffer.length > maxFrameLength) {
          errors.push(malformedFrame(`no frame end within ${maxFrameLength} characters`));
          this.#buffer = this.#buffer.slice(1);
          continue;
        }
        return { frames, errors };
      }
      const text = this.#buffer.slice(0, end + frameTrailer.length);
      this.#buffer = this.#buffer.slice(text.length);
      try {
        frames.push(decodePaeFrame(Buffer.from(text, 'latin1').toString('utf8')));
      } catch (error) {
        if (!(error instanceof UnattendedDeviceError)) throw error;
        errors.push(error);
      }
    }
  }

  /** Drops `count` leading characters; anything there but line ends and spaces is reported. */
  #skip(count: number, errors: UnattendedDeviceError[]): void {
    if (count <= 0) return;
    const dropped = this.#buffer.slice(0, count);
    this.#buffer = this.#buffer.slice(count);
    if (dropped.trim() !== '') errors.push(malformedFrame(`${dropped.length} characters outside a frame were skipped`));
  }
}

/** How many characters at the end of `text` could begin a header ("*", "*P", ... "*PAE"): kept for the next chunk. */
function headerStartAtEnd(text: string): number {
  for (let length = frameHeader.length - 1; length > 0; length--)
    if (text.endsWith(frameHeader.slice(0, length))) return length;
  return 0;
}
