import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cashDue, changeFor, loadCashRules, quickCash } from '../../../../src-main/lane/payment/cash-rules';

const rules = loadCashRules('assets');
const usd = rules.get('USD')!;
const cad = rules.get('CAD')!;

describe('cash rules as data', () => {
  it('rounds a cash total to the currency\u2019s smallest coin, halves up, and leaves cents alone where the cent is a coin', () => {
    // Canada: 1-2 cents down, 3-7 to the 5, 8-9 up (the Mint's table).
    expect([1001, 1002, 1003, 1005, 1007, 1008].map((due) => cashDue(due, cad))).toEqual([
      1000, 1000, 1005, 1005, 1005, 1010,
    ]);
    expect(cashDue(1234, usd)).toBe(1234);
    expect(cashDue(1249, rules.get('SEK')!)).toBe(1200);
    expect(cashDue(1250, rules.get('SEK')!)).toBe(1300);
    expect(cashDue(1224, rules.get('DKK')!)).toBe(1200);
    expect(cashDue(1225, rules.get('DKK')!)).toBe(1250);
  });

  it('offers exact, the next dollar and the notes that cover the amount', () => {
    expect(quickCash(1234, usd)).toEqual([1234, 1300, 2000, 5000]);
    expect(quickCash(2000, usd)).toEqual([2000, 5000, 10000]);
    expect(quickCash(1003, cad)).toEqual([1005, 1100, 2000, 5000]);
    expect(quickCash(0, usd)).toEqual([0, 100, 500, 1000]);
  });

  it('gives change for what was handed over, and refuses too little in words', () => {
    expect(changeFor(2000, 1234, usd)).toBe(766);
    expect(changeFor(2000, 1003, cad)).toBe(995);
    expect(() => changeFor(1000, 1234, usd)).toThrow('The cash tendered does not cover the 12.34 due');
    expect(() => changeFor(-5, 1234, usd)).toThrow('The cash tendered must be a whole, positive amount');
  });

  it('names the currency and the field of a table that is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cash-rules-'));
    mkdirSync(join(dir, 'cash'));
    writeFileSync(join(dir, 'cash', 'currencies.json'), JSON.stringify({ CAD: { increment: 5, notes: [1000, 500] } }));
    expect(() => loadCashRules(dir)).toThrow('cash rules: CAD.notes: notes must be in ascending order');
    writeFileSync(join(dir, 'cash', 'currencies.json'), JSON.stringify({ cad: { increment: 5, notes: [500] } }));
    expect(() => loadCashRules(dir)).toThrow('"cad" is not an ISO 4217 currency code');
  });
});
