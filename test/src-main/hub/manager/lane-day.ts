/**
 * A lane's day written through the real Journal API (approvals, partials, declines, voids whole
 * and partial, refunds, authorize-only and capture with a tip, surcharges, unknowns, offline
 * stored / forwarded / declined, cash sales, returns, refunds and no-sale, a split sale
 * cancelled), and the lane's own `dayTotals` of it mapped to the hub's totals fields.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { dayTotals } from '../../../../src-main/lane/terminal/day-report';
import type { HubDayTotals } from '../../../../src-main/hub/manager/day-totals';
import { ManualClock } from '../../../support/manual-clock';

export function openLaneJournal(start: number, cashier: { current: string }) {
  const clock = new ManualClock(start);
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'hub-lane-')), 'journal.sqlite'), {
    clock,
    terminalId: 'LANE-01',
    cashier: () => cashier.current,
  });
  return { clock, journal };
}

let retrefs = 100_000_000_000;
const retref = () => String(retrefs++);
const visa = '478825******1443';
const mastercard = '545454******5454';

/** A card sale: written, then answered with `outcome` (approved for its amount by default). */
export function cardSale(
  journal: Journal,
  amountMinor: number,
  outcome: Record<string, unknown> = {},
  tender = 'sale',
) {
  const row = journal.beginWithNewOrderId({
    operation: 'auth',
    amountMinor,
    maskedPan: amountMinor % 2 ? mastercard : visa,
    entryMode: 'chip',
    detail: { tender },
  });
  const answer = { respstat: 'A', retref: retref(), amountMinor, batchid: '101', ...outcome };
  journal.complete(row.id, answer);
  return { ...row, retref: answer.retref };
}

/** A follow-up (capture, void, refund) of an order, answered with `outcome`. */
export function followUp(
  journal: Journal,
  operation: 'capture' | 'void' | 'refund' | 'voidByOrderId',
  sale: { orderId: string; retref: string },
  amountMinor: number,
  outcome: Record<string, unknown>,
  detail?: Record<string, number>,
) {
  const id = journal.begin({
    operation,
    orderId: sale.orderId,
    amountMinor,
    originalRetref: sale.retref,
    ...(detail ? { detail } : {}),
  });
  journal.complete(id, { retref: operation === 'refund' ? retref() : sale.retref, ...outcome });
  return id;
}

/** Every kind of row a lane's day holds, each at least once. */
export function writeFullDay(journal: Journal, clock: ManualClock, cashier: { current: string }) {
  const tick = () => clock.advance(60_000);
  journal.day.openShift({ openedBy: '1001', floatMinor: 10_000 });
  cardSale(journal, 2000);
  tick();
  cardSale(journal, 5000, { amountMinor: 3000 }); // partial approval
  cardSale(journal, 400, { respstat: 'C', amountMinor: 0, retref: undefined }); // declined
  const surcharged = cardSale(journal, 2499, { amountMinor: 2574, feeMinor: 75 });
  followUp(journal, 'void', surcharged, 2574, { respstat: 'A', amountMinor: 0 }); // whole void, fee back
  cardSale(journal, 1001, { amountMinor: 1051, feeMinor: 50 }); // a surcharge kept
  tick();
  const held = cardSale(journal, 5000, {}, 'authorize');
  followUp(journal, 'void', held, 1000, { respstat: 'A', amountMinor: 4000 }, { expectedRemainderMinor: 4000 });
  followUp(journal, 'capture', held, 4600, { setlstat: 'Queued for Capture', amountMinor: 4600 }, { tipMinor: 600 });
  const sold = cardSale(journal, 3000);
  followUp(journal, 'void', sold, 500, { respstat: 'A', amountMinor: 2500 }, { expectedRemainderMinor: 2500 });
  followUp(journal, 'refund', sold, 1000, { respstat: 'A', amountMinor: 1000 });
  cashier.current = '1002';
  // Lost answers: one found approved and voided by order id (applied), one still unknown, one pending.
  const lost = journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 1500, maskedPan: visa });
  journal.markUnknown(lost.id, 'the answer was lost');
  journal.resolve(lost.id, 'found', { respstat: 'A', retref: retref(), amountMinor: 1500 });
  const voidId = journal.begin({ operation: 'voidByOrderId', orderId: lost.orderId, amountMinor: 1500 });
  journal.resolve(voidId, 'voided', { applied: true });
  const unknown = journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 900, maskedPan: visa });
  journal.markUnknown(unknown.id, 'no answer');
  journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 700, maskedPan: visa });
  journal.recordNotSent({ operation: 'auth', amountMinor: 300 }, 'cancelled at the signature');
  tick();
  // Offline: one still stored, one forwarded and approved, one forwarded and declined.
  const card = { brand: 'visa', lastFour: '1443' };
  journal.offline.store({ operation: 'auth', amountMinor: 1200, maskedPan: visa }, Buffer.from('sealed'), card);
  const approved = journal.offline.store(
    { operation: 'auth', amountMinor: 1300, maskedPan: visa },
    Buffer.from('s'),
    card,
  );
  journal.offline.beginForwarding(approved.id);
  journal.complete(approved.id, { respstat: 'A', retref: retref(), amountMinor: 1300 });
  const declined = journal.offline.store(
    { operation: 'auth', amountMinor: 1400, maskedPan: visa },
    Buffer.from('s'),
    card,
  );
  journal.offline.beginForwarding(declined.id);
  journal.complete(declined.id, { respstat: 'C', amountMinor: 0 });
  // Cash: a sale, a refund in cash, a no-sale.
  journal.day.recordCashSale({
    orderId: journal.nextOrderId(),
    tenderedMinor: 2000,
    changeMinor: 765,
    cashier: '1002',
  });
  journal.day.recordCashOut({ kind: 'refund', orderId: sold.orderId, amountMinor: 235, cashier: '1002' });
  journal.day.recordNoSale({ cashier: '1002', approvedBy: '9001', reason: 'change for the till' });
  // A split sale: a card part and a cash part, then cancelled (the card part voided, the cash handed back).
  const split = journal.split.begin({ totalMinor: 1200 });
  const part = cardSale(journal, 500);
  const cashOrder = journal.nextOrderId();
  journal.split.recordCash(split.id, {
    orderId: cashOrder,
    tenderedMinor: 1000,
    changeMinor: 300,
    appliedMinor: 700,
    cashier: '1002',
  });
  followUp(journal, 'void', part, 500, { respstat: 'A', amountMinor: 0 });
  journal.split.recordCashReturned(split.id, { orderId: cashOrder, appliedMinor: 700, cashier: '1002' });
  journal.split.end(split.id, 'cancelled', 'customer changed their mind');
  // A split sale paid: card and cash.
  const paid = journal.split.begin({ totalMinor: 1800 });
  cardSale(journal, 800);
  journal.split.recordCash(paid.id, {
    orderId: journal.nextOrderId(),
    tenderedMinor: 1000,
    changeMinor: 0,
    appliedMinor: 1000,
    cashier: '1002',
  });
  journal.split.end(paid.id, 'paid');
  journal.day.closeShift({ closedBy: '1002', countedMinor: 12_000 });
}

/** The lane's own report of its rows since the last Z, in the hub's fields. */
export function laneTotals(journal: Journal): HubDayTotals {
  const rows = journal.day.sinceLastZ();
  const totals = dayTotals(rows);
  return {
    cardSalesMinor: totals.byTender.card.minor,
    cardSalesCount: totals.byTender.card.count,
    refundsMinor: totals.refunds.minor,
    refundsCount: totals.refunds.count,
    voidsMinor: totals.voids.minor,
    voidsCount: totals.voids.count,
    cashSalesMinor: totals.byTender.cash.minor,
    // Not a line of dayTotals: the cash handed back, read from the same movements.
    cashReturnedMinor:
      0 - rows.movements.filter((m) => m.kind === 'returned').reduce((sum, m) => sum + m.amountMinor, 0),
    tipsMinor: totals.tipsMinor,
    surchargesMinor: totals.surchargesMinor,
    offlineStoredMinor: totals.offline.stored.minor,
    offlineForwardedMinor: totals.offline.forwarded.minor,
    offlineDeclinedMinor: totals.offline.declined.minor,
    unknownCount: totals.unknown,
    noSales: totals.noSales,
  };
}
