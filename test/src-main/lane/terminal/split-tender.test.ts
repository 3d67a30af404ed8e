import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../../src-main/lane/config/settings';
import { createCore } from '../../../../src-main/lane/core/core';
import type {
  CashTenderView,
  ReturnedPartsView,
  SaleSummary,
  TerminalState,
} from '../../../../src-main/lane/ipc/contract';
import { laneTraining } from '../../../../src-main/shells/training/lane-training';
import { collectingLogger, ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst, merchid, testGatewayClient } from './support';

const { emulator, cores } = emulatorForEachTest();

/** A lane with a shift open (a $100.00 float), cashier 1001 signed in. */
async function laneWithShift() {
  const lane = laneAgainst(emulator(), cores, {}, { cashierId: '1001' });
  ok(await call(lane.core, 'day.openShift', { floatMinor: 10_000 }));
  return lane;
}

const rows = (journalPath: string, sql: string) => {
  const db = new Database(journalPath, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

/** The emulator's approved transactions, as [order id, kind, amount, settlement state]. */
const ledger = () =>
  emulator()
    .context.ledger.all()
    .map((t) => [t.orderid, t.kind, t.setlstat]);

const state = async (core: Parameters<typeof call>[0]) => ok(await call<TerminalState>(core, 'terminal.state', {}));

describe('split tender and cash at the counter (ADR 072)', () => {
  it('takes a card part, then cash with change, and prints every tender; the journal links both parts to the sale', async () => {
    const { core, journalPath } = await laneWithShift();
    const card = await cardSale(core, 'visa-approve', 1000, undefined, { totalMinor: 2500 });
    expect(card).toMatchObject({ outcome: 'approved', approvedMinor: 1000 });
    expect((await state(core)).sale).toMatchObject({ totalMinor: 2500, dueMinor: 1500, cash: [] });
    // Nothing ends a sale that still owes money after a paid part.
    expect(await call(core, 'terminal.newSale', {})).toMatchObject({
      ok: false,
      error: { message: '$15.00 is still owed: take the rest, or cancel the sale (its paid parts go back).' },
    });

    const cash = ok(await call<CashTenderView>(core, 'terminal.cash', { tenderedMinor: 2000 }));
    expect(cash).toMatchObject({
      appliedMinor: 1500,
      tenderedMinor: 2000,
      changeMinor: 500,
      dueMinor: null,
      roundingMinor: 0,
      drawer: 'opened',
      printed: { ok: true },
    });
    const lines = cash.lines.map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^VISA[A-Z ]* \d{4,6}\*+\d{4}\s+\$10\.00$/),
        expect.stringMatching(new RegExp(`^Order ${card.orderId}\\s+AUTH ${card.authcode}$`)),
        expect.stringMatching(/^CASH\s+\$20\.00$/),
        expect.stringMatching(/^CHANGE\s+\$5\.00$/),
        expect.stringMatching(/^TOTAL\s+\$25\.00$/),
      ]),
    );
    expect((await state(core)).sale).toMatchObject({
      totalMinor: 2500,
      dueMinor: null,
      cash: [{ orderId: cash.orderId, appliedMinor: 1500, tenderedMinor: 2000, changeMinor: 500, returned: false }],
    });
    expect(ok(await call<TerminalState>(core, 'terminal.newSale', {}))).toMatchObject({ sale: null });

    expect(rows(journalPath, 'SELECT total_minor, state FROM split_sales')).toEqual([
      { total_minor: 2500, state: 'paid' },
    ]);
    expect(
      rows(
        journalPath,
        'SELECT e.order_id AS card, m.order_id AS cash, m.amount_minor AS kept, p.applied_minor AS applied FROM split_parts p LEFT JOIN entries e ON e.id = p.entry_id LEFT JOIN cash_movements m ON m.id = p.movement_id ORDER BY p.id',
      ),
    ).toEqual([
      { card: card.orderId, cash: null, kept: null, applied: null },
      { card: null, cash: cash.orderId, kept: 1500, applied: 1500 },
    ]);
    expect(ledger()).toEqual([[card.orderId, 'sale', 'Queued for Capture']]);
  });

  it('takes a cash part first, refuses a card part above the balance without sending it, then the card pays the rest', async () => {
    const { core, journalPath } = await laneWithShift();
    const cash = ok(await call<CashTenderView>(core, 'terminal.cash', { totalMinor: 3000, tenderedMinor: 1000 }));
    expect(cash).toMatchObject({ appliedMinor: 1000, changeMinor: 0, dueMinor: 2000, lines: [] });
    expect((await state(core)).sale).toMatchObject({ totalMinor: 3000, dueMinor: 2000 });

    expect(await call(core, 'terminal.sale', { amountMinor: 2500 })).toMatchObject({
      ok: false,
      error: { message: 'A card part can be at most $20.00, what is still owed.' },
    });
    expect(ledger()).toEqual([]);
    expect(rows(journalPath, 'SELECT id FROM entries')).toEqual([]);

    const card = await cardSale(core, 'mastercard-approve', 2000);
    expect(card).toMatchObject({ outcome: 'approved', approvedMinor: 2000 });
    expect((await state(core)).sale).toMatchObject({ totalMinor: 3000, dueMinor: null });
    expect(rows(journalPath, 'SELECT total_minor, state FROM split_sales')).toEqual([
      { total_minor: 3000, state: 'paid' },
    ]);
    expect(rows(journalPath, 'SELECT count(*) AS parts FROM split_parts')).toEqual([{ parts: 2 }]);
    expect(ledger()).toEqual([[card.orderId, 'sale', 'Queued for Capture']]);
  });

  it('refuses cash with no shift open, keeping nothing', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores, {}, { cashierId: '1001' });
    expect(await call(core, 'terminal.cash', { totalMinor: 1000, tenderedMinor: 1000 })).toMatchObject({
      ok: false,
      error: { message: 'No shift is open: open a shift, counting the float, before taking cash.' },
    });
    expect(rows(journalPath, 'SELECT id FROM cash_movements')).toEqual([]);
    expect(rows(journalPath, 'SELECT id FROM split_sales')).toEqual([]);
    expect((await state(core)).sale).toBeNull();
  });

  it('returns the parts of a cancelled sale: the card part voided at the gateway, the cash handed back and journaled', async () => {
    const { core, journalPath } = await laneWithShift();
    const card = await cardSale(core, 'visa-approve', 1000, undefined, { totalMinor: 2500 });
    const cash = ok(await call<CashTenderView>(core, 'terminal.cash', { tenderedMinor: 500 }));
    expect(cash).toMatchObject({ appliedMinor: 500, dueMinor: 1000 });

    // A cashier needs a manager for it, as for a void.
    const back = ok(
      await call<ReturnedPartsView>(core, 'terminal.returnParts', {
        reason: 'customer changed mind',
        managerPin: '9999',
      }),
    );
    expect(back.parts).toEqual([
      { kind: 'card', orderId: card.orderId, amountMinor: 1000, ended: 'voided', problem: null },
      { kind: 'cash', orderId: cash.orderId, amountMinor: 500, ended: 'cash-returned', problem: null },
    ]);
    expect(back.state.sale).toBeNull();
    expect(await call(core, 'terminal.returnParts', { reason: 'again', managerPin: '9999' })).toMatchObject({
      ok: false,
      error: { message: 'Nothing was paid on this sale: there is nothing to give back.' },
    });

    expect(rows(journalPath, 'SELECT kind, order_id, amount_minor FROM cash_movements ORDER BY id')).toEqual([
      { kind: 'sale', order_id: cash.orderId, amount_minor: 500 },
      { kind: 'returned', order_id: cash.orderId, amount_minor: -500 },
    ]);
    expect(rows(journalPath, "SELECT operation, order_id, state FROM entries WHERE operation <> 'auth'")).toEqual([
      { operation: 'void', order_id: card.orderId, state: 'completed' },
    ]);
    expect(rows(journalPath, 'SELECT state, ended_reason FROM split_sales')).toEqual([
      { state: 'cancelled', ended_reason: 'customer changed mind' },
    ]);
    expect(ledger()).toEqual([[card.orderId, 'sale', 'Voided']]);
  });

  it('restores the split sale after a crash between two parts: a new core on the same journal shows the paid part and the balance', async () => {
    const { core, journalPath } = await laneWithShift();
    const card: SaleSummary = await cardSale(core, 'visa-approve', 1000, undefined, { totalMinor: 2500 });
    // The first lane never closes its sale (a crash); a new one starts on the same file.
    const { logger } = collectingLogger();
    const client = testGatewayClient(emulator().url);
    const again = createCore({
      training: laneTraining,
      settings: settingsSchema.parse({}),
      shell: 'browser',
      logger,
      journalPath,
      gateway: async () => ({ client, merchid }),
    });
    cores.push(again);
    again.session.signIn({ cashierId: '1001', pin: '1234' });
    const restored = await state(again);
    expect(restored.phase).toBe('idle');
    expect(restored.sale).toMatchObject({
      totalMinor: 2500,
      dueMinor: 1500,
      running: false,
      cash: [],
      results: [expect.objectContaining({ orderId: card.orderId, outcome: 'approved', approvedMinor: 1000 })],
    });
    // The paid part is the sale's, not a finding to acknowledge.
    expect(ok(await call<unknown[]>(again, 'terminal.findings', {}))).toEqual([]);
    const cash = ok(await call<CashTenderView>(again, 'terminal.cash', { tenderedMinor: 1500 }));
    expect(cash).toMatchObject({ appliedMinor: 1500, changeMinor: 0, dueMinor: null, printed: { ok: true } });
    expect(rows(journalPath, 'SELECT state FROM split_sales')).toEqual([{ state: 'paid' }]);
  });
});
