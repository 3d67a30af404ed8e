import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { EndOfDayReport } from '../../../../src-main/lane/ipc/contract';
import { Journal, lanePrefix } from '../../../../src-main/lane/journal/journal';
import { ok } from '../../../support/test-core';
import { call, cardSale, emulatorForEachTest, laneAgainst, merchid } from './support';

const { emulator, cores, settle } = emulatorForEachTest();

/** A day with a sale, a voided sale, a partly voided authorization captured after, and a refunded sale, all settled. */
async function busyDay(core: Core) {
  await cardSale(core, 'visa-approve', 2000);
  const voided = await cardSale(core, 'discover-approve', 300);
  ok(await call(core, 'terminal.void', { orderId: voided.orderId, reason: 'customer-canceled' }));
  const held = await cardSale(core, 'mastercard-approve', 1500, 'authorize');
  ok(await call(core, 'terminal.void', { orderId: held.orderId, reason: 'customer-canceled', amountMinor: 500 }));
  ok(await call(core, 'terminal.capture', { orderId: held.orderId }));
  const refunded = await cardSale(core, 'amex-approve', 1234);
  await settle();
  ok(await call(core, 'terminal.refund', { orderId: refunded.orderId, amountMinor: 400, reason: 'returned' }));
  await settle();
}

describe('end of day: the lane nets its day as the gateway settles it', () => {
  it('reports no mismatch for a day of a sale, a void, a partial void and a refund', async () => {
    const { core } = laneAgainst(emulator(), cores);
    await busyDay(core);
    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    // 20.00 + 0 (voided) + 10.00 (15.00 less 5.00 voided, then captured) + 12.34 - 4.00 refunded.
    expect(report.reconciliation).toEqual({
      laneMinor: 3834,
      gatewayMinor: 3834,
      pendingMinor: 0,
      differences: [],
      later: [],
    });
    expect(report.batches.reduce((sum, batch) => sum + batch.totalMinor, 0)).toBe(3834);
  });

  it('names the order the gateway does not have, and the one the journal does not have', async () => {
    const { core, client, journalPath } = laneAgainst(emulator(), cores);
    await busyDay(core);
    // The lane believes in a sale the gateway never settled.
    const journal = Journal.open(journalPath, { clock: core.clock, terminalId: core.settings.terminalId });
    const { id, orderId: lost } = journal.beginWithNewOrderId({
      operation: 'auth',
      amountMinor: 999,
      maskedPan: '411111******1111',
      entryMode: 'swipe',
      detail: { tender: 'sale' },
    });
    journal.complete(id, { respstat: 'A', retref: '999999999999', authcode: '123456', amountMinor: 999 });
    journal.close();
    // And the gateway settled a sale under this lane's order ids that its journal never wrote.
    const prefix = lanePrefix(core.settings.terminalId);
    const stray = `${prefix}-${new Date(core.clock.now()).toISOString().slice(2, 10).replace(/-/g, '')}-99001`;
    await client.auth({
      merchid,
      amount: 777,
      account: '4111111111111111',
      expiry: '1228',
      orderid: stray,
      capture: true,
    });
    // An order id of this lane from another day is another day's money, not this day's: never "settled of it".
    await client.auth({
      merchid,
      amount: 99_999_999,
      account: '4111111111111111',
      expiry: '1228',
      orderid: `${prefix}-991231-00001`,
      capture: true,
    });
    await settle();
    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    expect(report.reconciliation).toEqual({
      laneMinor: 3834 + 999,
      gatewayMinor: 3834 + 777,
      differences: [
        {
          orderId: lost,
          laneMinor: 999,
          gatewayMinor: null,
          why: 'the lane has 9.99 for it; the gateway settled nothing of it in these batches',
        },
        {
          orderId: stray,
          laneMinor: 0,
          gatewayMinor: 777,
          why: 'the gateway settled 7.77; this lane\u2019s journal has no sale under this order id',
        },
      ].sort((a, b) => a.orderId.localeCompare(b.orderId)),
      pendingMinor: 0,
      later: [],
    });
  });

  it('shows offline declines on their own line, apart from the declines the gateway answered at the sale', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    await cardSale(core, 'visa-decline', 400);
    const journal = Journal.open(journalPath, { clock: core.clock, terminalId: core.settings.terminalId });
    const offline = (amountMinor: number) =>
      journal.offline.store(
        {
          operation: 'auth',
          amountMinor,
          maskedPan: '478825******1443',
          entryMode: 'chip',
          detail: { tender: 'sale' },
        },
        Buffer.from('sealed request'),
        { brand: 'VISA', lastFour: '1443' },
      ).id;
    offline(1500);
    const declined = offline(900);
    journal.offline.beginForwarding(declined);
    journal.complete(declined, { respstat: 'C', resptext: 'Do not honor', amountMinor: 0 });
    journal.close();
    const report = ok(await call<EndOfDayReport>(core, 'terminal.endOfDay', {}));
    expect(report.journal).toEqual([
      { status: 'declined', count: 1, amountMinor: 400 },
      { status: 'stored', count: 1, amountMinor: 1500 },
      { status: 'offline-declined', count: 1, amountMinor: 900 },
    ]);
  });
});
