import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../../src-main/hub/database';
import { getDay } from '../../../../src-main/hub/manager/admin-routes';
import { gatewayMerchants } from '../../../../src-main/hub/manager/reconciliation';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';
import { addLane, addStore, hubEngines, projectAll } from '../../../support/hub-journal';

const merchid = '496160873888';
const noon = Date.UTC(2026, 10, 22, 12, 0, 0);
const lane = { id: 'lane-g', storeId: 'store-g', merchantId: merchid, timeZone: 'UTC' };

/** A payment event as the lane would send it for a row the gateway answered. */
function payment(seq: number, entryId: number, fields: Record<string, unknown>) {
  return {
    seq,
    kind: 'payment',
    at: noon,
    body: {
      entryId,
      operation: 'auth',
      orderId: `LANEG-${entryId}`,
      amountMinor: 0,
      state: 'completed',
      cashier: '1001',
      createdAt: noon,
      updatedAt: noon,
      detail: { tender: 'sale' },
      ...fields,
    },
  };
}

describe.each(hubEngines)("reconciling a merchant's day with the gateway emulator on $name", (engine) => {
  let db: HubDatabase;
  let emulator: RunningEmulator;
  let now = noon;
  beforeAll(async () => {
    db = await engine.open();
    emulator = await startEmulator({ clock: { now: () => now } });
    await addStore(db, 'store-g', 'UTC');
    await addLane(db, lane);
  });
  afterAll(async () => {
    await emulator.close();
    await db.close();
  });

  it('lists by retref where the lanes and the settlement disagree, and reads the funding', async () => {
    const client = emulatorClient(emulator.url);
    const kept = await client.auth(keyedSale({ capture: true, amount: 2500, orderid: 'LANEG-1' }));
    const voided = await client.auth(keyedSale({ capture: true, amount: 1000, orderid: 'LANEG-2' }));
    await client.void({ merchid, retref: voided.retref! });
    // A sale the gateway took that no lane reported (a lane still catching up, or a sale rung elsewhere).
    const unreported = await client.auth(keyedSale({ capture: true, amount: 3000, orderid: 'ELSEWHERE-1' }));
    await projectAll(db, lane, [
      payment(1, 1, { amountMinor: 2500, outcome: { respstat: 'A', retref: kept.retref, amountMinor: 2500 } }),
      payment(2, 2, { amountMinor: 1000, outcome: { respstat: 'A', retref: voided.retref, amountMinor: 1000 } }),
      payment(3, 3, {
        operation: 'void',
        orderId: 'LANEG-2',
        amountMinor: 1000,
        originalRetref: voided.retref,
        detail: null,
        outcome: { respstat: 'A', retref: voided.retref, amountMinor: 0 },
      }),
      // A sale the lane says was approved and the gateway never settled.
      payment(4, 4, { amountMinor: 700, outcome: { respstat: 'A', retref: '999999999999', amountMinor: 700 } }),
    ]);
    const settled = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}` },
      body: '{}',
    });
    expect(settled.status).toBe(200);
    const gateway = gatewayMerchants(() => client);
    const day = await getDay(db, { store: 'store-g', day: '2026-11-22' }, { now: () => now, admin: 'a', gateway });
    expect(day.merchants).toHaveLength(1);
    expect(day.merchants[0]).toMatchObject({
      merchantId: merchid,
      settlement: {
        hubCapturedMinor: 2500 + 700,
        settledMinor: 2500 + 3000,
        differences: [
          { retref: unreported.retref, hubMinor: 0, gatewayMinor: 3000 },
          { retref: '999999999999', hubMinor: 700, gatewayMinor: 0 },
        ].sort((a, b) => a.retref!.localeCompare(b.retref!)),
      },
      funding: { fundedMinor: null },
    });
    // The day's deposit the next afternoon, asked for by its own date.
    now = Date.UTC(2026, 10, 23, 18, 30, 0);
    expect(await gateway.funding(merchid, '2026-11-23')).toEqual({ totalMinor: 2500 + 3000 });
  });

  it('still shows the day when the gateway cannot be reached, saying why', async () => {
    const gateway = {
      settlement: () => Promise.reject(new Error('gateway: connection refused')),
      funding: () => Promise.resolve(null),
    };
    const day = await getDay(db, { store: 'store-g', day: '2026-11-22' }, { now: () => now, admin: 'a', gateway });
    expect(day.totals.cardSalesMinor).toBe(2500 + 700);
    expect(day.merchants[0]).toMatchObject({ reconcileError: 'gateway: connection refused' });
  });
});
