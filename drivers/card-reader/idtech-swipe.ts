import { networkForPan, normalizeMaskedPan, serviceCodeHasChip } from './card-read';
import { malformed } from './errors';
import type { CardRead, EntryMode } from './types';

/**
 * ID TECH's "enhanced encrypted MSR" swipe record (SREDKey, Augusta, SecureMag), the swipe
 * output an encrypting desktop reader sends:
 *
 *   STX(02) LenL LenH | encode type, track status, T1/T2/T3 lengths, mask status, encryption
 *   status | masked T1, T2, T3 (ASCII) | encrypted T1, T2, T3 | hashes (20 bytes each) |
 *   serial number (10) | KSN (10) | LRC, checksum | ETX(03)
 *
 * In keyboard mode the reader types it: binary fields as upper-case hex, masked tracks as
 * typed characters, and the length, LRC (XOR) and checksum (sum) count those characters. Over
 * HID the same fields arrive as bytes, and length, LRC and checksum count bytes. Both forms
 * parse to one `EnhancedSwipeRecord`; the gateway takes the keyboard form in `track`.
 */
export interface EnhancedSwipeRecord {
  /** 0x80 ISO/ABA, 0x81 AAMVA, 0x83 other, 0x84 raw (enhanced format). */
  readonly encodeType: number;
  /** Bits 0-2: track 1-3 decoded; bits 3-5: sampling data present. */
  readonly trackStatus: number;
  readonly maskedTracks: readonly [string, string, string];
  /** Field 8: bits 0-2 masked track present, bit 4 AES (else TDES), bit 7 serial number present. */
  readonly maskStatus: number;
  /** Field 9: bits 0-2 track encrypted, bits 3-5 hash present, bit 7 KSN present. */
  readonly encryptionStatus: number;
  /** Encrypted track 1-3 (empty when that track is not encrypted). */
  readonly encrypted: readonly [Uint8Array, Uint8Array, Uint8Array];
  readonly hashes: readonly [Uint8Array, Uint8Array, Uint8Array];
  /** Reader serial number, as its ten ASCII characters, or null. */
  readonly serialNumber: string | null;
  /** Key serial number (20 hex digits), or null when nothing is encrypted. */
  readonly ksn: string | null;
}

const STX = 0x02;
const ETX = 0x03;
const headerFields = 7;
const maxRecord = 2048;

const bit = (value: number, n: number) => (value & (1 << n)) !== 0;
const blockSize = (record: Pick<EnhancedSwipeRecord, 'maskStatus'>) => (bit(record.maskStatus, 4) ? 16 : 8);

/** The encrypted length of a track of `length` characters: whole cipher blocks. */
export function encryptedLength(length: number, block: number): number {
  return Math.ceil(length / block) * block;
}

function checks(data: Uint8Array): { lrc: number; sum: number } {
  let lrc = 0;
  let sum = 0;
  for (const byte of data) {
    lrc ^= byte;
    sum = (sum + byte) & 0xff;
  }
  return { lrc, sum };
}

/** Reads the fields after the header from a cursor that knows how binary fields are written. */
interface Cursor {
  readonly offset: number;
  ascii(length: number, what: string): string;
  bytes(length: number, what: string): Uint8Array;
  done(): boolean;
}

function readBody(header: Uint8Array, cursor: Cursor): EnhancedSwipeRecord {
  const [encodeType = 0, trackStatus = 0, l1 = 0, l2 = 0, l3 = 0, maskStatus = 0, encryptionStatus = 0] = header;
  if ((encodeType & 0x80) === 0)
    throw malformed(`encode type ${encodeType.toString(16)} is the original format, not the enhanced one`, 3);
  if (bit(encryptionStatus, 6))
    throw malformed('the record carries a session id, which this reader setting does not use', 9);
  const lengths = [l1, l2, l3] as const;
  const masked = lengths.map((length, i) =>
    bit(maskStatus, i) && length > 0 ? cursor.ascii(length, `masked track ${i + 1}`) : '',
  ) as unknown as [string, string, string];
  const block = blockSize({ maskStatus });
  const encrypted = lengths.map((length, i) =>
    bit(encryptionStatus, i) && length > 0
      ? cursor.bytes(encryptedLength(length, block), `encrypted track ${i + 1}`)
      : new Uint8Array(0),
  ) as unknown as [Uint8Array, Uint8Array, Uint8Array];
  const hashes = lengths.map((_, i) =>
    bit(encryptionStatus, i + 3) ? cursor.bytes(20, `track ${i + 1} hash`) : new Uint8Array(0),
  ) as unknown as [Uint8Array, Uint8Array, Uint8Array];
  const serial = bit(maskStatus, 7) ? Buffer.from(cursor.bytes(10, 'serial number')).toString('latin1') : null;
  const ksn = bit(encryptionStatus, 7)
    ? Buffer.from(cursor.bytes(10, 'key serial number')).toString('hex').toUpperCase()
    : null;
  if (!cursor.done()) throw malformed('bytes left over after the key serial number', cursor.offset);
  if (encrypted.some((data) => data.length > 0) && !ksn) throw malformed('encrypted tracks but no key serial number');
  return {
    encodeType,
    trackStatus,
    maskedTracks: masked,
    maskStatus,
    encryptionStatus,
    encrypted,
    hashes,
    serialNumber: serial,
    ksn,
  };
}

/** Parses the keyboard form (what the reader types; a trailing CR/LF is ignored). */
export function parseEnhancedSwipeText(input: string): EnhancedSwipeRecord {
  const text = input.replace(/[\r\n]+$/, '');
  if (text.length > maxRecord * 2)
    throw malformed(`the swipe record is ${text.length} characters, more than any reader sends`);
  if (!text.startsWith('02')) throw malformed('a swipe record starts with 02 (STX)', 0);
  if (!text.endsWith('03')) throw malformed('a swipe record ends with 03 (ETX)', text.length - 2);
  const lengthHex = text.slice(2, 6);
  if (!/^[0-9A-Fa-f]{4}$/.test(lengthHex)) throw malformed('the record length is not hex', 2);
  const length = parseInt(lengthHex.slice(2, 4) + lengthHex.slice(0, 2), 16);
  const data = text.slice(6, -6);
  if (data.length !== length)
    throw malformed(`the record says ${length} characters of card data but carries ${data.length}`, 2);
  const { lrc, sum } = checks(Buffer.from(data, 'latin1'));
  const trailer = text.slice(-6, -2).toUpperCase();
  const expected = `${lrc.toString(16).padStart(2, '0')}${sum.toString(16).padStart(2, '0')}`.toUpperCase();
  if (trailer !== expected)
    throw malformed(`the record's LRC and checksum ${trailer} do not match its data (${expected})`, text.length - 6);
  let offset = 0;
  const take = (count: number, what: string) => {
    if (offset + count > data.length) throw malformed(`the record ends inside the ${what}`, 6 + offset);
    const part = data.slice(offset, offset + count);
    offset += count;
    return part;
  };
  const hexBytes = (count: number, what: string) => {
    const part = take(count * 2, what);
    if (!/^[0-9A-Fa-f]*$/.test(part)) throw malformed(`the ${what} is not hex`, 6 + offset - count * 2);
    return Uint8Array.from(Buffer.from(part, 'hex'));
  };
  const header = hexBytes(headerFields, 'record header');
  return readBody(header, {
    get offset() {
      return 6 + offset;
    },
    ascii: (count, what) => take(count, what),
    bytes: hexBytes,
    done: () => offset === data.length,
  });
}

/** Parses the binary form (STX, little-endian length, data, LRC, checksum, ETX) from HID. */
export function parseEnhancedSwipeBinary(record: Uint8Array): EnhancedSwipeRecord {
  if (record.length < 6 + headerFields) throw malformed(`a swipe record of ${record.length} bytes is too short`);
  if (record[0] !== STX) throw malformed('a swipe record starts with STX (02)', 0);
  const length = (record[1] ?? 0) | ((record[2] ?? 0) << 8);
  if (record.length !== length + 6)
    throw malformed(`the record says ${length} bytes of card data but carries ${record.length - 6}`, 1);
  if (record[record.length - 1] !== ETX) throw malformed('a swipe record ends with ETX (03)', record.length - 1);
  const data = record.subarray(3, 3 + length);
  const { lrc, sum } = checks(data);
  if (record[3 + length] !== lrc || record[4 + length] !== sum)
    throw malformed("the record's LRC or checksum does not match its data", 3 + length);
  let offset = headerFields;
  const take = (count: number, what: string) => {
    if (offset + count > data.length) throw malformed(`the record ends inside the ${what}`, 3 + offset);
    const part = data.subarray(offset, offset + count);
    offset += count;
    return part;
  };
  return readBody(data.subarray(0, headerFields), {
    get offset() {
      return 3 + offset;
    },
    ascii: (count, what) => Buffer.from(take(count, what)).toString('latin1'),
    bytes: (count, what) => Uint8Array.from(take(count, what)),
    done: () => offset === data.length,
  });
}

function header(record: EnhancedSwipeRecord): Uint8Array {
  const [t1, t2, t3] = record.maskedTracks;
  return Uint8Array.of(
    record.encodeType,
    record.trackStatus,
    t1.length,
    t2.length,
    t3.length,
    record.maskStatus,
    record.encryptionStatus,
  );
}

function tail(record: EnhancedSwipeRecord): Uint8Array {
  return Buffer.concat([
    ...record.encrypted,
    ...record.hashes,
    record.serialNumber === null
      ? Buffer.alloc(0)
      : Buffer.from(record.serialNumber.padStart(10, '0').slice(0, 10), 'latin1'),
    record.ksn === null ? Buffer.alloc(0) : Buffer.from(record.ksn, 'hex'),
  ]);
}

const hex2 = (value: number) => value.toString(16).padStart(2, '0').toUpperCase();

/** Writes the keyboard form, as the reader types it. */
export function encodeEnhancedSwipeText(record: EnhancedSwipeRecord): string {
  const data =
    Buffer.from(header(record)).toString('hex').toUpperCase() +
    record.maskedTracks.join('') +
    Buffer.from(tail(record)).toString('hex').toUpperCase();
  const { lrc, sum } = checks(Buffer.from(data, 'latin1'));
  return `02${hex2(data.length & 0xff)}${hex2(data.length >> 8)}${data}${hex2(lrc)}${hex2(sum)}03`;
}

/** Writes the binary form, as the reader sends it over HID. */
export function encodeEnhancedSwipeBinary(record: EnhancedSwipeRecord): Uint8Array {
  const data = Buffer.concat([header(record), Buffer.from(record.maskedTracks.join(''), 'latin1'), tail(record)]);
  const { lrc, sum } = checks(data);
  return Uint8Array.from(
    Buffer.concat([Buffer.from([STX, data.length & 0xff, data.length >> 8]), data, Buffer.from([lrc, sum, ETX])]),
  );
}

const maskedTrack1 = /^%.([0-9*]{8,19})\^([^^]*)\^(.*)\?.?$/;
const maskedTrack2 = /^;([0-9*]{8,19})=(.*)\?.?$/;

/**
 * A CardRead from an enhanced swipe record in keyboard form. The masked tracks give the masked
 * PAN, name and (when the reader leaves them clear) expiry and service code; `track` is the
 * record unchanged, for the gateway to decrypt.
 */
export function cardReadFromEnhancedSwipe(
  text: string,
  entryMode: Extract<EntryMode, 'swipe' | 'fallback-swipe'> = 'swipe',
): CardRead {
  const trimmed = text.replace(/[\r\n]+$/, '');
  const record = parseEnhancedSwipeText(trimmed);
  if (record.encodeType !== 0x80)
    throw malformed(`not a payment card (encode type ${hex2(record.encodeType)}, expected 80 ISO/ABA)`, 6);
  const [t1, t2] = record.maskedTracks;
  const one = maskedTrack1.exec(t1);
  const two = maskedTrack2.exec(t2);
  const pan = two?.[1] ?? one?.[1];
  if (!pan) throw malformed('the swipe record has no readable masked track 1 or 2');
  const after = two?.[2] ?? one?.[3] ?? '';
  const clear = /^(\d{2})(\d{2})(\d{3})/.exec(after);
  const maskedPan = normalizeMaskedPan(pan);
  return {
    entryMode,
    track: trimmed,
    maskedPan,
    lastFour: maskedPan.slice(-4),
    network: networkForPan(pan),
    name: one?.[2]?.trim() || null,
    expiry: clear ? `${clear[2]}${clear[1]}` : null,
    cvm: null,
    aid: null,
    applicationLabel: null,
    preferredName: null,
    encrypted: record.ksn !== null,
    chipCard: clear ? serviceCodeHasChip(clear[3] ?? '') : null,
  };
}
