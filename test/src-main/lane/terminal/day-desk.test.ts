import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type {
  CashTenderView,
  ClosedShiftView,
  DayReportView,
  NoSaleView,
  ShiftView,
} from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst } from './support';

const { emulator, cores } = emulatorForEachTest();

describe('the counter\u2019s day over the contract: a shift, a no-sale, X and Z reports', () => {
  it('opens a shift, sells, opens the drawer for no sale, closes blind, and the Z report equals the journal and the ledger', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores, {}, { cashierId: '1001' });
    expect(ok(await call(core, 'day.shift', {}))).toBeNull();
    // Cash never moves without a shift, and a negative float is refused before anything is kept.
    expect(await call(core, 'day.openShift', { floatMinor: -100 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringMatching(/an amount cannot be negative/) },
    });
    const shift = ok(await call<ShiftView>(core, 'day.openShift', { floatMinor: 10_000 }));
    expect(shift).toMatchObject({ id: 1, openedBy: '1001', floatMinor: 10_000 });
    expect(await call(core, 'day.openShift', { floatMinor: 0 })).toMatchObject({
      ok: false,
      error: { message: 'A shift is already open at this lane: close it before opening another.' },
    });

    const sale = await cardSale(core, 'visa-approve', 1234);
    expect(sale).toMatchObject({ outcome: 'approved', approvedMinor: 1234 });

    // A sale paid in cash (terminal.cash with the sale's total): the change by the currency's rules.
    const cash = ok(await call<CashTenderView>(core, 'terminal.cash', { totalMinor: 766, tenderedMinor: 2000 }));
    expect(cash).toMatchObject({
      appliedMinor: 766,
      dueMinor: null,
      roundingMinor: 0,
      tenderedMinor: 2000,
      changeMinor: 1234,
      drawer: 'opened',
      printed: { ok: true },
    });
    expect(cash.lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CASH\s+\$20\.00$/),
        expect.stringMatching(/^CHANGE\s+\$12\.34$/),
      ]),
    );

    // A no-sale is a manager's: refused in words without one, kept and the drawer kicked with one.
    expect(await call(core, 'day.noSale', { reason: 'change for the float' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(
      ok(await call<NoSaleView>(core, 'day.noSale', { reason: 'change for the float', managerPin: '9999' })),
    ).toEqual({ recorded: true, drawer: 'opened' });
    expect(await core.printers.drawerStatus({})).toEqual({ drawer: 'open' });

    // The X report: so far, nothing reset; the screen's lines are the printed page's.
    const x = ok(await call<DayReportView>(core, 'day.xReport', {}));
    expect(x).toMatchObject({ kind: 'x', number: null, printed: { ok: true } });
    expect(x.totals).toMatchObject({ sales: { count: 2, minor: 2000 }, noSales: 1, unknown: 0 });
    expect(x.lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining([expect.stringMatching(/^X REPORT/), expect.stringMatching(/^Sales \(2\)\s+\$20\.00$/)]),
    );

    // The Z report waits for the shift's count; the count is blind and a manager's.
    expect(await call(core, 'day.zReport', { managerPin: '9999' })).toMatchObject({
      ok: false,
      error: { message: 'A shift is still open: close it with its cash count before the Z report.' },
    });
    const closed = ok(
      await call<ClosedShiftView>(core, 'day.closeShift', { countedMinor: 10_741, managerPin: '9999' }),
    );
    expect(closed).toMatchObject({
      countedMinor: 10_741,
      expectedMinor: 10_766,
      overShortMinor: -25,
      verdict: 'Short $0.25',
    });

    const z = ok(await call<DayReportView>(core, 'day.zReport', { managerPin: '9999' }));
    expect(z).toMatchObject({ kind: 'z', number: 1, printed: { ok: true } });
    expect(z.totals).toMatchObject({
      sales: { count: 2, minor: 2000 },
      byTender: { card: { count: 1, minor: 1234 }, cash: { count: 1, minor: 766 } },
      byBrand: { visa: { count: 1, minor: 1234 } },
      byCashier: { '1001': { count: 2, minor: 2000 } },
      noSales: 1,
      overShortMinor: -25,
    });
    expect(z.lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining(['Z REPORT 1', expect.stringMatching(/^Over\/short\s+Short \$0\.25$/)]),
    );

    // The gateway's ledger: the one approved sale, the amount the report says.
    const charged = emulator()
      .context.ledger.all()
      .filter((transaction) => transaction.respstat === 'A');
    expect(charged.map((transaction) => transaction.orderid)).toEqual([sale.orderId]);
    // The journal: the sale's row names its cashier and shift; the Z report is kept under its number.
    const db = new Database(journalPath, { readonly: true });
    expect(db.prepare("SELECT cashier, shift_id FROM entries WHERE operation = 'auth'").all()).toEqual([
      { cashier: '1001', shift_id: 1 },
    ]);
    expect(
      db
        .prepare('SELECT kind, amount_minor, tendered_minor, change_minor, cashier FROM cash_movements ORDER BY id')
        .all(),
    ).toEqual([
      { kind: 'sale', amount_minor: 766, tendered_minor: 2000, change_minor: 1234, cashier: '1001' },
      { kind: 'no-sale', amount_minor: 0, tendered_minor: null, change_minor: null, cashier: '1001' },
    ]);
    expect(db.prepare('SELECT number, closed_by FROM z_reports').all()).toEqual([{ number: 1, closed_by: '9001' }]);
    db.close();

    // The next Z report has the next number and nothing in it: no number is given twice.
    const next = ok(await call<DayReportView>(core, 'day.zReport', { managerPin: '9999' }));
    expect(next).toMatchObject({ number: 2, totals: { sales: { count: 0, minor: 0 }, noSales: 0 } });
  });
});
