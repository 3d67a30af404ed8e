import { networkForPan } from '../../../drivers/card-reader/card-read';
import type { CashMovement, JournalEntry, Shift } from '../journal/journal';
import type { SinceLastZ } from '../journal/day-book';
import type { DayTotals, Tally } from '../ipc/contract';
import { tookEffect } from './order-money';

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
  /** The split sale of each row, by id (`SinceLastZ.splitOf`): its parts count as one sale. */
  readonly splitOf?: SinceLastZ['splitOf'];
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
  // A day has a few hundred card prefixes and thousands of sales: each prefix is looked up once.
  const brands = new Map<string, string>();
  const brandOf = (maskedPan: string) => {
    const prefix = maskedPan.slice(0, 6);
    let brand = brands.get(prefix);
    if (brand === undefined) brands.set(prefix, (brand = networkForPan(maskedPan)));
    return brand;
  };
  const byCashier: Record<string, Tally> = {};
  // A sale paid in parts is counted once, its money as each part paid it.
  const counted = new Set<string>();
  const once = (tally: Tally | undefined, minor: number, key: string | undefined): Tally => {
    if (key === undefined || !counted.has(key)) {
      if (key !== undefined) counted.add(key);
      return add(tally, minor);
    }
    return { count: tally?.count ?? 0, minor: (tally?.minor ?? 0) + minor };
  };
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
        const split = rows.splitOf?.entries.get(entry.id);
        sales = once(sales, moved - fee, split === undefined ? undefined : `sale ${split}`);
        card = add(card, moved);
        const brand = entry.maskedPan ? brandOf(entry.maskedPan) : 'unknown';
        byBrand[brand] = add(byBrand[brand], moved - fee);
        byCashier[cashier] = once(
          byCashier[cashier],
          moved - fee,
          split === undefined ? undefined : `${cashier} sale ${split}`,
        );
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
      const split = rows.splitOf?.movements.get(movement.id);
      sales = once(sales, movement.amountMinor, split === undefined ? undefined : `sale ${split}`);
      byCashier[movement.cashier] = once(
        byCashier[movement.cashier],
        movement.amountMinor,
        split === undefined ? undefined : `${movement.cashier} sale ${split}`,
      );
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
