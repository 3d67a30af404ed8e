import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2500, '$25.00'],
    [123456, '$1,234.56'],
    [-100, '\u2212$1.00'],
  ])('%i → %s', (minor, text) => expect(formatMoney(minor)).toBe(text));
});

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['$1,234.56', 123456],
    ['0.07', 7],
    [' 3. ', 300],
  ])('%j → %i', (text, minor) => expect(parseMoney(text)).toBe(minor));

  it.each(['', 'abc', '1.234', '-5', '1e3', '1234567.00'])('refuses %j', (text) => expect(parseMoney(text)).toBeNull());

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (minor) => parseMoney(formatMoney(minor)) === minor),
    );
  });
});
