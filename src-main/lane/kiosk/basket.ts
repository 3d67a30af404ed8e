import { LaneError } from '../errors';
import type { BasketLine, CatalogueItem, KioskBasket, TaxRate } from '../ipc/contract';
import type { CartLine } from '../ipc/cart';
import { formatMinorUnits } from '../../platform/money';
import { lineTaxMinor, taxRateOf } from './tax';

/** The most of one item a customer takes at the kiosk; more is a staff matter (a case, a pallet). */
export const maxQuantity = 99;
/** The most lines: what the gateway's Level 3 data takes in one sale (the cart's limit). */
export const maxLines = 99;

/** A basket as the kiosk keeps it: the items and how many, in the order the customer added them. */
export interface BasketContents {
  readonly entries: readonly { readonly item: CatalogueItem; readonly quantity: number }[];
  /** What the payments of this basket approved so far. */
  readonly paidMinor: number;
}

export const emptyBasket: BasketContents = { entries: [], paidMinor: 0 };

/** The basket with its sums, as `kiosk.state` publishes it. Every sum is of integers: exact. */
export function priceBasket(contents: BasketContents, rates: readonly TaxRate[]): KioskBasket {
  const lines: BasketLine[] = contents.entries.map(({ item, quantity }) => {
    const netMinor = item.unitMinor * quantity;
    return {
      itemId: item.id,
      name: item.name,
      quantity,
      unitMinor: item.unitMinor,
      netMinor,
      taxMinor: lineTaxMinor(netMinor, taxRateOf(rates, item.taxRateId).basisPoints),
    };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  const totalMinor = subtotalMinor + taxMinor;
  return {
    lines,
    subtotalMinor,
    taxMinor,
    totalMinor,
    paidMinor: contents.paidMinor,
    dueMinor: totalMinor - contents.paidMinor,
    locked: contents.paidMinor > 0,
  };
}

/** Who is changing the basket: a locked basket (a payment approved on it) changes only by staff. */
export interface BasketChanger {
  readonly staff: boolean;
}

/**
 * The basket with the change's item at its quantity (0 removes the line). Refused: more than `maxQuantity`,
 * more than `maxLines` lines, any change to a locked basket by anyone but staff, and even by
 * staff a change that would bring the total below what was already paid (that money would be
 * owed back, which is a refund, not a basket change).
 */
export function withQuantity(
  contents: BasketContents,
  change: { readonly item: CatalogueItem; readonly quantity: number },
  rates: readonly TaxRate[],
  by: BasketChanger,
): BasketContents {
  const { item, quantity } = change;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > maxQuantity)
    throw new LaneError(
      'invalid',
      `A quantity is 0 to ${maxQuantity}: ${item.name} cannot be ${quantity}.`,
      'quantity',
    );
  if (contents.paidMinor > 0 && !by.staff)
    throw new LaneError(
      'forbidden',
      'A payment was already taken on this basket: a member of staff changes it from now on.',
      'itemId',
    );
  const present = contents.entries.some((entry) => entry.item.id === item.id);
  if (!present && quantity > 0 && contents.entries.length >= maxLines)
    throw new LaneError(
      'refused',
      `A basket holds at most ${maxLines} different items: pay for these first.`,
      'itemId',
    );
  const entries = present
    ? contents.entries
        .map((entry) => (entry.item.id === item.id ? { item: entry.item, quantity } : entry))
        .filter((entry) => entry.quantity > 0)
    : quantity > 0
      ? [...contents.entries, { item, quantity }]
      : contents.entries;
  const next = { entries, paidMinor: contents.paidMinor };
  const total = priceBasket(next, rates).totalMinor;
  if (total < contents.paidMinor)
    throw new LaneError(
      'refused',
      `${formatMinorUnits(contents.paidMinor)} was already paid: the basket cannot come to less (${formatMinorUnits(total)}). Void the payment instead.`,
      'quantity',
    );
  return next;
}

/** How many of `itemId` the basket holds (0 when none). */
export function quantityOf(contents: BasketContents, itemId: string): number {
  return contents.entries.find((entry) => entry.item.id === itemId)?.quantity ?? 0;
}

/** The basket's lines as the sale's cart (its Level 3 data): they add up to the basket's total. */
export function basketCart(basket: KioskBasket): Array<Required<CartLine>> {
  return basket.lines.map((line) => ({
    description: line.name,
    quantity: line.quantity,
    unitMinor: line.unitMinor,
    taxMinor: line.taxMinor,
  }));
}
