import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../src-main/hub/database';
import { projectJournalEvent } from '../../../src-main/hub/projection-journal';
import { addLane, addStore, hubEngines } from '../../support/hub-journal';

const lane = { id: 'lane-p', storeId: 'store-p', merchantId: 'm1', timeZone: 'Europe/Paris' };
const at = Date.UTC(2026, 10, 28, 23, 30); // 00:30 on the 29th in Paris
const payment = (state: string, seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  kind: 'payment',
  at,
  body: {
    entryId: 7,
    operation: 'auth',
    orderId: 'LANE01-261129-00001',
    amountMinor: 1250,
    state,
    maskedPan: '478825******1443',
    entryMode: 'chip',
    originalRetref: null,
    cashier: '1001',
    shiftId: 1,
    createdAt: at,
    updatedAt: at + seq,
    outcome: state === 'completed' ? { respstat: 'A', retref: '1' } : null,
    detail: { tender: 'sale' },
    ...extra,
  },
});

describe.each(hubEngines)('projecting journal events on $name', (engine) => {
  let db: HubDatabase;
  beforeAll(async () => {
    db = await engine.open();
    await addStore(db, 'store-p', 'Europe/Paris');
    await addLane(db, lane);
  });
  afterAll(() => db.close());

  it('keeps the newest snapshot of a row: an older seq arriving later changes nothing', async () => {
    await db.transaction(async (tx) => {
      expect(await projectJournalEvent(tx, lane, payment('pending', 10))).toBe(true);
      await projectJournalEvent(tx, lane, payment('completed', 12));
      await projectJournalEvent(tx, lane, payment('pending', 11));
    });
    const rows = await db.query<{ state: string; seq: number; business_day: string; outcome: unknown }>(
      "SELECT state, seq, to_char(business_day, 'YYYY-MM-DD') AS business_day, outcome FROM payments WHERE lane_id = 'lane-p'",
    );
    expect(rows).toEqual([
      { state: 'completed', seq: 12, business_day: '2026-11-29', outcome: { respstat: 'A', retref: '1' } },
    ]);
  });

  it('projects shifts, cash and Z reports, and leaves other kinds to the caller', async () => {
    await db.transaction(async (tx) => {
      const shift = { shiftId: 1, openedBy: '1001', openedAt: at, floatMinor: 10_000 };
      await projectJournalEvent(tx, lane, { seq: 20, kind: 'shift', at, body: shift });
      await projectJournalEvent(tx, lane, {
        seq: 22,
        kind: 'shift',
        at,
        body: { ...shift, closedBy: '1002', closedAt: at + 9, countedMinor: 10_950, expectedMinor: 11_000 },
      });
      await projectJournalEvent(tx, lane, { seq: 21, kind: 'shift', at, body: shift });
      await projectJournalEvent(tx, lane, {
        seq: 23,
        kind: 'cash',
        at,
        body: {
          movementId: 3,
          shiftId: 1,
          kind: 'no-sale',
          orderId: null,
          amountMinor: 0,
          cashier: '1002',
          approvedBy: '9001',
          reason: 'change',
          createdAt: at,
        },
      });
      await projectJournalEvent(tx, lane, {
        seq: 24,
        kind: 'z',
        at,
        body: { number: 1, closedBy: '9001', closedAt: at + 10, totals: { sales: 1 } },
      });
      expect(await projectJournalEvent(tx, lane, { seq: 25, kind: 'device.status', at, body: {} })).toBe(false);
    });
    expect(await db.query('SELECT closed_by, counted_minor, seq FROM shifts')).toEqual([
      { closed_by: '1002', counted_minor: 10_950, seq: 22 },
    ]);
    expect(
      await db.query("SELECT kind, reason, to_char(business_day, 'YYYY-MM-DD') AS day FROM cash_movements"),
    ).toEqual([{ kind: 'no-sale', reason: 'change', day: '2026-11-29' }]);
    expect(await db.query('SELECT number, totals FROM z_reports')).toEqual([{ number: 1, totals: { sales: 1 } }]);
  });

  it('refuses a body without the contract shape, naming the event and the field', async () => {
    const bad = payment('completed', 30, { amountMinor: '12.50' });
    await expect(db.transaction((tx) => projectJournalEvent(tx, lane, bad))).rejects.toThrow(
      /lane lane-p event 30 \(payment\): amountMinor:/,
    );
    const fractionalTip = payment('completed', 31, { detail: { tipMinor: 1.5 } });
    await expect(db.transaction((tx) => projectJournalEvent(tx, lane, fractionalTip))).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/detail\.tipMinor: must be a whole number/),
    });
    await expect(
      db.transaction((tx) => projectJournalEvent(tx, lane, { seq: 32, kind: 'cash', at, body: { movementId: 1 } })),
    ).rejects.toThrow(/\(cash\): shiftId:/);
  });
});
