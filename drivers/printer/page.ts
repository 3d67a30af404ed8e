import { PNG } from 'pngjs';

/** A 1-bit image: `ink[y * width + x]` is 1 where the paper is printed. */
export interface InkImage {
  readonly width: number;
  readonly height: number;
  readonly ink: Uint8Array;
}

/** A PNG of black ink on white paper (8-bit grey), for previews and the emulated printer's pages. */
export function inkToPng(image: InkImage): Buffer {
  const png = new PNG({
    width: image.width,
    height: image.height,
    colorType: 0,
    inputColorType: 0,
    bitDepth: 8,
    inputHasAlpha: false,
  });
  const data = Buffer.alloc(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = image.ink[i] ? 0 : 255;
  png.data = data;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
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
