import { describe, expect, it } from 'vitest';
import { randomSignature } from '../../../../src-main/stand-ins/devices/signature-generator';
import { loadSignatures, penSamples, replaySamples } from '../../../../src-main/stand-ins/devices/signature-replay';
import { drawnSignature } from '../../../support/strokes';
import { ManualClock } from '../../../support/manual-clock';

const signatures = loadSignatures('assets/signatures');

describe('recorded signatures', () => {
  it('has several, including a long messy one, each in a 2000 x 600 pad’s coordinates', () => {
    expect([...signatures.keys()]).toEqual(['initials-short', 'long-messy', 'name-with-underline', 'neat-name']);
    const messy = signatures.get('long-messy')!;
    expect(messy.strokes.length).toBeGreaterThanOrEqual(8);
    expect(messy.strokes.flat().length).toBeGreaterThan(1000);
    for (const signature of signatures.values()) {
      for (const point of signature.strokes.flat()) {
        expect(point.x).toBeGreaterThanOrEqual(0);
        expect(point.x).toBeLessThan(signature.width);
        expect(point.y).toBeLessThan(signature.height);
      }
    }
  });

  it('generates the same signature from the same seed, and different ones from others', () => {
    expect(randomSignature(5)).toEqual(randomSignature(5));
    expect(randomSignature(5)).not.toEqual(randomSignature(6));
  });
});

describe('penSamples', () => {
  const neat = signatures.get('neat-name')!;
  const samples = penSamples(neat, { width: 4000, height: 1200, maxPressure: 1023 });

  it('hovers in, draws each stroke with the tip down, lifts between strokes and leaves range', () => {
    expect(samples[0]).toMatchObject({ tip: false, inRange: true });
    expect(samples.at(-1)).toMatchObject({ tip: false, inRange: false });
    let strokes = 0;
    samples.forEach((sample, i) => {
      if (sample.tip && !samples[i - 1]?.tip) strokes++;
    });
    expect(strokes).toBe(neat.strokes.length);
    expect(samples.filter((sample) => sample.tip)).toHaveLength(neat.strokes.flat().length);
  });

  it('scales into the pad, reports at 200 a second, and presses with plausible pressure', () => {
    const first = samples.find((sample) => sample.tip)!;
    expect(first).toMatchObject({ x: neat.strokes[0]![0]!.x * 2, y: neat.strokes[0]![0]!.y * 2 });
    expect(samples[1]!.atMs - samples[0]!.atMs).toBe(5);
    for (const sample of samples) {
      if (sample.tip) expect(sample.pressure).toBeGreaterThan(300);
      else expect(sample.pressure).toBe(0);
      expect(sample.pressure).toBeLessThanOrEqual(1023);
    }
  });

  it('replays in real time at speed 1, and back to back at speed 0', async () => {
    const short = penSamples(
      drawnSignature(10, 10, '1,1 2,2 3,3'),
      { width: 10, height: 10, maxPressure: undefined },
      { hoverReports: 0 },
    );
    // Real time on the test's clock: each sample leaves at its own moment, none early.
    const clock = new ManualClock();
    const sentAt: number[] = [];
    let done = false;
    const replay = replaySamples(short, async () => void sentAt.push(clock.now()), { speed: 1, clock }).then(
      () => (done = true),
    );
    while (!done) {
      await new Promise((turn) => setImmediate(turn));
      clock.advance(1);
    }
    await replay;
    expect(sentAt).toHaveLength(short.length);
    short.forEach((sample, index) => {
      expect(sentAt[index]).toBeGreaterThanOrEqual(sample.atMs - 1);
      expect(sentAt[index]).toBeLessThanOrEqual(sample.atMs);
    });
    expect(clock.now()).toBeGreaterThanOrEqual(short.at(-1)!.atMs);
    let sent = 0;
    await replaySamples(short, async () => void sent++, { speed: 0 });
    expect(sent).toBe(short.length);
  });
});
