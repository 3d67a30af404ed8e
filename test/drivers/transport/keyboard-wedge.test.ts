import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyboardWedgeTransport, WedgeDetector, type Keystroke } from '../../../drivers/transport/keyboard-wedge';
import { publishedQuickChip, publishedSwipeRecord } from '../../support/reader-samples';

/**
 * Plays keystrokes through a detector the way the shell does (settling at each deadline, as its
 * timer would) and records what the page ends up receiving and which bursts were taken out.
 */
function play(strokes: readonly Keystroke[], detector = new WedgeDetector()) {
  const page: string[] = [];
  const bursts: string[] = [];
  const take = (output: { burst?: string; release?: readonly Keystroke[] }) => {
    for (const key of output.release ?? []) page.push(key.key);
    if (output.burst !== undefined) bursts.push(output.burst);
  };
  for (const stroke of strokes) {
    const deadline = detector.deadline;
    if (deadline !== undefined && stroke.at > deadline) take(detector.tick(deadline));
    const { verdict, output } = detector.feed(stroke);
    take(output);
    if (verdict === 'pass') page.push(stroke.key);
  }
  take(detector.tick(Number.POSITIVE_INFINITY));
  return { page, bursts };
}

const typed = (text: string, start: number, gap: number, enter = true): Keystroke[] => [
  ...[...text].map((key, i) => ({ key, at: start + i * gap })),
  ...(enter ? [{ key: 'Enter', at: start + text.length * gap }] : []),
];

describe('WedgeDetector', () => {
  it('takes a reader burst out of the keystrokes, Enter included', () => {
    expect(play(typed(publishedSwipeRecord, 1000, 4))).toEqual({ page: [], bursts: [publishedSwipeRecord] });
    expect(play(typed(publishedQuickChip, 1000, 2))).toEqual({ page: [], bursts: [publishedQuickChip] });
    const clear = '%B4788250000121443^TEST/VISA^28121011000000000000?;4788250000121443=28121011000000000000?';
    expect(play(typed(clear, 0, 8, false))).toEqual({ page: [], bursts: [clear] });
  });

  it('lets a person type, digits and Enter included, in order', () => {
    expect(play(typed('12.50', 0, 180))).toEqual({ page: ['1', '2', '.', '5', '0', 'Enter'], bursts: [] });
    expect(play(typed('hello', 0, 90))).toEqual({ page: ['h', 'e', 'l', 'l', 'o', 'Enter'], bursts: [] });
  });

  it('releases a short fast run (a barcode-like "02" typed quickly) instead of eating it', () => {
    expect(play(typed('0203', 0, 10))).toEqual({ page: ['0', '2', '0', '3', 'Enter'], bursts: [] });
  });

  it('keeps the person and the reader apart when a swipe follows typing', () => {
    const strokes = [...typed('25', 0, 200, false), ...typed(publishedSwipeRecord, 1000, 5)];
    expect(play(strokes)).toEqual({ page: ['2', '5'], bursts: [publishedSwipeRecord] });
  });

  it('releases held keys before a non-character key such as Backspace', () => {
    const strokes: Keystroke[] = [
      { key: '5', at: 0 },
      { key: 'Backspace', at: 20 },
    ];
    expect(play(strokes)).toEqual({ page: ['5', 'Backspace'], bursts: [] });
  });

  it('never loses or reorders what a person types (any text, any human pace)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'0123456789ABCDEFabcxyz%;.=?^ '.split(''), 'Enter', 'Backspace'), {
          maxLength: 40,
        }),
        fc.array(fc.integer({ min: 60, max: 2000 }), { minLength: 40, maxLength: 40 }),
        (keys, gaps) => {
          let at = 0;
          const strokes = keys.map((key, i) => ({ key, at: (at += gaps[i] ?? 60) }));
          expect(play(strokes)).toEqual({ page: keys, bursts: [] });
        },
      ),
    );
  });

  it('finds every reader burst at any reader pace, between human keystrokes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(publishedSwipeRecord, publishedQuickChip),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (record, gap, enter) => {
          const strokes = [
            ...typed('7', 0, 0, false),
            ...typed(record, 500, gap, enter),
            ...typed('8', 500 + record.length * gap + 500, 0, false),
          ];
          expect(play(strokes)).toEqual({ page: ['7', '8'], bursts: [record] });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('KeyboardWedgeTransport', () => {
  it('emits a burst as one data chunk and releases a person’s keys after the pause', async () => {
    let now = 0;
    const wedge = new KeyboardWedgeTransport({ now: () => now, maxGapMs: 30 });
    const chunks: string[] = [];
    const released: string[] = [];
    wedge.on('data', (chunk) => chunks.push(Buffer.from(chunk).toString()));
    wedge.onRelease((keys) => released.push(...keys.map((key) => key.key)));
    expect(wedge.key('1')).toBe(false); // closed: everything passes
    await wedge.open();
    expect(wedge.key('1')).toBe(true);
    now = 100;
    await new Promise((resolve) => setTimeout(resolve, 80));
    now = 1000;
    expect(released).toEqual(['1']);
    for (const key of publishedSwipeRecord) {
      expect(wedge.key(key)).toBe(true);
      now += 3;
    }
    expect(wedge.key('Enter')).toBe(true);
    expect(chunks).toEqual([publishedSwipeRecord]);
    await expect(wedge.write()).rejects.toThrow('takes no commands');
    await wedge.close();
  });
});
