import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { readBmp, writeBmp1 } from '../../../../src-main/lane/signature/bmp';
import { noisySignature } from '../../../../src-main/stand-ins/devices/signature-generator';
import {
  bitmapToPng,
  decodeSignature,
  encodeSignature,
  rasterize,
  type SignatureStrokes,
} from '../../../../src-main/lane/signature/codec';
import { drawnSignature, strokes } from '../../../support/strokes';

/** A loop-and-underline signature in a 2000 x 600 pad's coordinates. */
const signature: SignatureStrokes = {
  width: 2000,
  height: 600,
  strokes: [
    Array.from({ length: 120 }, (_, i) => ({ x: 100 + i * 12, y: 300 + Math.sin(i / 5) * 180 })),
    ...strokes('150,520 1800,540'),
  ],
};

/**
 * Debian's Pillow: an independent decoder of our BMP (installed by .ci/run as python3-pil). CI
 * always runs the check; elsewhere it is skipped when Pillow is missing (apt-get install
 * python3-pil).
 */
const systemPython = '/usr/bin/python3';
const pillow =
  process.env.CI === 'true' || (existsSync(systemPython) && spawnSync(systemPython, ['-c', 'import PIL']).status === 0);

describe('the 1-bit BMP', () => {
  it('has the header fields a Windows BMP reader expects', () => {
    const bmp = Buffer.from(
      writeBmp1({ width: 10, height: 3, ink: Uint8Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 1 : 0)) }),
    );
    expect(bmp.toString('latin1', 0, 2)).toBe('BM');
    expect(bmp.readUInt32LE(2)).toBe(bmp.length);
    expect(bmp.readUInt32LE(10)).toBe(62);
    expect(bmp.readUInt32LE(14)).toBe(40);
    expect([
      bmp.readInt32LE(18),
      bmp.readInt32LE(22),
      bmp.readUInt16LE(26),
      bmp.readUInt16LE(28),
      bmp.readUInt32LE(30),
    ]).toEqual([10, 3, 1, 1, 0]);
    expect(bmp.readUInt32LE(34)).toBe(12); // three rows of 4 bytes (10 bits padded)
    expect(bmp.length).toBe(62 + 12);
  });

  it('round-trips any bitmap, bottom-up rows and padding included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 20 }),
        fc.infiniteStream(fc.boolean()),
        (width, height, bits) => {
          const ink = Uint8Array.from({ length: width * height }, () => (bits.next().value ? 1 : 0));
          expect(readBmp(writeBmp1({ width, height, ink }))).toEqual({ width, height, ink });
        },
      ),
      { numRuns: 100 },
    );
  });

  it.runIf(pillow)('opens in Pillow as a 1-bit image of the stated size with the same pixels', () => {
    const encoded = encodeSignature(signature);
    const dir = mkdtempSync(join(tmpdir(), 'signature-'));
    const file = join(dir, 'signature.bmp');
    const bitmap = decodeSignature(encoded.value);
    writeFileSync(file, writeBmp1(bitmap));
    const script =
      'import sys; from PIL import Image; im = Image.open(sys.argv[1]); print(im.format, im.mode, im.size[0], im.size[1], sum(1 for p in im.getdata() if p == 0))';
    const run = spawnSync(systemPython, ['-c', script, file], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const inkCount = bitmap.ink.reduce((sum, pixel) => sum + pixel, 0);
    expect(run.stdout.trim()).toBe(`BMP 1 ${encoded.width} ${encoded.height} ${inkCount}`);
  });
});

describe('encodeSignature', () => {
  it('gives Base64 of a gzipped BMP of the default canvas, within the limit', () => {
    const encoded = encodeSignature(signature);
    expect(encoded).toMatchObject({ width: 384, height: 128, lineWidth: 3, reduced: false });
    expect(encoded.length).toBe(encoded.value.length);
    expect(encoded.length).toBeLessThanOrEqual(6144);
    const bitmap = decodeSignature(encoded.value);
    expect(bitmap.width).toBe(384);
    expect(bitmap.ink.some(Boolean)).toBe(true);
  });

  it('reduces deterministically (thinner line, then a smaller canvas) to fit the limit', () => {
    const a = encodeSignature(signature, { maxLength: 600 });
    const b = encodeSignature(signature, { maxLength: 600 });
    expect(a).toEqual(b);
    expect(a.reduced).toBe(true);
    expect(a.length).toBeLessThanOrEqual(600);
    expect(a.lineWidth).toBe(1);
    expect(a.width).toBeLessThan(384);
    expect(encodeSignature(signature, { maxLength: 2000 }).width).toBeLessThanOrEqual(384);
  });

  it('never exceeds 6144 characters, whatever is scribbled', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.record({ x: fc.integer({ min: 0, max: 1000 }), y: fc.integer({ min: 0, max: 300 }) }), {
            minLength: 1,
            maxLength: 60,
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (strokes) => {
          expect(encodeSignature({ width: 1000, height: 300, strokes }).length).toBeLessThanOrEqual(6144);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reduces scribbles and pad noise on a large canvas until they fit, and says so', () => {
    const results = Array.from({ length: 12 }, (_, i) =>
      encodeSignature(noisySignature(i + 1), { width: 576, height: 256, lineWidth: 3 }),
    );
    for (const result of results) expect(result.length).toBeLessThanOrEqual(6144);
    const reduced = results.filter((result) => result.reduced);
    expect(reduced.length).toBeGreaterThan(0);
    for (const result of reduced) expect(result.lineWidth < 3 || result.width < 576).toBe(true);
  });

  it('draws a dot at the centre, no bigger than the pen', () => {
    const bitmap = rasterize({ width: 100, height: 100, strokes: [[{ x: 50, y: 50 }]] }, 100, 100, 3);
    expect(bitmap.ink[50 * 100 + 50]).toBe(1);
    expect(bitmap.ink.reduce((sum, pixel) => sum + pixel, 0)).toBeLessThanOrEqual(9);
  });

  it('fits the ink, not the whole pad: a signature in one corner fills the canvas, aspect kept', () => {
    const corner = drawnSignature(4000, 1200, '100,100 1600,550');
    const bitmap = rasterize(corner, 384, 128, 1);
    const inked = (x: number, y: number) => bitmap.ink[y * 384 + x] === 1;
    const columns = Array.from({ length: 384 }, (_, x) =>
      Array.from({ length: 128 }, (_, y) => inked(x, y)).some(Boolean),
    );
    const rows = Array.from({ length: 128 }, (_, y) =>
      Array.from({ length: 384 }, (_, x) => inked(x, y)).some(Boolean),
    );
    // 1500 x 450 pad units (a quarter of the pad's area): the width decides, 367 of 384 dots
    // inside the margins, and the height follows at the same scale, about 110 dots.
    expect(columns.lastIndexOf(true) - columns.indexOf(true)).toBeGreaterThan(360);
    expect(rows.lastIndexOf(true) - rows.indexOf(true)).toBeGreaterThan(105);
    expect(rows.lastIndexOf(true) - rows.indexOf(true)).toBeLessThan(116);
  });

  it('magnifies small ink at most three times the whole pad’s fit', () => {
    const tiny = drawnSignature(2000, 600, '1000,300 1010,300');
    const bitmap = rasterize(tiny, 384, 128, 1);
    const row = Array.from({ length: 384 }, (_, x) => bitmap.ink[64 * 384 + x]);
    // The pad fits at about 0.18 dots a unit; three times that makes 10 units about 5.5 dots.
    expect(row.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    expect(row.filter(Boolean).length).toBeLessThanOrEqual(8);
  });
});

describe('decodeSignature', () => {
  it.each([
    ['not base64!', 'the signature is not Base64'],
    [Buffer.from('plain text').toString('base64'), "the signature's Base64 is not gzip data"],
    [gzipSync(Buffer.from('GIF89a')).toString('base64'), 'not a BMP'],
  ])('names what is wrong (%#)', (value, message) => {
    expect(() => decodeSignature(value)).toThrow(message);
  });

  it('reads 8- and 24-bit BMPs too, and makes a PNG preview', () => {
    const bmp24 = Buffer.alloc(54 + 4 * 2);
    bmp24.write('BM', 0, 'latin1');
    bmp24.writeUInt32LE(bmp24.length, 2);
    bmp24.writeUInt32LE(54, 10);
    bmp24.writeUInt32LE(40, 14);
    bmp24.writeInt32LE(1, 18);
    bmp24.writeInt32LE(-2, 22); // top-down
    bmp24.writeUInt16LE(1, 26);
    bmp24.writeUInt16LE(24, 28);
    bmp24.set([0, 0, 0], 54); // top pixel black
    bmp24.set([255, 255, 255], 58); // bottom pixel white
    const bitmap = decodeSignature(gzipSync(bmp24).toString('base64'));
    expect([...bitmap.ink]).toEqual([1, 0]);
    const png = PNG.sync.read(bitmapToPng(bitmap));
    expect([png.width, png.height, png.data[0], png.data[4]]).toEqual([1, 2, 0, 255]);
  });
});
