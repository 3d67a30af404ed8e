import { networkForPan } from '../../../drivers/card-reader/card-read';
import type { CashMovement, JournalEntry, Shift } from '../journal/journal';
import type { SinceLastZ } from '../journal/day-book';
import type { DayTotals, Tally } from '../ipc/contract';
import { wasForwarded } from '../offline/offline-findings';
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
  const offline = { stored: none, forwarded: none, declined: none };
  const byBrand: Record<string, Tally> = {};
  // A day has a few hundred card prefixes and thousands of sales: each prefix is looked up once.
  const brands = new Map<string, string>();
  const brandOf = (maskedPan: string) => {
    const prefix = maskedPan.slice(0, 6);
    let brand = brands.get(prefix);
    if (brand === undefined) brands.set(prefix, (brand = networkForPan(maskedPan)));
    return brand;
  };
  // Each customer's sale by key (a split sale, a card order, a cash sale): its money net of what
  // went back (a void, cash handed back when a sale with paid parts was cancelled) and who sold it.
  // A sale is counted once however many tenders paid it, and not at all once all of it went back.
  const saleNet = new Map<string, { minor: number; cashier: string }>();
  const toSale = (key: string, minor: number, cashier: string) => {
    const sale = saleNet.get(key);
    if (sale) sale.minor += minor;
    else saleNet.set(key, { minor, cashier });
  };
  // What a void or a cash return takes back from: each card order's sale, brand and fee, each cash part's sale.
  const cardOrders = new Map<string, { key: string; feeMinor: number; brand: string | null }>();
  const cashOrders = new Map<string, string>();
  for (const entry of rows.entries) {
    if (entry.state === 'pending' || entry.state === 'unknown') {
      unknown += 1;
      continue;
    }
    // Taken offline and not sent yet: no issuer has seen it, so it is no sale (ADR 074).
    if (entry.state === 'stored') {
      offline.stored = add(offline.stored, entry.amountMinor);
      continue;
    }
    const forwarded = entry.operation === 'auth' && wasForwarded(entry);
    if (!tookEffect(entry)) {
      // Sent later and not approved: the goods are gone, the money was never taken.
      if (forwarded && (entry.state === 'completed' || entry.state === 'resolved'))
        offline.declined = add(offline.declined, entry.amountMinor);
      continue;
    }
    if (forwarded) offline.forwarded = add(offline.forwarded, entry.outcome?.amountMinor ?? entry.amountMinor);
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
        const key = split === undefined ? `order ${entry.orderId}` : `split ${split}`;
        toSale(key, moved - fee, cashier);
        card = add(card, moved);
        const brand = entry.maskedPan ? brandOf(entry.maskedPan) : 'unknown';
        byBrand[brand] = add(byBrand[brand], moved - fee);
        cardOrders.set(entry.orderId, { key, feeMinor: fee, brand });
        break;
      }
      case 'capture': {
        const tip = typeof entry.detail?.['tipMinor'] === 'number' ? entry.detail['tipMinor'] : 0;
        tipsMinor += tip;
        toSale(`order ${entry.orderId}`, moved, cashier);
        card = add(card, moved);
        cardOrders.set(entry.orderId, { key: `order ${entry.orderId}`, feeMinor: 0, brand: null });
        break;
      }
      case 'void':
      case 'voidByOrderId': {
        // The void's row keeps the amount voided; its answer's amount is what is left of the sale.
        const voided = Math.abs(entry.amountMinor);
        voids = add(voids, voided);
        const order = cardOrders.get(entry.orderId);
        const remainder = entry.detail?.['expectedRemainderMinor'];
        const whole = !(entry.operation === 'void' && typeof remainder === 'number' && remainder > 0);
        card = { count: card.count - (order && whole ? 1 : 0), minor: card.minor - voided };
        if (!order) break; // A sale of an earlier day: only the money went back today.
        // A whole void takes the fee back with the sale.
        const fee = whole ? order.feeMinor : 0;
        surchargesMinor -= fee;
        toSale(order.key, -(voided - fee), cashier);
        if (order.brand !== null) {
          const tally = byBrand[order.brand] ?? none;
          byBrand[order.brand] = { count: tally.count - (whole ? 1 : 0), minor: tally.minor - (voided - fee) };
        }
        break;
      }
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
    // Cash handed back when a sale with paid parts was cancelled takes its part out, as a void does a card's.
    cash =
      movement.kind === 'returned'
        ? { count: cash.count - 1, minor: cash.minor + movement.amountMinor }
        : add(cash, movement.amountMinor);
    if (movement.kind === 'sale') {
      const split = rows.splitOf?.movements.get(movement.id);
      const key = split === undefined ? `cash ${movement.id}` : `split ${split}`;
      toSale(key, movement.amountMinor, movement.cashier);
      if (movement.orderId) cashOrders.set(movement.orderId, key);
    } else if (movement.kind === 'returned') {
      const key = movement.orderId ? cashOrders.get(movement.orderId) : undefined;
      if (key) toSale(key, movement.amountMinor, movement.cashier);
    } else if (movement.kind === 'refund') refunds = add(refunds, -movement.amountMinor);
  }
  const byCashier: Record<string, Tally> = {};
  for (const { minor, cashier } of saleNet.values()) {
    if (minor <= 0) continue;
    sales = add(sales, minor);
    byCashier[cashier] = add(byCashier[cashier], minor);
  }
  for (const [brand, tally] of Object.entries(byBrand)) if (tally.count <= 0 && tally.minor <= 0) delete byBrand[brand];
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
    offline,
  };
}
