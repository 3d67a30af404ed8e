import { describe, expect, it } from 'vitest';
import { drawnSignature, strokes } from './strokes';

// The tests write their signatures through these; a misread point would quietly change what
// every one of them draws.
describe('strokes', () => {
  it('reads points as x,y and strokes split by |, spaces folded', () => {
    expect(strokes(' 12,60  60,22 | 1.5,-2 ')).toEqual([
      [
        { x: 12, y: 60 },
        { x: 60, y: 22 },
      ],
      [{ x: 1.5, y: -2 }],
    ]);
  });

  it.each(['12,60 60', '12;60', '12,60 | ', 'x,1'])('names the piece that is not a point (%s)', (ink) => {
    expect(() => strokes(ink)).toThrow(`in "${ink}" is not a point written as x,y`);
  });

  it('puts the strokes in their drawing area', () => {
    expect(drawnSignature(300, 100, '5,6')).toEqual({ width: 300, height: 100, strokes: [[{ x: 5, y: 6 }]] });
  });
});
