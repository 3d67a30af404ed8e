import { afterEach, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../../src-main/hub/database';
import { dayView } from '../../../../src-main/hub/manager/day-view';
import { addLane, addStore, hubEngines, journalEvents, projectAll } from '../../../support/hub-journal';
import { laneTotals, openLaneJournal, writeFullDay } from './lane-day';

// 2026-11-28 10:00 in New York.
const morning = Date.UTC(2026, 10, 28, 15, 0, 0);

describe.each(hubEngines)('the day across lanes on $name', (engine) => {
  let db: HubDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it("equals the lane's own dayTotals on the same rows, field by field, per lane, merchant and store", async () => {
    db = await engine.open();
    await addStore(db, 'store-1', 'America/New_York');
    const lanes = [
      { id: 'lane-a', storeId: 'store-1', merchantId: '496160873888', timeZone: 'America/New_York' },
      { id: 'lane-b', storeId: 'store-1', merchantId: '496160873888', timeZone: 'America/New_York' },
      { id: 'kiosk-c', storeId: 'store-1', merchantId: '800000000001', timeZone: 'America/New_York' },
    ];
    const expected = [];
    for (const lane of lanes) {
      await addLane(db, lane);
      const cashier = { current: '1001' };
      const { clock, journal } = openLaneJournal(morning, cashier);
      writeFullDay(journal, clock, cashier);
      expected.push(laneTotals(journal));
      await projectAll(db, lane, journalEvents(journal.path));
      journal.close();
    }
    const view = await dayView(db, 'store-1', '2026-11-28');
    expect(view.lanes.map((lane) => lane.laneId)).toEqual(['kiosk-c', 'lane-a', 'lane-b']);
    for (const [index, lane] of lanes.entries())
      expect(view.lanes.find((row) => row.laneId === lane.id)?.totals).toEqual(expected[index]);
    const double = Object.fromEntries(Object.entries(expected[0]!).map(([key, value]) => [key, value * 2]));
    expect(view.merchants.find((merchant) => merchant.merchantId === '496160873888')?.totals).toEqual(double);
    const triple = Object.fromEntries(Object.entries(expected[0]!).map(([key, value]) => [key, value * 3]));
    expect(view.totals).toEqual(triple);
    // The day had every kind of row: none of the figures compared is a zero that proves nothing.
    for (const [field, value] of Object.entries(expected[0]!)) expect([field, value]).not.toEqual([field, 0]);
  });

  it("puts a row on the store's business day, not UTC's", async () => {
    db = await engine.open();
    await addStore(db, 'store-1', 'America/New_York');
    const lane = { id: 'lane-a', storeId: 'store-1', merchantId: 'm1', timeZone: 'America/New_York' };
    await addLane(db, lane);
    const cashier = { current: '1001' };
    // 23:30 in New York on the 28th is 04:30 UTC on the 29th.
    const { journal } = openLaneJournal(Date.UTC(2026, 10, 29, 4, 30), cashier);
    journal.complete(journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 1000 }).id, {
      respstat: 'A',
      amountMinor: 1000,
    });
    await projectAll(db, lane, journalEvents(journal.path));
    journal.close();
    expect((await dayView(db, 'store-1', '2026-11-28')).totals.cardSalesMinor).toBe(1000);
    expect((await dayView(db, 'store-1', '2026-11-29')).totals.cardSalesMinor).toBe(0);
  });
});
