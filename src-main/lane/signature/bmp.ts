import { KindedError } from '../../platform/errors';
/**
 * Windows BMP, as the gateway takes a signature: we write 1 bit per pixel (BITMAPINFOHEADER,
 * a two-colour palette, bottom-up rows padded to 4 bytes); we read 1, 8 and 24 bits, so a
 * signature from another system previews too. Pixels are "ink" (true) or paper.
 */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  /** Row-major from the top, one byte per pixel: 1 ink, 0 paper. */
  readonly ink: Uint8Array;
}

export class SignatureFormatError extends KindedError<'malformed'> {
  constructor(message: string) {
    super('malformed', message);
    this.name = 'SignatureFormatError';
  }
}

const fileHeader = 14;
const infoHeader = 40;
const paletteBytes = 8;
/** 72 dpi in pixels per metre, as most writers put it. */
const pixelsPerMetre = 2835;

const rowBytes = (width: number, bits: number) => Math.ceil((width * bits) / 32) * 4;

export function writeBmp1(bitmap: Bitmap): Uint8Array {
  const { width, height, ink } = bitmap;
  if (width < 1 || height < 1 || ink.length !== width * height) throw new RangeError('bitmap size and pixels disagree');
  const stride = rowBytes(width, 1);
  const offset = fileHeader + infoHeader + paletteBytes;
  const size = offset + stride * height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(infoHeader, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: rows bottom-up
  out.writeUInt16LE(1, 26); // planes
  out.writeUInt16LE(1, 28); // bits per pixel
  out.writeUInt32LE(0, 30); // BI_RGB, uncompressed
  out.writeUInt32LE(stride * height, 34);
  out.writeInt32LE(pixelsPerMetre, 38);
  out.writeInt32LE(pixelsPerMetre, 42);
  out.writeUInt32LE(2, 46); // colours used
  out.writeUInt32LE(2, 50); // colours important
  // Palette (blue, green, red, reserved): index 0 black ink, index 1 white paper, the usual
  // monochrome order, which readers such as Pillow open as a plain 1-bit image.
  out.set([0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00], fileHeader + infoHeader);
  out.fill(0xff, offset);
  for (let y = 0; y < height; y++) {
    const row = offset + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x]) out[row + (x >> 3)] = (out[row + (x >> 3)] ?? 0) & ~(0x80 >> (x & 7));
    }
  }
  return Uint8Array.from(out);
}

/** Reads an uncompressed BMP of 1, 8 or 24 bits per pixel; ink is any pixel darker than mid-grey. */
export function readBmp(bytes: Uint8Array): Bitmap {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < fileHeader + infoHeader || data.toString('latin1', 0, 2) !== 'BM')
    throw new SignatureFormatError('not a BMP: it does not start with "BM"');
  const offset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  if (headerSize < infoHeader)
    throw new SignatureFormatError(
      `BMP header of ${headerSize} bytes is not supported (need BITMAPINFOHEADER or later)`,
    );
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  const bits = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  if (width < 1 || width > 10_000 || rawHeight === 0 || Math.abs(rawHeight) > 10_000)
    throw new SignatureFormatError(`BMP size ${width}x${rawHeight} is out of range`);
  if (![1, 8, 24].includes(bits))
    throw new SignatureFormatError(`BMP with ${bits} bits per pixel is not supported (1, 8 or 24)`);
  if (compression !== 0) throw new SignatureFormatError('compressed BMPs are not supported');
  const height = Math.abs(rawHeight);
  const stride = rowBytes(width, bits);
  if (offset + stride * height > data.length) throw new SignatureFormatError('the BMP is shorter than its header says');
  const paletteStart = fileHeader + headerSize;
  const colours = bits === 24 ? 0 : data.readUInt32LE(46) || 2 ** bits;
  if (paletteStart + colours * 4 > offset) throw new SignatureFormatError('the BMP palette overlaps its pixels');
  const dark = (blue: number, green: number, red: number) => 0.299 * red + 0.587 * green + 0.114 * blue < 128;
  const paletteInk = Array.from({ length: colours }, (_, i) => {
    const at = paletteStart + i * 4;
    return dark(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
  });
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      let isInk: boolean;
      if (bits === 24) {
        const at = row + x * 3;
        isInk = dark(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
      } else {
        const index = bits === 8 ? (data[row + x] ?? 0) : ((data[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        isInk = paletteInk[index] ?? false;
      }
      ink[y * width + x] = isInk ? 1 : 0;
    }
  }
  return { width, height, ink };
}
