import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { inkToPng, Paper } from '../../../drivers/printer/page';

/** The dots a PNG shows as ink (black), read back with a decoder that is not ours. */
function inkOf(png: Buffer): { width: number; height: number; ink: number[] } {
  const image = PNG.sync.read(png);
  const ink = Array.from({ length: image.width * image.height }, (_, i) => (image.data[i * 4] === 0 ? 1 : 0));
  const greys = new Set(Array.from({ length: image.width * image.height }, (_, i) => image.data[i * 4]));
  expect([...greys].every((grey) => grey === 0 || grey === 255)).toBe(true);
  return { width: image.width, height: image.height, ink };
}

describe('inkToPng', () => {
  it('writes 1 bit per pixel (greyscale, bit depth 1) that decodes to the same dots', () => {
    const paper = new Paper(13); // not a whole number of bytes: the last byte of each row is padded
    for (const [x, y] of [
      [0, 0],
      [7, 0],
      [8, 1],
      [12, 2],
      [5, 3],
    ] as const)
      paper.dot(x, y);
    paper.extend(5);
    const image = paper.image();
    const png = inkToPng(image);
    // IHDR: width, height, then bit depth 1 and colour type 0 (greyscale).
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([13, 5, 1, 0]);
    expect(inkOf(png)).toEqual({ width: 13, height: 5, ink: Array.from(image.ink) });
  });
});
