import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogueItem, TaxRate } from '../../../../src-main/lane/ipc/contract';
import { cartTotalMinor } from '../../../../src-main/lane/ipc/cart';
import {
  basketCart,
  emptyBasket,
  maxQuantity,
  priceBasket,
  withQuantity,
  type BasketContents,
} from '../../../../src-main/lane/kiosk/basket';
import { lineTaxMinor } from '../../../../src-main/lane/kiosk/tax';

const rates: TaxRate[] = [
  { id: 'standard', name: 'Sales tax', basisPoints: 825 },
  { id: 'food', name: 'Food', basisPoints: 0 },
  { id: 'odd', name: 'Odd', basisPoints: 1 },
];
const product = (id: string, unitMinor: number, taxRateId = 'standard'): CatalogueItem => ({
  id,
  barcode: null,
  name: `Item ${id}`,
  category: null,
  unitMinor,
  taxRateId,
});
const customer = { staff: false };
const staff = { staff: true };

describe('tax per line', () => {
  it('rounds half up to the cent, with integers only', () => {
    expect(lineTaxMinor(200, 825)).toBe(17); // 16.5 cents
    expect(lineTaxMinor(199, 825)).toBe(16); // 16.4175
    expect(lineTaxMinor(5000, 1)).toBe(1); // 0.5 cents exactly: up
    expect(lineTaxMinor(4999, 1)).toBe(0); // 0.4999
    expect(lineTaxMinor(1, 5000)).toBe(1); // half a cent
    expect(lineTaxMinor(0, 825)).toBe(0);
    expect(lineTaxMinor(99 * 9_999_999, 10_000)).toBe(99 * 9_999_999);
    expect(() => lineTaxMinor(-1, 825)).toThrow(RangeError);
    expect(() => lineTaxMinor(100, 10_001)).toThrow(RangeError);
  });

  it('is the exact decimal product rounded half up, for any net amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 9_999_999 }), fc.integer({ min: 0, max: 10_000 }), (net, bp) => {
        const exact = BigInt(net) * BigInt(bp); // tax in 1/10000 cents
        const expected = (exact + 5000n) / 10000n;
        expect(BigInt(lineTaxMinor(net, bp))).toBe(expected);
      }),
    );
  });
});

describe('the basket', () => {
  it('prices lines by their own rates, and sums exactly', () => {
    let basket: BasketContents = emptyBasket;
    basket = withQuantity(basket, { item: product('soap', 329), quantity: 2 }, rates, customer);
    basket = withQuantity(basket, { item: product('bread', 349, 'food'), quantity: 1 }, rates, customer);
    expect(priceBasket(basket, rates)).toEqual({
      lines: [
        { itemId: 'soap', name: 'Item soap', quantity: 2, unitMinor: 329, netMinor: 658, taxMinor: 54 },
        { itemId: 'bread', name: 'Item bread', quantity: 1, unitMinor: 349, netMinor: 349, taxMinor: 0 },
      ],
      subtotalMinor: 1007,
      taxMinor: 54,
      totalMinor: 1061,
      paidMinor: 0,
      dueMinor: 1061,
      locked: false,
    });
    // Quantity 0 removes the line.
    basket = withQuantity(basket, { item: product('soap', 329), quantity: 0 }, rates, customer);
    expect(priceBasket(basket, rates).lines.map((line) => line.itemId)).toEqual(['bread']);
  });

  it('caps a quantity at 99', () => {
    expect(() =>
      withQuantity(emptyBasket, { item: product('a', 100), quantity: maxQuantity + 1 }, rates, customer),
    ).toThrow('A quantity is 0 to 99: Item a cannot be 100.');
  });

  it('a locked basket changes only by staff, and never below what was paid', () => {
    const paid: BasketContents = {
      entries: [
        { item: product('a', 500), quantity: 1 },
        { item: product('b', 300, 'food'), quantity: 1 },
      ],
      paidMinor: 500,
    };
    expect(priceBasket(paid, rates)).toMatchObject({ totalMinor: 841, dueMinor: 341, locked: true });
    expect(() => withQuantity(paid, { item: product('b', 300, 'food'), quantity: 0 }, rates, customer)).toThrow(
      /a member of staff changes it/,
    );
    const smaller = withQuantity(paid, { item: product('b', 300, 'food'), quantity: 0 }, rates, staff);
    expect(priceBasket(smaller, rates)).toMatchObject({ totalMinor: 541, dueMinor: 41 });
    expect(() => withQuantity(paid, { item: product('a', 500), quantity: 0 }, rates, staff)).toThrow(
      '$5.00 was already paid: the basket cannot come to less ($3.00). Void the payment instead.',
    );
  });

  it('its cart comes to its total, so the sale\u2019s cart check passes', () => {
    const basket = priceBasket(
      withQuantity(emptyBasket, { item: product('a', 199), quantity: 3 }, rates, customer),
      rates,
    );
    expect(cartTotalMinor(basketCart(basket))).toBe(basket.totalMinor);
  });

  it('holds its sums for any changes: total = subtotal + line taxes, never negative, a locked basket never below paid', () => {
    const items = [product('a', 1), product('b', 249, 'food'), product('c', 9_999_999), product('d', 333, 'odd')];
    const step = fc.record({
      item: fc.integer({ min: 0, max: items.length - 1 }),
      quantity: fc.integer({ min: 0, max: 120 }),
      staff: fc.boolean(),
      pay: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let basket: BasketContents = emptyBasket;
        for (const change of steps) {
          try {
            basket = withQuantity(basket, { item: items[change.item]!, quantity: change.quantity }, rates, change);
          } catch {
            // A refused change leaves the basket as it was.
          }
          const priced = priceBasket(basket, rates);
          // Now and then a payment approves part of what is owed.
          if (change.pay > 0 && priced.dueMinor > 0)
            basket = { ...basket, paidMinor: basket.paidMinor + Math.min(change.pay, priced.dueMinor) };
          const after = priceBasket(basket, rates);
          expect(after.totalMinor).toBe(
            after.subtotalMinor + after.lines.reduce((sum, line) => sum + line.taxMinor, 0),
          );
          expect(after.taxMinor).toBe(after.lines.reduce((sum, line) => sum + line.taxMinor, 0));
          expect(after.totalMinor).toBeGreaterThanOrEqual(0);
          expect(after.dueMinor).toBeGreaterThanOrEqual(0);
          expect(after.totalMinor).toBeGreaterThanOrEqual(after.paidMinor);
          expect(after.locked).toBe(after.paidMinor > 0);
          for (const line of after.lines) expect(line.quantity).toBeLessThanOrEqual(maxQuantity);
        }
      }),
    );
  });
});
