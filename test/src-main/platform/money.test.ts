import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../../src-main/platform/money';

describe('formatMinorUnits', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [99_999_999, '$999,999.99'],
    [100_000_000, '$1,000,000.00'],
    [-1, '-$0.01'],
    [-500, '-$5.00'],
    [-123456, '-$1,234.56'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
    [-Number.MAX_SAFE_INTEGER, '-$90,071,992,547,409.91'],
  ])('%i → %s', (minor, text) => expect(formatMinorUnits(minor)).toBe(text));

  it.each([
    [123456, { symbol: '', grouping: false }, '1234.56'],
    [-500, { symbol: '', grouping: false }, '-5.00'],
    [-100, { minus: '\u2212' }, '\u2212$1.00'],
    [1234, { symbol: '\u20ac' }, '\u20ac12.34'],
  ])('%i in style %j → %s', (minor, style, text) => expect(formatMinorUnits(minor, style)).toBe(text));

  it.each([1.5, Number.NaN, Infinity, 2 ** 60])('refuses %s', (minor) =>
    expect(() => formatMinorUnits(minor)).toThrow(RangeError),
  );

  it('writes exactly the integer it was given: digits back to the same minor units, sign kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        const text = formatMinorUnits(minor);
        const match = /^(-)?\$(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(text);
        if (!match) return false;
        const back = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
        return (match[1] ? -back : back) === BigInt(minor) && minor < 0 === Boolean(match[1]);
      }),
    );
  });
});
