import { describe, expect, it } from 'vitest';
import { captureDetailsToWire } from '../../../../src-main/lane/gateway/capture-details';
import { cartDetails } from '../../../../src-main/lane/terminal/cart-details';

describe('cartDetails', () => {
  const cart = [
    { description: 'Coffee beans 1 lb', quantity: 2, unitMinor: 650, taxMinor: 104 },
    { description: 'Mug', quantity: 1, unitMinor: 399 },
  ];

  it('numbers the lines, totals the tax, and adds the tip as a line of its own', () => {
    expect(cartDetails(cart, 300)).toEqual({
      taxamnt: 104,
      items: [
        { lineno: 1, description: 'Coffee beans 1 lb', quantity: 2, unitcost: 650, netamnt: 1300, taxamnt: 104 },
        { lineno: 2, description: 'Mug', quantity: 1, unitcost: 399, netamnt: 399, taxamnt: 0 },
        { lineno: 3, description: 'Tip', quantity: 1, unitcost: 300, netamnt: 300, taxamnt: 0 },
      ],
    });
  });

  it('passes the gateway client\u2019s own Level 3 arithmetic for the amount the cart and tip come to', () => {
    expect(() => captureDetailsToWire(cartDetails(cart, 300), 2103)).not.toThrow();
    expect(() => captureDetailsToWire(cartDetails(cart, 300), 2104)).toThrow(/not the amount 21\.04/);
  });
});
