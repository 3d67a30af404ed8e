import { encodeSignature } from '../../src-main/signature/codec';

/** One stroke through `points` on a 200 × 60 pad, encoded as sigcap and auth take a signature. */
export function signedStroke(...points: readonly (readonly [x: number, y: number])[]): string {
  return encodeSignature({ width: 200, height: 60, strokes: [points.map(([x, y]) => ({ x, y }))] }).value;
}
