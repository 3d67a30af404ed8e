import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { EndOfDayReport, JournalEntryView } from '../../../../src-main/lane/ipc/contract';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst, merchid } from './support';

const { emulator, cores, settle } = emulatorForEachTest();

/**
 * A day whose follow-ups come after the settlement: a sale, a voided sale, a sale refunded in
 * part after it settled, and an authorization partly voided, then captured after the settlement.
 */
async function dayWithLateFollowUps(core: Core) {
  const sold = await cardSale(core, 'visa-approve', 2000);
  const voided = await cardSale(core, 'discover-approve', 300);
  ok(await call(core, 'terminal.void', { orderId: voided.orderId, reason: 'customer-canceled' }));
  const held = await cardSale(core, 'mastercard-approve', 1500, 'authorize');
  ok(await call(core, 'terminal.void', { orderId: held.orderId, amountMinor: 500, reason: 'customer-canceled' }));
  const refunded = await cardSale(core, 'amex-approve', 1234);
  await settle();
  ok(await call(core, 'terminal.refund', { orderId: refunded.orderId, amountMinor: 400, reason: 'returned' }));
  ok(await call(core, 'terminal.capture', { orderId: held.orderId }));
  return { sold, voided, held, refunded };
}

/** The order's journal rows, newest first: operation, state and amount. */
const journalOf = async (core: Core, orderId: string) =>
  ok(await call<JournalEntryView[]>(core, 'terminal.history', { orderId })).map((row) => [
    row.operation,
    row.state,
    row.amountMinor,
  ]);

describe('end of day: follow-ups that land in the next batch', () => {
  it('counts a voided sale once, under Voided, and says the refund and the late capture are pending, in the next batch', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const { sold, voided, held, refunded } = await dayWithLateFollowUps(core);
    const context = emulator().context;
    const [first] = context.settledBatches;
    const open = context.openBatches.get(merchid)!;
    expect(first).toBeDefined();
    expect(open).not.toBe(first!.batchid);

    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    // The voided 3.00 sale is under Voided only; the 15.00 authorization partly voided holds 10.00 under Approved.
    expect(report.journal).toEqual([
      { status: 'approved', count: 3, amountMinor: 2000 + 1000 + 1234 },
      { status: 'captured', count: 1, amountMinor: 1000 },
      { status: 'voided', count: 2, amountMinor: 300 + 500 },
      { status: 'refunded', count: 1, amountMinor: 400 },
    ]);
    expect(report.batches).toEqual([
      {
        batchid: first!.batchid,
        hoststat: 'GB',
        hostbatch: first!.hostbatch,
        count: 2,
        totalMinor: 3234,
        refundsMinor: 0,
      },
    ]);
    expect(report.reconciliation).toEqual({
      // 20.00 + 0 (voided) + 10.00 captured late + 12.34 - 4.00 refunded late.
      laneMinor: 3834,
      gatewayMinor: 3234,
      pendingMinor: 600,
      differences: [],
      later: [
        {
          orderId: held.orderId,
          amountMinor: 1000,
          batchid: open,
          pending: true,
          why: `a capture of 10.00 is pending, in the next batch (batch ${open})`,
        },
        {
          orderId: refunded.orderId,
          amountMinor: -400,
          batchid: open,
          pending: true,
          why: `a refund of 4.00 is pending, in the next batch (batch ${open})`,
        },
      ].sort((a, b) => a.orderId.localeCompare(b.orderId)),
    });

    // The journal holds each follow-up once, completed.
    expect(await journalOf(core, voided.orderId)).toEqual([
      ['void', 'completed', 300],
      ['auth', 'completed', 300],
    ]);
    expect(await journalOf(core, refunded.orderId)).toEqual([
      ['refund', 'completed', 400],
      ['auth', 'completed', 1234],
    ]);
    // The gateway's ledger: the refund and the capture wait in the open batch; the voided sale in none.
    const ledger = context.ledger.all();
    const byOrder = (orderId: string) =>
      ledger.filter((t) => t.orderid === orderId).map((t) => [t.kind, t.setlstat, t.batchid ?? null, t.captured]);
    expect(byOrder(sold.orderId)).toEqual([['sale', 'Accepted', first!.batchid, 2000]]);
    expect(byOrder(voided.orderId).map(([kind, setlstat]) => [kind, setlstat])).toEqual([['sale', 'Voided']]);
    const listed = context.settledBatches.flatMap((batch) => batch.txns.map((txn) => txn.salesdoc));
    expect(listed).not.toContain(voided.orderId);
    expect(byOrder(held.orderId)).toEqual([['sale', 'Queued for Capture', open, 1000]]);
    expect(byOrder(refunded.orderId)).toEqual([
      ['sale', 'Accepted', first!.batchid, 1234],
      ['refund', 'Queued for Capture', open, 400],
    ]);

    // Once the next batch settles, the day matches with nothing pending.
    await settle();
    const settled = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    expect(settled.batches.map((batch) => [batch.count, batch.totalMinor, batch.refundsMinor])).toEqual([
      [2, 3234, 0],
      [2, 600, -400],
    ]);
    expect(settled.reconciliation).toEqual({
      laneMinor: 3834,
      gatewayMinor: 3834,
      pendingMinor: 0,
      differences: [],
      later: [],
    });
  });
});
