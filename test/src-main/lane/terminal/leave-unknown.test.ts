import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { RecoveryFinding, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { ok, until } from '../../../support/test-core';
import { leftSaleFinding } from '../../../../src-main/lane/terminal/left-sale';
import { findingOf } from '../../../../src-main/lane/terminal/recovery';
import { call, cardSale, emulatorForEachTest, laneAgainst } from './support';

/**
 * Issue 29, item 6: a sale whose outcome is unknown (the answer lost, the inquiry failing) is not
 * one key from a new sale. The core refuses New sale until somebody chooses to leave it, keeps
 * who chose in the journal, and tells what recovery finds later as a left sale. The training
 * core over the contract, against the emulator over real HTTP.
 */
const { emulator, cores, admin } = emulatorForEachTest();

/** What the journal file keeps of an order's authorization. */
function authRow(journalPath: string, orderId: string) {
  const db = new Database(journalPath, { readonly: true });
  try {
    const row = db
      .prepare("SELECT state, detail FROM entries WHERE order_id = ? AND operation = 'auth'")
      .get(orderId) as { state: string; detail: string | null };
    return { state: row.state, detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {} };
  } finally {
    db.close();
  }
}

/** A sale whose answer is lost after the gateway approved it, with the inquiry and the safety void failing. */
async function unknownSale(core: Parameters<typeof cardSale>[0], amountMinor: number) {
  await admin().fault('auth', 'drop-after');
  await admin().fault('inquireByOrderid', 'http-500', 'always');
  await admin().fault('voidByOrderId', 'http-500', 'always');
  const sale = await cardSale(core, 'visa-approve', amountMinor);
  expect(sale.outcome).toBe('unknown');
  return sale;
}

describe('New sale while the outcome is unknown', () => {
  it('is refused unless the cashier chooses to leave it; the choice is journaled, and the later approval is told as a left sale', async () => {
    const timers: Array<() => void> = [];
    const { core, journalPath, lines } = laneAgainst(emulator(), cores, {}, { cashierId: '1001', timers });
    const sale = await unknownSale(core, 1800);

    expect(await call(core, 'terminal.newSale', {})).toMatchObject({
      ok: false,
      error: {
        code: 'failed_precondition',
        message: `The outcome of order ${sale.orderId} ($18.00) is not known yet: the customer may have been charged. Check with the gateway, or choose to leave the sale.`,
      },
    });
    const held = ok(await call<TerminalState>(core, 'terminal.state', {}));
    expect(held.sale?.results.at(-1)).toMatchObject({ orderId: sale.orderId, outcome: 'unknown' });
    expect(authRow(journalPath, sale.orderId).detail.leftBy).toBeUndefined();
    // Only a yes is a choice.
    expect(await call(core, 'terminal.newSale', { leaveUnknown: false })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'leaveUnknown' },
    });

    const left = ok(await call<TerminalState>(core, 'terminal.newSale', { leaveUnknown: true }));
    expect(left.sale).toBeNull();
    expect(authRow(journalPath, sale.orderId)).toMatchObject({
      state: 'unknown',
      detail: { leftBy: '1001', leftAt: expect.any(Number) },
    });
    expect(lines.join('\n')).toMatch(/a sale was left while its outcome was unknown/);

    // The gateway answers at the next check: the approval reaches the counter as the left sale it is.
    await admin().clearFaults();
    timers.shift()!();
    await until(() => core.sales.findings().length === 1);
    const [finding] = ok(await call<RecoveryFinding[]>(core, 'terminal.findings', {}));
    expect(finding).toMatchObject({
      orderId: sale.orderId,
      amountMinor: 1800,
      outcome: 'approved',
      leftBy: '1001',
      message: `The customer was charged: $18.00 was approved for order ${sale.orderId} after the sale was left. If they paid another way, void it in History.`,
    });
    expect(authRow(journalPath, sale.orderId)).toMatchObject({ state: 'resolved', detail: { leftBy: '1001' } });
    const ledger = emulator()
      .context.ledger.all()
      .filter((transaction) => transaction.orderid === sale.orderId);
    expect(ledger).toEqual([expect.objectContaining({ respstat: 'A', amount: 1800 })]);
    expect(ledger[0]!.setlstat).not.toBe('Voided');
  });

  it('a left sale recovery found not charged (voided or never processed) says so', () => {
    const entry = { id: 7, operation: 'auth', orderId: 'LANE01-261127-00007', amountMinor: 2500 } as const;
    const finding = findingOf({
      ...entry,
      detail: { leftBy: '9001', leftAt: 1 },
      state: 'resolved',
      createdAt: 0,
      updatedAt: 0,
      outcome: null,
      note: 'answer lost; not found at the gateway',
      finding: { source: 'background', foundAt: 1 },
    });
    expect(leftSaleFinding({ ...entry, detail: { leftBy: '9001' } } as never, finding)).toMatchObject({
      outcome: 'not-charged',
      leftBy: '9001',
      message:
        'The customer was not charged: order LANE01-261127-00007 for $25.00 did not go through (voided or never processed) after the sale was left. Nothing to give back.',
    });
    // A sale nobody left keeps recovery's own words.
    expect(leftSaleFinding({ ...entry } as never, finding)).toEqual(finding);
  });

  it('is the ordinary way on once recovery has settled the outcome', async () => {
    const timers: Array<() => void> = [];
    const { core, journalPath } = laneAgainst(emulator(), cores, {}, { timers });
    const sale = await unknownSale(core, 900);
    await admin().clearFaults();
    timers.shift()!();
    await until(() => core.sales.findings().length === 1);
    expect(ok(await call<TerminalState>(core, 'terminal.newSale', {})).sale).toBeNull();
    expect(authRow(journalPath, sale.orderId).detail.leftBy).toBeUndefined();
  });
});
