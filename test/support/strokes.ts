import type { PenStroke, SignatureStrokes } from '../../drivers/signature-pad/types';

/**
 * Pen strokes written as a tester reads them: points as `x,y` separated by spaces, strokes
 * separated by `|`. `strokes('12,60 60,22 | 5,5 9,9')` is two strokes, of two points each.
 * Prettier would spread a literal of point objects over a line a point; this keeps a drawn
 * signature on one line. Text that is not points throws, naming the piece that is wrong.
 */
export function strokes(ink: string): PenStroke[] {
  return ink.split('|').map((stroke) =>
    stroke
      .trim()
      .split(/\s+/)
      .map((point) => {
        const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(point);
        if (!match) throw new Error(`strokes: "${point}" in "${ink}" is not a point written as x,y`);
        return { x: Number(match[1]), y: Number(match[2]) };
      }),
  );
}

/** A signature in a `width` x `height` drawing area, its strokes written as {@link strokes} reads them. */
export function drawnSignature(width: number, height: number, ink: string): SignatureStrokes {
  return { width, height, strokes: strokes(ink) };
}
