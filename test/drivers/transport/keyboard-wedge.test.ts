import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBarcodeBurst,
  WedgeDetector,
  type Keystroke,
  type WedgeOutput,
} from '../../../drivers/transport/keyboard-wedge';
import { publishedQuickChip, publishedSwipeRecord } from '../../support/reader-samples';

/**
 * Plays keystrokes through a detector the way the shell does (settling at each deadline, as its
 * timer would) and records what the page ends up receiving, which bursts were taken out, and
 * which barcodes.
 */
function replay(strokes: readonly Keystroke[], detector: WedgeDetector) {
  const page: string[] = [];
  const bursts: string[] = [];
  const barcodes: string[] = [];
  const take = (output: WedgeOutput) => {
    for (const key of output.release ?? []) page.push(key.key);
    if (output.burst !== undefined) bursts.push(output.burst);
    if (output.barcode !== undefined) barcodes.push(output.barcode);
  };
  for (const stroke of strokes) {
    const deadline = detector.deadline;
    if (deadline !== undefined && stroke.at > deadline) take(detector.tick(deadline));
    const { verdict, output } = detector.feed(stroke);
    take(output);
    if (verdict === 'pass') page.push(stroke.key);
  }
  take(detector.tick(Number.POSITIVE_INFINITY));
  return { page, bursts, barcodes };
}

/** A card-only wedge's page and bursts. */
function play(strokes: readonly Keystroke[], detector = new WedgeDetector()) {
  const { page, bursts } = replay(strokes, detector);
  return { page, bursts };
}

const typed = (text: string, start: number, gap: number, enter = true): Keystroke[] => [
  ...[...text].map((key, i) => ({ key, at: start + i * gap })),
  ...(enter ? [{ key: 'Enter', at: start + text.length * gap }] : []),
];

/** A person typing these characters, Enter and Backspace, at any human pace (60 ms to 2 s a key). */
const humanTyping = (characters: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...characters.split(''), 'Enter', 'Backspace'), { maxLength: 40 }),
      fc.array(fc.integer({ min: 60, max: 2000 }), { minLength: 40, maxLength: 40 }),
    )
    .map(([keys, gaps]) => {
      let at = 0;
      return { keys, strokes: keys.map((key, i) => ({ key, at: (at += gaps[i] ?? 60) })) };
    });

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
      fc.property(humanTyping('0123456789ABCDEFabcxyz%;.=?^ '), ({ keys, strokes }) => {
        expect(play(strokes)).toEqual({ page: keys, bursts: [] });
      }),
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

describe('WedgeDetector telling barcodes apart (a kiosk)', () => {
  /** A kiosk's wedge: barcodes told apart. */
  const scan = (strokes: readonly Keystroke[]) => replay(strokes, new WedgeDetector({ barcodes: true }));

  it('takes a scanner’s burst and its Enter out as a barcode: EAN-13, UPC-A, EAN-8, letters and hyphens', () => {
    for (const code of ['4006381333931', '012000000133', '59012344', 'SKU-42-blue', 'ABC1234567890XYZ-1'])
      expect(scan(typed(code, 1000, 4))).toEqual({ page: [], bursts: [], barcodes: [code] });
  });

  it('takes an all-digit code of 16 to 32 digits (GS1-128) as a barcode, not a card record', () => {
    for (const code of ['0109501101020917', '00123456789012345678', '01095011010209171719050810123456'])
      expect(scan(typed(code, 0, 3))).toEqual({ page: [], bursts: [], barcodes: [code] });
  });

  it('leaves card data to the reader: clear tracks, the encrypted swipe record, quick-chip hex, a chip error', () => {
    const clear = ';4788250000121443=28121011000000000000?';
    const chipError = 'DFEE25020005DFEE26022000'; // the status-only TLV of a chip that could not be read
    for (const record of [clear, publishedSwipeRecord, publishedQuickChip, chipError])
      expect(scan(typed(record, 0, 4))).toEqual({ page: [], bursts: [record], barcodes: [] });
  });

  it('lets a person typing digits or letters slowly type them, Enter included', () => {
    expect(scan(typed('4006381333931', 0, 120))).toEqual({
      page: [...'4006381333931', 'Enter'],
      bursts: [],
      barcodes: [],
    });
    expect(scan(typed('help', 0, 90))).toEqual({ page: ['h', 'e', 'l', 'p', 'Enter'], bursts: [], barcodes: [] });
  });

  it('needs at least 4 characters: a fast 3 is typed after all', () => {
    expect(scan(typed('123', 0, 4))).toEqual({ page: ['1', '2', '3', 'Enter'], bursts: [], barcodes: [] });
    expect(scan(typed('1234', 0, 4))).toEqual({ page: [], bursts: [], barcodes: ['1234'] });
  });

  it('needs the Enter within the gap: without it, or after a pause, the keys are typed', () => {
    expect(scan(typed('40063813', 0, 4, false))).toEqual({ page: [...'40063813'], bursts: [], barcodes: [] });
    const late = [...typed('40063813', 0, 4, false), { key: 'Enter', at: 28 + 200 }];
    expect(scan(late)).toEqual({ page: [...'40063813', 'Enter'], bursts: [], barcodes: [] });
  });

  it('says a scan went wrong when four or more keys at a scanner’s pace make no code, and still types them', () => {
    const detector = new WedgeDetector({ barcodes: true });
    for (const stroke of typed('40063813', 0, 4, false)) detector.feed(stroke);
    expect(detector.tick(1000)).toEqual({ release: typed('40063813', 0, 4, false), unreadable: true });
    const code39 = new WedgeDetector({ barcodes: true });
    for (const stroke of typed('AB.12', 0, 4, false)) code39.feed(stroke);
    expect(code39.feed({ key: 'Enter', at: 20 })).toMatchObject({ verdict: 'pass', output: { unreadable: true } });
    // Three fast keys are a person's, and a card-only wedge never says it.
    const three = new WedgeDetector({ barcodes: true });
    for (const stroke of typed('123', 0, 4, false)) three.feed(stroke);
    expect(three.tick(1000)).toEqual({ release: typed('123', 0, 4, false) });
    const cardOnly = new WedgeDetector();
    for (const stroke of typed('40063813', 0, 4, false)) cardOnly.feed(stroke);
    expect(cardOnly.tick(1000)).toEqual({ release: typed('40063813', 0, 4, false) });
  });

  it('keeps a person’s typing right after a scan, and two scans in a row, apart and in order', () => {
    const strokes = [
      ...typed('012000000133', 0, 4),
      ...typed('42', 60, 150),
      ...typed('4006381333931', 1000, 4),
      ...typed('59012344', 1100, 4),
    ];
    expect(scan(strokes)).toEqual({
      page: ['4', '2', 'Enter'],
      bursts: [],
      barcodes: ['012000000133', '4006381333931', '59012344'],
    });
  });

  it('never loses or reorders what a person types, with barcodes told apart', () => {
    fc.assert(
      fc.property(humanTyping('0123456789ABCDEFabcxyz-%;.=?^ '), ({ keys, strokes }) => {
        expect(scan(strokes)).toEqual({ page: keys, bursts: [], barcodes: [] });
      }),
    );
  });

  it('tells the same characters apart the same way as isBarcodeBurst documents', () => {
    expect(isBarcodeBurst('4788250000121443')).toBe(true); // the kiosk refuses it as a card number, unlogged
    expect(isBarcodeBurst('DFEE25020005DFEE26022000')).toBe(false);
    // The price of that rule: a 16-32 character code of only hex letters and digits goes to the reader.
    expect(isBarcodeBurst('ABCD1234ABCD1234')).toBe(false);
    expect(isBarcodeBurst('ABCD1234ABCD123')).toBe(true);
    expect(isBarcodeBurst('1'.repeat(33))).toBe(false);
    expect(isBarcodeBurst('12 34')).toBe(false);
  });
});
