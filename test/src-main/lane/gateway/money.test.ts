import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWireAmount } from '../../../../src-main/lane/gateway/money';
import { toWireAmount } from '../../../../src-main/platform/money';

describe('toWireAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [100, '1.00'],
    [-500, '-5.00'],
    [99_999_999_999, '999999999.99'],
  ])('%i → %s', (minor, wire) => {
    expect(toWireAmount(minor)).toBe(wire);
  });

  it.each([[1.5], [Number.NaN], [Infinity], [100_000_000_000]])('refuses %s', (value) => {
    expect(() => toWireAmount(value)).toThrow(RangeError);
  });
});

describe('fromWireAmount', () => {
  it.each<[string, number | null]>([
    ['12.34', 1234],
    ['0.00', 0],
    ['5', 500],
    ['1.5', 150],
    ['-1.50', -150],
    [' 7.00 ', 700],
    ['12.345', null],
    ['1,000.00', null],
    ['', null],
    ['abc', null],
  ])('%j → %j', (wire, minor) => {
    expect(fromWireAmount(wire)).toBe(minor);
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (minor) => {
        expect(fromWireAmount(toWireAmount(minor))).toBe(minor);
      }),
    );
  });
});
