import { gzipSync } from 'node:zlib';
import type { SignatureStroke } from './terminal-device';

/**
 * The signature the terminal returns: "a Base64-encoded, Gzipped bitmap (BMP)", or with
 * gzipSignature false "an uncompressed BMP in base64" (terminal-openapi.yaml, readSignature and
 * the signature parameters). Drawn 1-bit (signatureImageType binary, the BMP default) at
 * signatureDimensions "x,y" (at most 999,999).
 */
export interface SignatureImage {
  readonly width: number;
  readonly height: number;
  readonly gzip: boolean;
}

/** The size the reference leaves open when signatureDimensions is absent: a pad's signature box. */
export const defaultSignatureSize = { width: 320, height: 100 } as const;

/** "x,y" as a size, or undefined when it is not two whole numbers from 1 to 999. */
export function parseDimensions(text: string): { width: number; height: number } | undefined {
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return undefined;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function plot(canvas: { bits: Uint8Array; rowBytes: number; image: SignatureImage }, x: number, y: number): void {
  const { bits, rowBytes, image } = canvas;
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
  // Rows go bottom-up in a BMP; a set bit is black (palette entry 1).
  const row = image.height - 1 - y;
  bits[row * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
}

/**
 * The strokes, in the pad's pixels, fitted into the image as the terminal renders its signature
 * box at the size asked: scaled alike in both directions to fill it within a small margin and
 * centred, so a signature drawn anywhere on a screen of any size comes out whole.
 */
function fitted(strokes: readonly SignatureStroke[], image: SignatureImage): SignatureStroke[] {
  const points = strokes.flat();
  if (points.length === 0) return [];
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [inkWidth, inkHeight] = [Math.max(...xs) - left, Math.max(...ys) - top];
  const margin = Math.min(4, Math.floor(Math.min(image.width, image.height) / 10));
  const [roomWidth, roomHeight] = [image.width - 1 - 2 * margin, image.height - 1 - 2 * margin];
  const scale = Math.min(roomWidth / Math.max(inkWidth, 1), roomHeight / Math.max(inkHeight, 1));
  const [offsetX, offsetY] = [
    margin + (roomWidth - inkWidth * scale) / 2,
    margin + (roomHeight - inkHeight * scale) / 2,
  ];
  return strokes.map((stroke) =>
    stroke.map((point) => ({ x: offsetX + (point.x - left) * scale, y: offsetY + (point.y - top) * scale })),
  );
}

/** The strokes as a 1-bit BMP file, fitted into it, lines drawn between each stroke's points. */
export function signatureBmp(strokes: readonly SignatureStroke[], image: SignatureImage): Buffer {
  const rowBytes = Math.ceil(image.width / 32) * 4;
  const bits = new Uint8Array(rowBytes * image.height);
  const canvas = { bits, rowBytes, image };
  for (const stroke of fitted(strokes, image)) {
    stroke.forEach((point, index) => {
      const from = index === 0 ? point : stroke[index - 1]!;
      const steps = Math.max(Math.abs(point.x - from.x), Math.abs(point.y - from.y), 1);
      for (let step = 0; step <= steps; step += 1) {
        const x = Math.round(from.x + ((point.x - from.x) * step) / steps);
        const y = Math.round(from.y + ((point.y - from.y) * step) / steps);
        plot(canvas, x, y);
      }
    });
  }
  const header = Buffer.alloc(62);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(62 + bits.length, 2);
  header.writeUInt32LE(62, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(image.width, 18);
  header.writeInt32LE(image.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(1, 28);
  header.writeUInt32LE(bits.length, 34);
  header.writeUInt32LE(2, 46);
  // Palette: 0 white, 1 black.
  header.writeUInt32LE(0x00ffffff, 54);
  header.writeUInt32LE(0x00000000, 58);
  return Buffer.concat([header, bits]);
}

/** The signature field's value. */
export function signatureField(strokes: readonly SignatureStroke[], image: SignatureImage): string {
  const bmp = signatureBmp(strokes, image);
  return (image.gzip ? gzipSync(bmp) : bmp).toString('base64');
}
