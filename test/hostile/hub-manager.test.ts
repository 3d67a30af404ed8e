import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../../src-main/hub/database';
import { getExportCsv, getSales, postSettings } from '../../src-main/hub/manager/admin-routes';
import { addLane, addStore, hubEngines, projectAll } from '../support/hub-journal';

const lane = { id: 'lane-h', storeId: 'store-h', merchantId: 'm1', timeZone: 'UTC' };
const at = Date.UTC(2026, 10, 28, 12);
const sale = (seq: number, fields: Record<string, unknown>) => ({
  seq,
  kind: 'payment',
  at,
  body: {
    entryId: seq,
    operation: 'auth',
    orderId: `LANEH-${seq}`,
    amountMinor: 100,
    state: 'completed',
    createdAt: at,
    updatedAt: at,
    outcome: { respstat: 'A', retref: String(seq) },
    detail: null,
    ...fields,
  },
});

describe.each(hubEngines)("what a hostile lane or manager sends the manager's routes on $name", (engine) => {
  let db: HubDatabase;
  beforeAll(async () => {
    db = await engine.open();
    await addStore(db, 'store-h', 'UTC');
    await addLane(db, lane);
    await projectAll(db, lane, [
      sale(1, { cashier: '=HYPERLINK("http://evil.invalid","pay")' }),
      sale(2, { cashier: '+1001', orderId: 'A,B"C\r\nD' }),
      sale(3, { cashier: '1001', outcome: { respstat: 'A', retref: '3', resptext: '@SUM(1)' } }),
    ]);
  });
  afterAll(() => db.close());

  it('a cashier or order id that a spreadsheet would run is exported inert and quoted', async () => {
    let text = '';
    for await (const chunk of getExportCsv(db, { store: 'store-h', day: '2026-11-28' }).body) text += chunk;
    const cells = text.split('\r\n').slice(1, -1).join('\n');
    expect(cells).toContain(`"'=HYPERLINK(""http://evil.invalid"",""pay"")"`);
    expect(text).toContain(`'+1001,auth,"A,B""C\r\nD"`);
    expect(cells).toContain(',A @SUM(1),3,');
    // No cell of the export starts with a formula character.
    expect(text.split(/,|\r\n/).filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('LIKE wildcards in the search box match themselves, not every sale', async () => {
    expect((await getSales(db, { store: 'store-h', q: '_' })).sales).toEqual([]);
    expect((await getSales(db, { store: 'store-h', q: '%' })).sales).toEqual([]);
    expect((await getSales(db, { store: 'store-h', q: 'LANEH-' })).sales).toHaveLength(2);
  });

  it('a page larger than 500, or a forged cursor, is refused in words', async () => {
    await expect(getSales(db, { store: 'store-h', limit: '100000' })).rejects.toThrow(/query limit/);
    await expect(getSales(db, { store: 'store-h', before: "1.lane-h.1' OR '1'='1" })).rejects.toThrow(/before must be/);
  });

  it('a settings push with anything beside {settings: {...}} is refused before it is stored', async () => {
    await expect(
      postSettings(
        db,
        { storeId: 'store-h', document: { settings: {}, run: 'rm -rf /' } },
        { now: () => 0, admin: 'a' },
      ),
    ).rejects.toThrow(/document: Unrecognized key/);
    await expect(
      postSettings(db, { storeId: 'store-h', document: 'settings' }, { now: () => 0, admin: 'a' }),
    ).rejects.toThrow(/document/);
    expect(await db.query('SELECT count(*)::int AS n FROM settings_pushes')).toEqual([{ n: 0 }]);
  });
});
