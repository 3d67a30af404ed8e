import { crc32, deflateSync } from 'node:zlib';

/** A 1-bit image: `ink[y * width + x]` is 1 where the paper is printed. */
export interface InkImage {
  readonly width: number;
  readonly height: number;
  readonly ink: Uint8Array;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * A PNG of black ink on white paper, 1 bit per pixel (greyscale, bit depth 1), for previews and
 * the emulated printer's pages. Eight dots to a byte is what the printer itself receives, and it
 * leaves deflate an eighth of the bytes an 8-bit grey image would: a receipt is drawn in a few
 * milliseconds instead of a few hundred.
 */
export function inkToPng(image: InkImage): Buffer {
  const { width, height, ink } = image;
  const rowBytes = 1 + Math.ceil(width / 8);
  // Each row: filter 0 (none), then the dots packed MSB first; 1 is white paper, 0 is ink.
  const rows = Buffer.alloc(rowBytes * height, 0xff);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    rows[row] = 0;
    const line = y * width;
    for (let x = 0; x < width; x++) if (ink[line + x]) rows[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A strip of receipt paper that grows downwards as it is printed: a fixed width in dots and as
 * many rows as the content needs. Writes outside the width are clipped, as on paper.
 */
export class Paper {
  readonly width: number;
  #rows = 0;
  #ink: Uint8Array;

  constructor(width: number) {
    this.width = width;
    this.#ink = new Uint8Array(width * 256);
  }

  get height(): number {
    return this.#rows;
  }

  /** Makes sure rows 0..rows-1 exist (blank paper). */
  extend(rows: number): void {
    if (rows <= this.#rows) return;
    if (rows * this.width > this.#ink.length) {
      const grown = new Uint8Array(Math.max(rows * this.width, this.#ink.length * 2));
      grown.set(this.#ink);
      this.#ink = grown;
    }
    this.#rows = rows;
  }

  dot(x: number, y: number): void {
    if (x < 0 || x >= this.width || y < 0) return;
    this.extend(y + 1);
    this.#ink[y * this.width + x] = 1;
  }

  isInked(x: number, y: number): boolean {
    return x >= 0 && x < this.width && y >= 0 && y < this.#rows && this.#ink[y * this.width + x] === 1;
  }

  /** Copies an image's ink with its top-left corner at (left, top). */
  blit(image: InkImage, left: number, top: number): void {
    this.extend(top + image.height);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) if (image.ink[y * image.width + x]) this.dot(left + x, top + y);
    }
  }

  image(): InkImage {
    return { width: this.width, height: this.#rows, ink: this.#ink.slice(0, this.#rows * this.width) };
  }
}
