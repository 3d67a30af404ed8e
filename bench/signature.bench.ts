import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { writeBmp1 } from '../src-main/signature/bmp';
import { encodeSignature, rasterize, type SignatureStrokes } from '../src-main/signature/codec';
import type { BenchCase } from './harness';

const longMessy = JSON.parse(readFileSync('assets/signatures/long-messy.json', 'utf8')) as SignatureStrokes;
const encoded = encodeSignature(longMessy);
// The same BMP at gzip level 9 as Base64: what the encoder's output is compared with.
const reference = gzipSync(writeBmp1(rasterize(longMessy, encoded.width, encoded.height, encoded.lineWidth)), { level: 9 }).toString('base64').length;

/** Issue 6's row: the long messy signature at the default canvas, with its size in the name. */
export const signatureBenchmarks: BenchCase[] = [
  {
    name: `signature encode, long messy (${encoded.length} chars, ${(encoded.length / reference).toFixed(2)}x gzip -9)`,
    iterations: 300,
    run: () => encodeSignature(longMessy),
  },
];
