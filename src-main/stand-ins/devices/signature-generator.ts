import type { SignatureStrokes } from '../../../drivers/signature-pad/types';

/**
 * Human-like signatures for the emulated pad, the bench and tests: letters as overlapping loops
 * travelling right, speed and position noise, pen lifts between words, dots, and an optional
 * flourish. Seeded, so every signature can be made again from its numbers.
 */

type Point = { x: number; y: number };

/** A small seeded generator (a linear congruential one): reproducible signatures from a number. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How a signature is written: the letters of each word, their height in pad units, the jitter, an underline. */
export interface Handwriting {
  readonly words: readonly number[];
  readonly size: number;
  readonly messiness: number;
  readonly flourish: boolean;
}

function word(
  rand: () => number,
  start: { readonly x: number; readonly baseY: number; readonly letters: number },
  { size, messiness }: Pick<Handwriting, 'size' | 'messiness'>,
): Point[] {
  const { baseY, letters } = start;
  const points: Point[] = [];
  let x = start.x;
  for (let letter = 0; letter < letters; letter++) {
    const height = size * (0.6 + rand() * (letter === 0 ? 1.2 : 0.7));
    const width = size * (0.35 + rand() * 0.4);
    const loops = rand() < 0.3 ? 2 : 1;
    for (let t = 0; t <= 24 * loops; t++) {
      const angle = (t / 24) * Math.PI * 2;
      const jitter = () => (rand() - 0.5) * messiness;
      points.push({
        x: x + (t / (24 * loops)) * width + Math.sin(angle) * width * 0.35 + jitter(),
        y: baseY - (1 - Math.cos(angle)) * height * 0.5 + jitter(),
      });
    }
    x += width * (0.9 + rand() * 0.3);
  }
  return points;
}

/**
 * A signature in a 2000 x 600 pad's coordinates: `words` gives the letters in each word; `size`
 * the letter height in pad units; `messiness` the jitter; `flourish` an underline stroke.
 */
export function generateSignature(seed: number, hand: Handwriting): SignatureStrokes {
  const { words, size, messiness, flourish } = hand;
  const rand = seededRandom(seed);
  const strokes: Point[][] = [];
  let x = 80 + rand() * 60;
  for (const letters of words) {
    const stroke = word(rand, { x, baseY: 420 + (rand() - 0.5) * 60, letters }, hand);
    strokes.push(stroke);
    x = (stroke.at(-1)?.x ?? x) + size * (0.5 + rand() * 0.5);
    if (rand() < 0.5)
      strokes.push([
        { x: x - size * 0.8, y: 420 - size * 1.4 },
        { x: x - size * 0.75 + rand() * 4, y: 420 - size * 1.38 },
      ]); // a dot
  }
  if (flourish) {
    const flourishStroke: Point[] = [];
    for (let t = 0; t <= 80; t++)
      flourishStroke.push({
        x: 100 + t * 21 + (rand() - 0.5) * messiness,
        y: 500 + Math.sin(t / 6) * 30 + t * 0.6 + (rand() - 0.5) * messiness,
      });
    strokes.push(flourishStroke);
  }
  const clamp = (p: Point) => ({
    x: Math.round(Math.min(1999, Math.max(0, p.x))),
    y: Math.round(Math.min(599, Math.max(0, p.y))),
  });
  return { width: 2000, height: 600, strokes: strokes.map((stroke) => stroke.map(clamp)) };
}

/** A random signature of 1 to 6 words, as the bench's population: anything from initials to a scrawl. */
export function randomSignature(seed: number): SignatureStrokes {
  const rand = seededRandom(seed);
  const words = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => 1 + Math.floor(rand() * 9));
  return generateSignature(seed, {
    words,
    size: 50 + rand() * 130,
    messiness: 2 + rand() * 18,
    flourish: rand() < 0.4,
  });
}

/**
 * A worst case for the codec, not a signature: a dense zigzag scribble, or a digitizer spraying
 * hundreds to thousands of stray points. Such input is what the 6144-character limit and the
 * codec's reduction exist for; the bench and tests use it to prove the bound holds.
 */
export function noisySignature(seed: number): SignatureStrokes {
  const rand = seededRandom(seed);
  const count = 200 + Math.floor(rand() * 8000);
  if (rand() < 0.5) {
    const stroke = Array.from({ length: count }, (_, i) => ({
      x: 100 + (i / count) * 1800 + (rand() - 0.5) * 300,
      y: 300 + (i % 2 ? 1 : -1) * 250 * rand(),
    }));
    return {
      width: 2000,
      height: 600,
      strokes: [stroke.map((p) => ({ x: Math.min(1999, Math.max(0, p.x)), y: Math.min(599, Math.max(0, p.y)) }))],
    };
  }
  return {
    width: 2000,
    height: 600,
    strokes: Array.from({ length: count }, () => [{ x: rand() * 2000, y: rand() * 600 }]),
  };
}
