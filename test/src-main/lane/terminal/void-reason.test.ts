import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { FollowUpSummary, JournalEntryView } from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst } from './support';

/**
 * Issue 29, item 3: a void moves the whole sale back at once, so no way in voids without a
 * reason from the list, and the journal keeps the reason beside the void (as a refund keeps its).
 * The training core over the contract, against the emulator over real HTTP.
 */
const { emulator, cores } = emulatorForEachTest();

/** The journal's void rows of an order, as the file holds them. */
function voidRows(journalPath: string, orderId: string) {
  const db = new Database(journalPath, { readonly: true });
  try {
    return db
      .prepare("SELECT amount_minor, detail, state FROM entries WHERE order_id = ? AND operation = 'void'")
      .all(orderId) as Array<{ amount_minor: number; detail: string | null; state: string }>;
  } finally {
    db.close();
  }
}

const ledgerOf = (orderId: string) =>
  emulator()
    .context.ledger.all()
    .filter((transaction) => transaction.orderid === orderId)
    .map((transaction) => ({ respstat: transaction.respstat, setlstat: transaction.setlstat }));

describe('a void over the contract', () => {
  it('is refused without a reason (nothing sent, nothing journaled), and journals the reason it is given', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    const sale = await cardSale(core, 'visa-approve', 2400);
    expect(sale.outcome).toBe('approved');

    expect(await call(core, 'terminal.void', { orderId: sale.orderId })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'reason' },
    });
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'because' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'reason' },
    });
    // Nothing left the lane: the gateway still holds the approval and the journal has no void.
    expect(ledgerOf(sale.orderId)).toEqual([{ respstat: 'A', setlstat: 'Queued for Capture' }]);
    expect(voidRows(journalPath, sale.orderId)).toEqual([]);

    const voided = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: sale.orderId, reason: 'paid-another-way' }),
    );
    expect(voided).toMatchObject({ operation: 'void', outcome: 'approved', amountMinor: 2400 });
    expect(voidRows(journalPath, sale.orderId)).toEqual([
      expect.objectContaining({ amount_minor: 2400, state: 'completed' }),
    ]);
    expect(JSON.parse(voidRows(journalPath, sale.orderId)[0]!.detail!)).toMatchObject({ reason: 'paid-another-way' });
    expect(ledgerOf(sale.orderId)).toEqual([{ respstat: 'A', setlstat: 'Voided' }]);
    // History shows the void's reason and the sale's card brand, for the words on the screen.
    const rows = ok(await call<JournalEntryView[]>(core, 'terminal.history', { orderId: sale.orderId }));
    expect(rows.find((row) => row.operation === 'void')).toMatchObject({ voidReason: 'paid-another-way' });
    expect(rows.find((row) => row.operation === 'auth')).toMatchObject({ brand: 'VISA CREDIT' });
  });

  it('by a cashier: the reason is checked before the manager is asked, and the manager is asked before anything is sent', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores, {}, { cashierId: '1001' });
    const sale = await cardSale(core, 'mastercard-approve', 1500);
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, managerPin: '9999' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'reason' },
    });
    expect(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'wrong-amount' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(ledgerOf(sale.orderId)).toEqual([{ respstat: 'A', setlstat: 'Queued for Capture' }]);
    ok(await call(core, 'terminal.void', { orderId: sale.orderId, reason: 'wrong-amount', managerPin: '9999' }));
    expect(JSON.parse(voidRows(journalPath, sale.orderId)[0]!.detail!)).toMatchObject({ reason: 'wrong-amount' });
    expect(ledgerOf(sale.orderId)).toEqual([{ respstat: 'A', setlstat: 'Voided' }]);
  });
});
