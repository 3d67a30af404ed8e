import { describe, expect, it } from 'vitest';
import { maxSignaturePoints, StrokeRecorder } from '../../../drivers/signature-pad/strokes';
import type { PenSample } from '../../../drivers/signature-pad/types';

const extent = { width: 1000, height: 300, maxPressure: 1023 };
const down = (x: number, y: number): PenSample => ({ x, y, tip: true, inRange: true, pressure: 500 });
const hover = (x: number, y: number): PenSample => ({ x, y, tip: false, inRange: true, pressure: 0 });
const away = (x: number, y: number): PenSample => ({ x, y, tip: false, inRange: false, pressure: 0 });

describe('StrokeRecorder', () => {
  it('starts a stroke on pen-down, ends it on lift, and ignores hovering', () => {
    const recorder = new StrokeRecorder(extent);
    for (const sample of [
      hover(5, 5),
      down(10, 10),
      down(20, 12),
      hover(20, 12),
      hover(40, 40),
      down(50, 50),
      down(60, 55),
      away(60, 55),
    ])
      recorder.sample(sample);
    expect(recorder.strokes).toEqual([
      [
        { x: 10, y: 10 },
        { x: 20, y: 12 },
      ],
      [
        { x: 50, y: 50 },
        { x: 60, y: 55 },
      ],
    ]);
  });

  it('treats leaving range as a lift even if the tip bit stays set, and needs both to draw', () => {
    const recorder = new StrokeRecorder(extent);
    recorder.sample(down(1, 1));
    recorder.sample({ ...down(2, 2), inRange: false });
    recorder.sample(down(3, 3));
    expect(recorder.strokes).toEqual([[{ x: 1, y: 1 }], [{ x: 3, y: 3 }]]);
  });

  it('clamps points to the extent and drops a repeated point', () => {
    const recorder = new StrokeRecorder(extent);
    for (const sample of [down(-5, 10), down(-5, 10), down(1200, 400)]) recorder.sample(sample);
    expect(recorder.strokes).toEqual([
      [
        { x: 0, y: 10 },
        { x: 1000, y: 300 },
      ],
    ]);
  });

  it('reports the new points of each sample for the live preview', () => {
    const recorder = new StrokeRecorder(extent);
    expect(recorder.sample(down(1, 1))).toEqual({ ink: { stroke: 0, points: [{ x: 1, y: 1 }] } });
    expect(recorder.sample(down(1, 1))).toEqual({});
    expect(recorder.sample(hover(1, 1))).toEqual({});
    expect(recorder.sample(down(9, 9))).toEqual({ ink: { stroke: 1, points: [{ x: 9, y: 9 }] } });
  });

  it('presses a pad button on a tap inside it, leaving no ink', () => {
    const recorder = new StrokeRecorder(extent, {
      accept: { x: 900, y: 250, width: 100, height: 50 },
      clear: { x: 0, y: 250, width: 100, height: 50 },
    });
    recorder.sample(down(100, 100));
    recorder.sample(hover(100, 100));
    recorder.sample(down(950, 270));
    recorder.sample(down(955, 272));
    expect(recorder.sample(hover(955, 272))).toEqual({ press: 'accept' });
    recorder.sample(down(50, 260));
    expect(recorder.sample(away(50, 260))).toEqual({ press: 'clear' });
    expect(recorder.strokes).toEqual([[{ x: 100, y: 100 }]]);
  });

  it('turns a stroke that starts on a button and leaves it into ink from where it began', () => {
    const recorder = new StrokeRecorder(extent, { clear: { x: 0, y: 250, width: 100, height: 50 } });
    recorder.sample(down(50, 260));
    recorder.sample(down(150, 200));
    expect(recorder.sample(hover(150, 200))).toEqual({});
    expect(recorder.strokes).toEqual([
      [
        { x: 50, y: 260 },
        { x: 150, y: 200 },
      ],
    ]);
  });

  it(`keeps at most ${maxSignaturePoints} points, however long the pen is held down`, () => {
    const recorder = new StrokeRecorder(extent);
    for (let i = 0; i < maxSignaturePoints + 500; i++) recorder.sample(down(i % 1000, Math.floor(i / 1000) % 300));
    expect(recorder.strokes.flat()).toHaveLength(maxSignaturePoints);
  });

  it('forgets everything on clear', () => {
    const recorder = new StrokeRecorder(extent);
    recorder.sample(down(1, 1));
    recorder.clear();
    expect(recorder.empty).toBe(true);
    recorder.sample(down(5, 5));
    expect(recorder.strokes).toEqual([[{ x: 5, y: 5 }]]);
  });
});
