import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { dayTotals } from '../../../../src-main/lane/terminal/day-report';

let now = Date.UTC(2026, 10, 28, 9, 0, 0);
const clock = { now: () => now };
let signedIn: string | undefined = '1001';
const fresh = () => join(mkdtempSync(join(tmpdir(), 'day-book-')), 'journal.sqlite');
const open = (path: string) => Journal.open(path, { clock, terminalId: 'LANE-01', cashier: () => signedIn });

/** A card sale, written and answered approved, as the lane's authorization writes it. */
function cardSale(journal: Journal, amountMinor: number, maskedPan = '478825******1443') {
  const { id, orderId } = journal.beginWithNewOrderId({
    operation: 'auth',
    amountMinor,
    maskedPan,
    entryMode: 'chip',
    detail: { tender: 'sale' },
  });
  journal.complete(id, { respstat: 'A', retref: `3430051${String(id).padStart(5, '0')}`, amountMinor });
  return orderId;
}

/** A card payment stored offline (ADR 074), as the offline book writes it (the sealed bytes are opaque here). */
function storedOffline(journal: Journal, amountMinor: number) {
  return journal.offline.store(
    { operation: 'auth', amountMinor, maskedPan: '478825******1443', entryMode: 'chip', detail: { tender: 'sale' } },
    Buffer.from('sealed request'),
    { brand: 'VISA', lastFour: '1443' },
  );
}

/** The forwarder sends a stored payment and the gateway answers: approved, or declined. */
function forward(journal: Journal, id: number, amountMinor: number, approved: boolean) {
  expect(journal.offline.beginForwarding(id)).toBe(true);
  journal.complete(
    id,
    approved
      ? { respstat: 'A', retref: `3430052${String(id).padStart(5, '0')}`, amountMinor }
      : { respstat: 'C', resptext: 'Do not honor', amountMinor: 0 },
  );
  journal.offline.settleKnown();
}

describe('the day book: shifts, the drawer and Z reports in the journal', () => {
  it('opens one shift at a time with a counted float, and refuses cash outside a shift in words', () => {
    const journal = open(fresh());
    expect(() =>
      journal.day.recordCashSale({
        orderId: 'LANE01-261128-00001',
        tenderedMinor: 2000,
        changeMinor: 500,
        cashier: '1001',
      }),
    ).toThrow('No shift is open: open a shift, counting the float, before taking cash.');
    expect(() => journal.day.openShift({ openedBy: '1001', floatMinor: -1 })).toThrow('The float cannot be negative');
    expect(() => journal.day.openShift({ openedBy: '1001', floatMinor: 10.5 })).toThrow(
      'The float must be a whole number of cents',
    );
    const shift = journal.day.openShift({ openedBy: '1001', floatMinor: 15_000 });
    expect(shift).toEqual({ id: 1, openedBy: '1001', openedAt: now, floatMinor: 15_000 });
    expect(() => journal.day.openShift({ openedBy: '1002', floatMinor: 0 })).toThrow(
      'A shift is already open at this lane: close it before opening another.',
    );
    journal.close();
  });

  it('keeps who was signed in and the open shift on every payment row', () => {
    const path = fresh();
    const journal = open(path);
    cardSale(journal, 500);
    journal.day.openShift({ openedBy: '1001', floatMinor: 0 });
    signedIn = '1002';
    const orderId = cardSale(journal, 700);
    signedIn = '1001';
    const [inShift, before] = journal.list();
    expect(before).toMatchObject({ cashier: '1001' });
    expect(before).not.toHaveProperty('shiftId');
    expect(inShift).toMatchObject({ orderId, cashier: '1002', shiftId: 1 });
    journal.close();
  });

  it('closes a shift with a blind count: expected is the float and the cash since, over or short kept', () => {
    const path = fresh();
    const journal = open(path);
    journal.day.openShift({ openedBy: '1001', floatMinor: 10_000 });
    const cash = journal.day.recordCashSale({
      orderId: 'LANE01-261128-00001',
      tenderedMinor: 2000,
      changeMinor: 765,
      cashier: '1001',
    });
    expect(cash).toMatchObject({ kind: 'sale', amountMinor: 1235, tenderedMinor: 2000, changeMinor: 765 });
    journal.day.recordCashOut({ kind: 'refund', orderId: 'LANE01-261128-00002', amountMinor: 300, cashier: '1001' });
    journal.day.recordNoSale({ cashier: '1001', approvedBy: '9001', reason: 'change for the float' });
    expect(() => journal.day.recordNoSale({ cashier: '1001', approvedBy: '9001', reason: '  ' })).toThrow(
      'Say why the drawer is opened',
    );
    expect(() => journal.day.closeShift({ closedBy: '1001', countedMinor: -5 })).toThrow(
      'The counted cash cannot be negative',
    );
    // Written in the file: a crash before the close loses nothing of the shift.
    journal.close();
    const again = open(path);
    expect(again.day.currentShift()).toMatchObject({ id: 1, floatMinor: 10_000 });
    expect(again.day.expectedCash(1)).toBe(10_000 + 1235 - 300);
    now += 8 * 3600_000;
    const closed = again.day.closeShift({ closedBy: '1001', countedMinor: 10_900 });
    expect(closed.closed).toEqual({
      by: '1001',
      at: now,
      countedMinor: 10_900,
      expectedMinor: 10_935,
      overShortMinor: -35,
    });
    expect(again.day.currentShift()).toBeUndefined();
    again.close();
  });

  it('numbers Z reports once each, over the rows since the last, and refuses one while a shift is open', () => {
    const journal = open(fresh());
    journal.day.openShift({ openedBy: '1001', floatMinor: 5000 });
    cardSale(journal, 1200);
    cardSale(journal, 800, '545454******5454');
    journal.day.recordCashSale({
      orderId: 'LANE01-261128-00009',
      tenderedMinor: 1000,
      changeMinor: 0,
      cashier: '1001',
    });
    const total = (since: Parameters<typeof dayTotals>[0]) => dayTotals(since);
    expect(() => journal.day.closeDay('9001', total)).toThrow('A shift is still open');
    journal.day.closeShift({ closedBy: '1001', countedMinor: 6000 });
    const first = journal.day.closeDay('9001', total);
    expect(first.number).toBe(1);
    expect(first.totals).toMatchObject({
      sales: { count: 3, minor: 3000 },
      byTender: { card: { count: 2, minor: 2000 }, cash: { count: 1, minor: 1000 } },
      byBrand: { visa: { count: 1, minor: 1200 }, mastercard: { count: 1, minor: 800 } },
      byCashier: { '1001': { count: 3, minor: 3000 } },
      overShortMinor: 0,
    });
    // The next day: only what came after, under the next number.
    journal.day.openShift({ openedBy: '1002', floatMinor: 5000 });
    signedIn = '1002';
    cardSale(journal, 450);
    signedIn = '1001';
    journal.day.closeShift({ closedBy: '1002', countedMinor: 4990 });
    const second = journal.day.closeDay('9001', total);
    expect(second).toMatchObject({
      number: 2,
      totals: { sales: { count: 1, minor: 450 }, byCashier: { '1002': { count: 1, minor: 450 } }, overShortMinor: -10 },
    });
    // Nothing since: a Z report of nothing is still numbered on, never reusing a number.
    expect(journal.day.closeDay('9001', total)).toMatchObject({ number: 3, totals: { sales: { count: 0, minor: 0 } } });
    expect(journal.day.zReports().map((report) => report.number)).toEqual([3, 2, 1]);
    journal.close();
  });

  it('keeps no half-written cash row: the table refuses change larger than what was handed over', () => {
    const path = fresh();
    const journal = open(path);
    journal.day.openShift({ openedBy: '1001', floatMinor: 0 });
    expect(() =>
      journal.day.recordCashSale({
        orderId: 'LANE01-261128-00001',
        tenderedMinor: 500,
        changeMinor: 500,
        cashier: '1001',
      }),
    ).toThrow('The change must be less than the cash tendered');
    journal.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM cash_movements').get()).toEqual({ n: 0 });
    // The schema's own checks hold even for a writer that skips the day book's.
    db.close();
    const raw = new Database(path);
    expect(() =>
      raw
        .prepare(
          "INSERT INTO cash_movements (shift_id, kind, order_id, amount_minor, tendered_minor, change_minor, cashier, created_at) VALUES (1, 'sale', 'X', 100, 500, 300, '1001', 0)",
        )
        .run(),
    ).toThrow(/CHECK constraint failed/);
    raw.close();
  });

  it('carries a payment still stored at a Z report into the next, counting it once when its forward completes', () => {
    const journal = open(fresh());
    const total = (since: Parameters<typeof dayTotals>[0]) => dayTotals(since);
    const zero = { count: 0, minor: 0 };
    const early = storedOffline(journal, 1500);
    const late = storedOffline(journal, 900);
    cardSale(journal, 1000);
    const first = journal.day.closeDay('9001', total);
    expect(first.totals).toMatchObject({
      sales: { count: 1, minor: 1000 },
      byTender: { card: { count: 1, minor: 1000 } },
      offline: { stored: { count: 2, minor: 2400 }, forwarded: zero, declined: zero },
    });
    // The gateway is back the next day: the first is approved; the second waits on.
    now += 86_400_000;
    forward(journal, early.id, 1500, true);
    cardSale(journal, 500);
    const x = dayTotals(journal.day.sinceLastZ());
    expect(x).toMatchObject({
      sales: { count: 2, minor: 2000 },
      byTender: { card: { count: 2, minor: 2000 } },
      offline: { stored: { count: 1, minor: 900 }, forwarded: { count: 1, minor: 1500 }, declined: zero },
    });
    expect(journal.day.closeDay('9001', total).totals).toEqual(x);
    // A day with nothing new but the forward of the one carried twice: declined, counted there only.
    forward(journal, late.id, 900, false);
    expect(journal.day.closeDay('9001', total).totals).toMatchObject({
      sales: zero,
      offline: { stored: zero, forwarded: zero, declined: { count: 1, minor: 900 } },
    });
    // After that, nothing is carried and nothing counted again, and a new sale still counts.
    cardSale(journal, 700);
    expect(journal.day.closeDay('9001', total).totals).toMatchObject({
      sales: { count: 1, minor: 700 },
      offline: { stored: zero, forwarded: zero, declined: zero },
    });
    journal.close();
  });
});
