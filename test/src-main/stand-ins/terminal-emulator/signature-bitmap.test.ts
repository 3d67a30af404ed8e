import { describe, expect, it } from 'vitest';
import { readBmp } from '../../../../src-main/lane/signature/bmp';
import { signatureBmp } from '../../../../src-main/stand-ins/terminal-emulator/signature-bitmap';

/** The ink's bounding box in a decoded bitmap. */
function inkBox(bmp: Buffer) {
  const bitmap = readBmp(bmp);
  const inked: Array<[number, number]> = [];
  for (let y = 0; y < bitmap.height; y++)
    for (let x = 0; x < bitmap.width; x++) if (bitmap.ink[y * bitmap.width + x] === 1) inked.push([x, y]);
  const xs = inked.map(([x]) => x);
  const ys = inked.map(([, y]) => y);
  return {
    count: inked.length,
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}

describe('the emulated terminal’s signature image', () => {
  it('fits a signature signed low on a 480 x 272 screen whole into the 320 x 100 image, within its margin', () => {
    const low = [
      [
        { x: 200, y: 180 },
        { x: 300, y: 240 },
        { x: 420, y: 200 },
      ],
    ];
    const box = inkBox(signatureBmp(low, { width: 320, height: 100, gzip: false }));
    expect(box.count).toBeGreaterThan(100);
    expect(box.left).toBeGreaterThanOrEqual(4);
    expect(box.right).toBeLessThanOrEqual(315);
    expect(box.top).toBeGreaterThanOrEqual(4);
    expect(box.bottom).toBeLessThanOrEqual(95);
    // Scaled alike both ways (220 x 60 by 311 / 220): the width fills the room, the height follows.
    expect(box.right - box.left).toBeGreaterThanOrEqual(310);
    expect(box.bottom - box.top).toBe(85);
  });

  it('draws nothing for no strokes', () => {
    expect(inkBox(signatureBmp([], { width: 64, height: 32, gzip: false })).count).toBe(0);
  });
});
