import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';
import { luhnValid, parseSwipe, parseTrack1, parseTrack2, trackLrc } from '../../../drivers/card-reader/track';
import { withLuhnDigit } from '../../support/cards';

const visaTrack1 = '%B4788250000121443^DOE/PAT A^2812101000000000000?';
const visaTrack2 = ';4788250000121443=28121010000000000?';

function kindOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CardReaderError);
    return (error as CardReaderError).kind;
  }
  return 'accepted';
}

describe('parseTrack1', () => {
  it('reads PAN, name, expiry (as MMYY), service code and discretionary data', () => {
    expect(parseTrack1(visaTrack1)).toEqual({
      pan: '4788250000121443',
      name: 'DOE/PAT A',
      expiry: '1228',
      serviceCode: '101',
      discretionary: '000000000000',
      lrcChecked: false,
    });
  });

  it('checks an LRC when the reader passes one', () => {
    const lrc = trackLrc(visaTrack1, 1);
    expect(parseTrack1(`${visaTrack1}${lrc}`).lrcChecked).toBe(true);
    const wrong = String.fromCharCode(((lrc.charCodeAt(0) - 0x20 + 1) & 0x3f) + 0x20);
    expect(kindOf(() => parseTrack1(`${visaTrack1}${wrong}`))).toBe('malformed');
  });

  it.each([
    ['no end sentinel', '%B4788250000121443^DOE/PAT^2812101'],
    ['no format code B', '%A4788250000121443^DOE/PAT^2812101?'],
    ['a name of one character', '%B4788250000121443^D^2812101?'],
    ['a name over 26 characters', `%B4788250000121443^${'N'.repeat(27)}^2812101?`],
    ['a PAN failing Luhn', '%B4788250000121444^DOE/PAT^2812101?'],
    ['a month 13', '%B4788250000121443^DOE/PAT^2813101?'],
    ['lower-case letters', '%B4788250000121443^doe/pat^2812101?'],
    ['over 79 characters', `%B4788250000121443^DOE/PAT^2812101${'0'.repeat(60)}?`],
    ['characters after the LRC', `${visaTrack1}AB`],
  ])('refuses %s', (_what, text) => {
    expect(kindOf(() => parseTrack1(text))).toBe('malformed');
  });
});

describe('parseTrack2', () => {
  it('reads PAN, expiry and service code', () => {
    expect(parseTrack2(visaTrack2)).toMatchObject({
      pan: '4788250000121443',
      expiry: '1228',
      serviceCode: '101',
      lrcChecked: false,
    });
    expect(parseTrack2(`${visaTrack2}${trackLrc(visaTrack2, 2)}`).lrcChecked).toBe(true);
  });

  it.each([
    ['no separator', ';47882500001214432812101?'],
    ['letters', ';4788250000121443=2812101A?'],
    ['over 40 characters', `;4788250000121443=2812101${'0'.repeat(20)}?`],
    ['a bad Luhn digit', ';4788250000121440=2812101?'],
  ])('refuses %s', (_what, text) => {
    expect(kindOf(() => parseTrack2(text))).toBe('malformed');
  });
});

describe('parseSwipe', () => {
  it('reads both tracks as a keyboard reader types them, with or without LRCs', () => {
    expect(parseSwipe(`${visaTrack1}${visaTrack2}`)).toMatchObject({
      track1: { name: 'DOE/PAT A' },
      track2: { pan: '4788250000121443' },
    });
    const withLrcs = `${visaTrack1}${trackLrc(visaTrack1, 1)}${visaTrack2}${trackLrc(visaTrack2, 2)}`;
    expect(parseSwipe(withLrcs)).toMatchObject({ track1: { lrcChecked: true }, track2: { lrcChecked: true } });
    expect(parseSwipe(visaTrack2).track1).toBeUndefined();
  });

  it('refuses tracks that disagree, or text with no track at all', () => {
    expect(kindOf(() => parseSwipe(`${visaTrack1};5454545454545454=28121010000000000?`))).toBe('malformed');
    expect(kindOf(() => parseSwipe('hello'))).toBe('malformed');
  });
});

const luhnPan = fc
  .tuple(fc.constantFrom('4', '51', '37', '6011', '35'), fc.stringMatching(/^\d{9,13}$/))
  .map(([prefix, body]) => withLuhnDigit(`${prefix}${body}`.slice(0, 18)));
const name = fc.stringMatching(/^[A-Z][A-Z ./-]{1,24}[A-Z]$/);
const expiry = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }))
  .map(([yy, mm]) => [String(yy).padStart(2, '0'), String(mm).padStart(2, '0')] as const);
const serviceCode = fc.stringMatching(/^[1-7][0-2][0-7]$/);

describe('track properties', () => {
  it('reads back any well-formed swipe, with or without LRCs', () => {
    fc.assert(
      fc.property(
        luhnPan,
        name,
        expiry,
        serviceCode,
        fc.stringMatching(/^\d{0,8}$/),
        fc.boolean(),
        (pan, holder, [yy, mm], sc, dd, withLrc) => {
          const t1 = `%B${pan}^${holder}^${yy}${mm}${sc}${dd}?`;
          const t2 = `;${pan}=${yy}${mm}${sc}${dd}?`;
          const text = withLrc ? `${t1}${trackLrc(t1, 1)}${t2}${trackLrc(t2, 2)}` : `${t1}${t2}`;
          const { track1, track2 } = parseSwipe(text);
          expect(track1).toEqual({
            pan,
            name: holder,
            expiry: `${mm}${yy}`,
            serviceCode: sc,
            discretionary: dd,
            lrcChecked: withLrc,
          });
          expect(track2).toEqual({
            pan,
            expiry: `${mm}${yy}`,
            serviceCode: sc,
            discretionary: dd,
            lrcChecked: withLrc,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers any text with tracks or a malformed error, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.stringMatching(/^[%;B^=?0-9A-Z/ ]{0,90}$/)), (text) => {
        expect(['accepted', 'malformed']).toContain(kindOf(() => parseSwipe(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects any single changed digit of the PAN: Luhn catches every one', () => {
    fc.assert(
      fc.property(luhnPan, fc.nat(), fc.integer({ min: 1, max: 9 }), (pan, position, delta) => {
        const index = position % pan.length;
        const changed = `${pan.slice(0, index)}${(Number(pan[index]) + delta) % 10}${pan.slice(index + 1)}`;
        expect(luhnValid(changed)).toBe(false);
        expect(kindOf(() => parseTrack2(`;${changed}=2812101?`))).toBe('malformed');
      }),
      { numRuns: 500 },
    );
  });
});
