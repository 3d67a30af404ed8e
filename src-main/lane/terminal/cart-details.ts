import type { CaptureDetails } from '../gateway/capture-details';
import type { CartLine } from '../ipc/cart';

/**
 * The counter's cart as Level 2/3 data: the order's tax (Level 2) and a line item per cart
 * line (Level 3), numbered in the cashier's order. The gateway checks that the lines add up to
 * the amount, so a tip becomes a line of its own; the contract already refused a cart that,
 * with the tip, does not come to the amount.
 */
export function cartDetails(cart: readonly CartLine[], tipMinor = 0): CaptureDetails {
  const lines = tipMinor > 0 ? [...cart, { description: 'Tip', quantity: 1, unitMinor: tipMinor, taxMinor: 0 }] : cart;
  const items = lines.map((line, index) => ({
    lineno: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitcost: line.unitMinor,
    netamnt: line.quantity * line.unitMinor,
    taxamnt: line.taxMinor ?? 0,
  }));
  return { taxamnt: items.reduce((sum, item) => sum + item.taxamnt, 0), items };
}
