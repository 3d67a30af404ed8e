import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../../../src-main/hub/database';
import {
  getDay,
  getExportCsv,
  getSale,
  getSales,
  getSettings,
  getShifts,
  postSettings,
} from '../../../../src-main/hub/manager/admin-routes';
import { csvCell, exportCsv } from '../../../../src-main/hub/manager/export-csv';
import type { ProjectedEvent } from '../../../../src-main/hub/projection-journal';
import { addLane, addStore, hubEngines, journalEvents, projectAll } from '../../../support/hub-journal';
import { openLaneJournal, writeFullDay } from './lane-day';

const morning = Date.UTC(2026, 10, 28, 15, 0, 0);
const lane = { id: 'lane-a', storeId: 'store-1', merchantId: '496160873888', timeZone: 'America/New_York' };
const context = { now: () => 1_000, admin: 'admin' };

/** Stores the events as ingest would (lane_events) and projects them. */
async function ingest(db: HubDatabase, events: readonly ProjectedEvent[]) {
  for (const event of events)
    await db.query(
      'INSERT INTO lane_events (lane_id, seq, kind, at, body, received_at) VALUES ($1, $2, $3, $4, $5::jsonb, 0)',
      [lane.id, event.seq, event.kind, event.at, JSON.stringify(event.body)],
    );
  await projectAll(db, lane, events);
}

describe.each(hubEngines)("the manager's routes on $name", (engine) => {
  let db: HubDatabase;
  beforeAll(async () => {
    db = await engine.open();
    await addStore(db, 'store-1', 'America/New_York');
    await addLane(db, lane);
    const cashier = { current: '1001' };
    const { clock, journal } = openLaneJournal(morning, cashier);
    writeFullDay(journal, clock, cashier);
    const events = journalEvents(journal.path);
    journal.close();
    // Two snapshots of the first payment: started, then its answer (a later seq).
    const first = events.find((event) => event.kind === 'payment')!;
    const started = { ...first, seq: 0.5, body: { ...first.body, state: 'pending', outcome: null } };
    await ingest(db, [{ ...started, seq: 1 }, ...events.map((event) => ({ ...event, seq: event.seq + 1 }))]);
  }, 60_000);
  afterAll(() => db.close());

  it('searches sales by order id, last four and cashier, newest first, in keyset pages', async () => {
    const all = await getSales(db, { store: 'store-1', day: '2026-11-28', limit: '500' });
    expect(all.sales.length).toBeGreaterThan(20);
    const pages: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await getSales(db, {
        store: 'store-1',
        day: '2026-11-28',
        limit: '7',
        ...(before ? { before } : {}),
      });
      pages.push(...page.sales.map((sale) => `${sale.laneId}/${sale.entryId}`));
      if (!page.next) break;
      before = page.next;
    }
    expect(pages).toEqual(all.sales.map((sale) => `${sale.laneId}/${sale.entryId}`));
    const order = all.sales.find((sale) => sale.operation === 'refund')!.orderId;
    expect((await getSales(db, { store: 'store-1', q: order })).sales.map((sale) => sale.operation).sort()).toEqual([
      'auth',
      'refund',
      'void',
    ]);
    const mastercard = (await getSales(db, { store: 'store-1', q: '5454' })).sales;
    expect(mastercard.length).toBeGreaterThan(0);
    expect(mastercard.every((sale) => sale.maskedPan?.endsWith('5454'))).toBe(true);
    const byCashier = (await getSales(db, { store: 'store-1', q: '1002' })).sales;
    expect(byCashier.length).toBeGreaterThan(0);
    expect(byCashier.every((sale) => sale.cashier === '1002')).toBe(true);
    expect((await getSales(db, { store: 'store-1', q: '%' })).sales).toEqual([]);
  });

  it("shows a sale's detail with its events labelled for people", async () => {
    const detail = await getSale(db, { laneId: 'lane-a', entryId: '1' });
    expect(detail.payment).toMatchObject({
      entryId: 1,
      state: 'completed',
      label: 'captured',
      maskedPan: '478825******1443',
    });
    expect(detail.events.map((event) => event.label)).toEqual(['sale started', 'captured']);
    const labels = new Set((await getSales(db, { store: 'store-1', limit: '500' })).sales.map((sale) => sale.label));
    for (const label of [
      'captured',
      'authorized',
      'voided',
      'refunded',
      'declined',
      'stored offline',
      'forwarded',
      'unknown outcome',
      'sale started',
    ])
      expect(labels).toContain(label);
    await expect(getSale(db, { laneId: 'lane-a', entryId: '9999' })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('lists shifts by cashier with over/short', async () => {
    expect(await getShifts(db, { store: 'store-1', day: '2026-11-28' })).toEqual({
      shifts: [
        {
          cashier: '1001',
          overShortMinor: expect.any(Number),
          shifts: [
            expect.objectContaining({ laneId: 'lane-a', floatMinor: 10_000, closedBy: '1002', countedMinor: 12_000 }),
          ],
        },
      ],
    });
  });

  it('stores settings pushes as versions, refuses a document that is not {settings: {...}}, and lists each lane', async () => {
    expect(
      await postSettings(
        db,
        { storeId: 'store-1', document: { settings: { receipt: { footer: 'Thanks' } } } },
        context,
      ),
    ).toEqual({ version: 1 });
    await expect(postSettings(db, { storeId: 'store-1', document: { receipt: {} } }, context)).rejects.toThrow(
      /document/,
    );
    await expect(postSettings(db, { storeId: 'store-1', document: { settings: [] } }, context)).rejects.toThrow(
      /document\.settings/,
    );
    await expect(postSettings(db, { storeId: 'nowhere', document: { settings: {} } }, context)).rejects.toMatchObject({
      kind: 'not-found',
    });
    await db.query(
      `UPDATE lanes SET settings_version = 1, settings_refused = '{"version": 2, "reason": "receipt.width: too wide"}'`,
    );
    expect(await getSettings(db, { store: 'store-1' })).toEqual({
      pushes: [
        { version: 1, document: { settings: { receipt: { footer: 'Thanks' } } }, pushedBy: 'admin', pushedAt: 1000 },
      ],
      lanes: [
        { laneId: 'lane-a', settingsVersion: 1, settingsRefused: { version: 2, reason: 'receipt.width: too wide' } },
      ],
    });
  });

  it('exports one CSV line per payment, quoted and formula-safe, in pages', async () => {
    const answer = getExportCsv(db, { store: 'store-1', day: '2026-11-28' });
    let text = '';
    for await (const chunk of answer.body) text += chunk;
    const lines = text.split('\r\n').filter(Boolean);
    const payments = (await getSales(db, { store: 'store-1', day: '2026-11-28', limit: '500' })).sales.length;
    expect(lines).toHaveLength(payments + 1);
    expect(lines[0]).toBe(
      'day,store,lane,time,cashier,operation,order id,masked pan,amount,state,response,retref,batch',
    );
    expect(lines[1]).toMatch(
      /^2026-11-28,store-1,lane-a,10:00:00,1001,auth,LANE01-\d{6}-\d{5},478825\*{6}1443,20\.00,completed,A,\d+,101$/,
    );
    let paged = '';
    for await (const chunk of exportCsv(db, 'store-1', '2026-11-28', 4)) paged += chunk;
    expect(paged).toBe(text);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // A plain number (a refund's negative amount) stays a number for the accountant's sums;
    // anything else that starts like a formula is defused.
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('-12 ')).toBe("'-12 ");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('@SUM')).toBe("'@SUM");
  });

  it('names the parameter a bad query got wrong', async () => {
    await expect(getDay(db, { store: 'store-1', day: '2026-02-30' }, context)).rejects.toThrow(
      /query day: not a day of the calendar/,
    );
    await expect(getSales(db, { store: 'store-1', limit: '0' })).rejects.toThrow(/query limit/);
    await expect(getSales(db, { store: 'store-1', before: 'x' })).rejects.toThrow(/before must be a sale's cursor/);
    await expect(getSale(db, { laneId: 'Lane A', entryId: '1' })).rejects.toThrow(/path laneId/);
  });
});
