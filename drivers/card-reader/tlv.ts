import { malformed } from './errors';

/** One BER-TLV data object. Tags are upper-case hex ("9F34"); values are raw bytes. */
export interface TlvNode {
  readonly tag: string;
  readonly constructed: boolean;
  readonly value: Uint8Array;
  /** Present for constructed objects (templates such as 70 or 77). */
  readonly children?: readonly TlvNode[];
}

export interface TlvOptions {
  /** Templates nested deeper than this are malformed (default 8: EMV nests two or three). */
  readonly maxDepth?: number;
  /** More objects than this in one record are malformed (default 512): bounded work. */
  readonly maxNodes?: number;
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

/**
 * Parses BER-TLV as EMV uses it: multi-byte tags (up to 3 bytes), lengths in one to three
 * bytes after 81/82/83, constructed templates parsed recursively, and 00/FF padding before,
 * between and after objects skipped. Throws CardReaderError (kind malformed) naming the
 * offset for anything else: truncation, indefinite or over-long lengths, too deep, too many.
 */
export function parseTlv(bytes: Uint8Array, options: TlvOptions = {}): TlvNode[] {
  const maxDepth = options.maxDepth ?? 8;
  return parseLevel({ bytes, maxDepth, budget: { nodes: options.maxNodes ?? 512 } }, 0, bytes.length, 0);
}

/** What every level of one parse shares: the record, how deep templates may nest, how many objects are left. */
interface TlvParse {
  readonly bytes: Uint8Array;
  readonly maxDepth: number;
  readonly budget: { nodes: number };
}

function parseLevel(parse: TlvParse, start: number, end: number, depth: number): TlvNode[] {
  const { bytes, maxDepth, budget } = parse;
  if (depth > maxDepth) throw malformed(`TLV templates nested deeper than ${maxDepth}`, start);
  const nodes: TlvNode[] = [];
  let at = start;
  while (at < end) {
    const first = bytes[at] as number;
    if (first === 0x00 || first === 0xff) {
      at++;
      continue;
    }
    const tagStart = at;
    at++;
    if ((first & 0x1f) === 0x1f) {
      // Subsequent tag bytes follow while their high bit is set; EMV tags have at most 3 bytes.
      do {
        if (at >= end) throw malformed('TLV tag runs past the end', tagStart);
        if (at - tagStart >= 3) throw malformed('TLV tag longer than 3 bytes', tagStart);
        at++;
      } while (((bytes[at - 1] as number) & 0x80) !== 0);
    }
    const tag = hex(bytes.subarray(tagStart, at));
    if (at >= end) throw malformed(`TLV ${tag} has no length`, at);
    const lengthByte = bytes[at++] as number;
    let length = lengthByte;
    if (lengthByte & 0x80) {
      const count = lengthByte & 0x7f;
      if (count === 0) throw malformed(`TLV ${tag} uses an indefinite length`, at - 1);
      if (count > 3) throw malformed(`TLV ${tag} length takes ${count} bytes (at most 3)`, at - 1);
      if (at + count > end) throw malformed(`TLV ${tag} length runs past the end`, at);
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + (bytes[at++] as number);
    }
    if (at + length > end) throw malformed(`TLV ${tag} says ${length} bytes but ${end - at} remain`, at);
    if (--budget.nodes < 0) throw malformed('TLV record has too many objects', tagStart);
    const value = bytes.slice(at, at + length);
    const constructed = (first & 0x20) !== 0;
    nodes.push(
      constructed
        ? { tag, constructed, value, children: parseLevel(parse, at, at + length, depth + 1) }
        : { tag, constructed, value },
    );
    at += length;
  }
  return nodes;
}

/** Parses a hex string (spaces allowed); odd length or non-hex characters are malformed. */
export function parseTlvHex(text: string, options?: TlvOptions): TlvNode[] {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2 !== 0) throw malformed('TLV hex has an odd number of digits');
  if (!/^[0-9a-fA-F]*$/.test(clean)) throw malformed('TLV hex has a character that is not a hex digit');
  return parseTlv(Uint8Array.from(Buffer.from(clean, 'hex')), options);
}

/** The first object with this tag, searching templates depth-first. */
export function findTlv(nodes: readonly TlvNode[], tag: string): TlvNode | undefined {
  const wanted = tag.toUpperCase();
  for (const node of nodes) {
    if (node.tag === wanted) return node;
    const inner = node.children && findTlv(node.children, wanted);
    if (inner) return inner;
  }
  return undefined;
}

/** What encodeTlv takes: a primitive value, or children for a constructed tag. */
export type TlvInput =
  | { readonly tag: string; readonly value: Uint8Array }
  | { readonly tag: string; readonly children: readonly TlvInput[] };

function encodeLength(length: number): number[] {
  if (length < 0x80) return [length];
  if (length <= 0xff) return [0x81, length];
  if (length <= 0xffff) return [0x82, length >> 8, length & 0xff];
  if (length <= 0xffffff) return [0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  throw new RangeError(`TLV value of ${length} bytes is too long`);
}

/** Encodes objects as BER-TLV (shortest length form). Used by the emulated readers. */
export function encodeTlv(objects: readonly TlvInput[]): Uint8Array {
  const parts: number[] = [];
  for (const object of objects) {
    const value = 'children' in object ? encodeTlv(object.children) : object.value;
    parts.push(...Buffer.from(object.tag, 'hex'), ...encodeLength(value.length), ...value);
  }
  return Uint8Array.from(parts);
}
