import { networkForPan } from '../../../drivers/card-reader/card-read';
import type { CashMovement, JournalEntry, Shift } from '../journal/journal';
import { tookEffect } from './order-money';

/** A count and the money it came to, in minor units. */
export interface Tally {
  readonly count: number;
  readonly minor: number;
}

/**
 * The totals of an X report (the day or shift so far, nothing reset) or a Z report (the day
 * closed): made from the journal's rows alone, so the report and the journal cannot disagree.
 * Money is in minor units; refunds and voids are positive amounts taken off.
 */
export interface DayTotals {
  /** Sales that took effect: card sales (approved and captured) and the cash kept from sales. */
  readonly sales: Tally;
  /** Net takings by tender: card (sales, captures and tips, less voids and refunds) and cash in the drawer from sales less cash refunds. */
  readonly byTender: { readonly card: Tally; readonly cash: Tally; readonly outside: Tally };
  /** Card sales by the card's brand (from its first six digits). */
  readonly byBrand: Readonly<Record<string, Tally>>;
  /** Sales by who was signed in when each was written. */
  readonly byCashier: Readonly<Record<string, Tally>>;
  readonly refunds: Tally;
  readonly voids: Tally;
  readonly noSales: number;
  readonly tipsMinor: number;
  readonly surchargesMinor: number;
  /** The closed shifts in the period: float, blind count, what was expected, over or short. */
  readonly shifts: ReadonlyArray<{
    readonly id: number;
    readonly openedBy: string;
    readonly floatMinor: number;
    readonly countedMinor: number | null;
    readonly expectedMinor: number | null;
    readonly overShortMinor: number | null;
  }>;
  /** Counted less expected over every closed shift: positive over, negative short. */
  readonly overShortMinor: number;
  /** Payments whose outcome is still unknown: the report says so rather than count them either way. */
  readonly unknown: number;
}

const none: Tally = { count: 0, minor: 0 };
const add = (tally: Tally | undefined, minor: number): Tally => ({
  count: (tally?.count ?? 0) + 1,
  minor: (tally?.minor ?? 0) + minor,
});

/**
 * The totals of the rows given: the journal's payments, the drawer's cash and the shifts. Pure
 * and one pass each, so a report over ten thousand payments costs milliseconds.
 */
export function dayTotals(rows: {
  readonly entries: readonly JournalEntry[];
  readonly movements: readonly CashMovement[];
  readonly shifts: readonly Shift[];
  readonly outsideMinor?: readonly number[];
}): DayTotals {
  let sales = none;
  let card = none;
  let cash = none;
  let refunds = none;
  let voids = none;
  let tipsMinor = 0;
  let surchargesMinor = 0;
  let unknown = 0;
  let noSales = 0;
  const byBrand: Record<string, Tally> = {};
  const byCashier: Record<string, Tally> = {};
  for (const entry of rows.entries) {
    if (entry.state === 'pending' || entry.state === 'unknown') {
      unknown += 1;
      continue;
    }
    if (!tookEffect(entry)) continue;
    const cashier = entry.cashier ?? 'nobody signed in';
    const moved = entry.outcome?.amountMinor ?? entry.amountMinor;
    switch (entry.operation) {
      case 'auth': {
        // An authorization only (capture later) is no sale until it is captured.
        if (entry.detail?.['tender'] === 'authorize') break;
        // A surcharge is the merchant's fee, not the sale: counted on its own line, in the card's takings.
        const fee = entry.outcome?.feeMinor ?? 0;
        surchargesMinor += fee;
        sales = add(sales, moved - fee);
        card = add(card, moved);
        const brand = entry.maskedPan ? networkForPan(entry.maskedPan) : 'unknown';
        byBrand[brand] = add(byBrand[brand], moved - fee);
        byCashier[cashier] = add(byCashier[cashier], moved - fee);
        break;
      }
      case 'capture': {
        const tip = typeof entry.detail?.['tipMinor'] === 'number' ? entry.detail['tipMinor'] : 0;
        tipsMinor += tip;
        sales = add(sales, moved);
        card = add(card, moved);
        byCashier[cashier] = add(byCashier[cashier], moved);
        break;
      }
      case 'void':
      case 'voidByOrderId':
        voids = add(voids, Math.abs(moved));
        card = { count: card.count, minor: card.minor - Math.abs(moved) };
        break;
      case 'refund':
        refunds = add(refunds, Math.abs(moved));
        card = { count: card.count, minor: card.minor - Math.abs(moved) };
        break;
    }
  }
  for (const movement of rows.movements) {
    if (movement.kind === 'no-sale') {
      noSales += 1;
      continue;
    }
    cash = add(cash, movement.amountMinor);
    if (movement.kind === 'sale') {
      sales = add(sales, movement.amountMinor);
      byCashier[movement.cashier] = add(byCashier[movement.cashier], movement.amountMinor);
    } else if (movement.kind === 'refund') refunds = add(refunds, -movement.amountMinor);
  }
  let outside = none;
  for (const minor of rows.outsideMinor ?? []) outside = add(outside, minor);
  const shifts = rows.shifts.map((shift) => ({
    id: shift.id,
    openedBy: shift.openedBy,
    floatMinor: shift.floatMinor,
    countedMinor: shift.closed?.countedMinor ?? null,
    expectedMinor: shift.closed?.expectedMinor ?? null,
    overShortMinor: shift.closed?.overShortMinor ?? null,
  }));
  return {
    sales,
    byTender: { card, cash, outside },
    byBrand,
    byCashier,
    refunds,
    voids,
    noSales,
    tipsMinor,
    surchargesMinor,
    shifts,
    overShortMinor: shifts.reduce((sum, shift) => sum + (shift.overShortMinor ?? 0), 0),
    unknown,
  };
}
