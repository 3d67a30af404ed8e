import { gunzipSync, gzipSync } from 'node:zlib';
import { inkToPng } from '../../../drivers/printer/page';
import type { SignatureStrokes } from '../../../drivers/signature-pad/types';
import { readBmp, SignatureFormatError, writeBmp1, type Bitmap } from './bmp';

export type { SignatureStrokes };

export interface CanvasOptions {
  /** Default 384 x 128: half the printable width of an 80 mm receipt at 203 dpi. */
  readonly width?: number;
  readonly height?: number;
  /** Line width in pixels (default 3). */
  readonly lineWidth?: number;
  /** The gateway's limit on the signature field (default 6144 characters). */
  readonly maxLength?: number;
}

export interface EncodedSignature {
  /** Base64 of the gzipped BMP, as the authorization's `signature` field takes it. */
  readonly value: string;
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly lineWidth: number;
  /** True when the line or canvas had to shrink to fit `maxLength`. */
  readonly reduced: boolean;
}

export const signatureLimit = 6144;
const margin = 8;

/** How much larger than the whole surface's scale the ink may be drawn, so initials do not become a blot. */
const maxZoom = 3;

/**
 * Scales the strokes into the canvas and draws them with a round pen. The ink's own bounding box
 * is fitted (aspect kept, centred), so a signature written in one corner of a large pad still
 * fills the receipt, but never magnified beyond `maxZoom` times the fit of the whole surface.
 */
export function rasterize(signature: SignatureStrokes, width: number, height: number, lineWidth: number): Bitmap {
  const ink = new Uint8Array(width * height);
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const stroke of signature.strokes) {
    for (const { x, y } of stroke) {
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  if (box.left > box.right) Object.assign(box, { left: 0, top: 0, right: signature.width, bottom: signature.height });
  const room = { width: width - 2 * margin - lineWidth, height: height - 2 * margin - lineWidth };
  const surfaceScale = Math.min(room.width / Math.max(1, signature.width), room.height / Math.max(1, signature.height));
  const scale = Math.min(
    room.width / Math.max(1e-9, box.right - box.left),
    room.height / Math.max(1e-9, box.bottom - box.top),
    surfaceScale * maxZoom,
  );
  const offsetX = width / 2 - ((box.left + box.right) / 2) * scale;
  const offsetY = height / 2 - ((box.top + box.bottom) / 2) * scale;
  const radius = lineWidth / 2;
  const reach = Math.ceil(radius);
  const dab = (cx: number, cy: number) => {
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        if (dx * dx + dy * dy > radius * radius + 0.25) continue;
        const x = Math.round(cx + dx);
        const y = Math.round(cy + dy);
        if (x >= 0 && x < width && y >= 0 && y < height) ink[y * width + x] = 1;
      }
    }
  };
  for (const stroke of signature.strokes) {
    const points = stroke.map((p) => ({ x: offsetX + p.x * scale, y: offsetY + p.y * scale }));
    if (points.length === 1 && points[0]) dab(points[0].x, points[0].y);
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.5));
      for (let s = 0; s <= steps; s++) dab(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps);
    }
  }
  return { width, height, ink };
}

function pack(bitmap: Bitmap): string {
  return gzipSync(writeBmp1(bitmap), { level: 9 }).toString('base64');
}

/**
 * Strokes → 1-bit BMP → gzip → Base64, never longer than `maxLength` (6144). When it would be,
 * it reduces deterministically: a thinner line first (down to 1 px), then a canvas 10 % smaller
 * each step, and reports the final size.
 */
export function encodeSignature(signature: SignatureStrokes, options: CanvasOptions = {}): EncodedSignature {
  const maxLength = options.maxLength ?? signatureLimit;
  let width = options.width ?? 384;
  let height = options.height ?? 128;
  let lineWidth = options.lineWidth ?? 3;
  if (signature.width <= 0 || signature.height <= 0)
    throw new SignatureFormatError('the capture device extent must be positive');
  for (let attempt = 0; attempt < 64; attempt++) {
    const value = pack(rasterize(signature, width, height, lineWidth));
    if (value.length <= maxLength)
      return { value, length: value.length, width, height, lineWidth, reduced: attempt > 0 };
    if (lineWidth > 1) lineWidth -= 1;
    else {
      width = Math.max(16, Math.floor(width * 0.9));
      height = Math.max(8, Math.floor(height * 0.9));
    }
  }
  throw new SignatureFormatError(`the signature does not fit in ${maxLength} characters even at the smallest canvas`);
}

/** Base64 → gunzip → BMP pixels. Each layer's failure is named. */
export function decodeSignature(value: string): Bitmap {
  const text = value.trim();
  if (text.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new SignatureFormatError('the signature is not Base64');
  }
  let bmp: Buffer;
  try {
    bmp = gunzipSync(Buffer.from(text, 'base64'), { maxOutputLength: 16 * 1024 * 1024 });
  } catch (error) {
    throw new SignatureFormatError(`the signature's Base64 is not gzip data (${(error as Error).message})`);
  }
  return readBmp(bmp);
}

/** A PNG of a bitmap (black ink on white), for previews and receipts. */
export function bitmapToPng(bitmap: Bitmap): Buffer {
  return inkToPng(bitmap);
}
