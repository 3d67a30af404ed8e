import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { migrations } from '../../../../src-main/lane/journal/schema';
import { offlineKeyName } from '../../../../src-main/lane/offline/seal';
import { ManualClock } from '../../../support/manual-clock';
import { journalLanes } from '../../../support/journal-lane';
import { approvingPan, chipSale, decliningPan, offlineOf, trackOf } from './offline-lane';

const lanes = journalLanes('offline-book-');

describe('the offline store: stored rows with their requests sealed in the journal', () => {
  it('stores a payment as one stored row and one sealed request, and opens it again with the row\u2019s order id', async () => {
    const lane = await lanes(new ManualClock(Date.UTC(2026, 10, 28, 15)));
    const { book, secrets } = await offlineOf(lane);
    const { entryId, orderId } = book.store(chipSale(approvingPan, 1234), {
      maskedPan: '478825******1443',
      entryMode: 'chip',
      brand: 'VISA',
    });
    expect(lane.journal.get(entryId)).toMatchObject({ state: 'stored', orderId, amountMinor: 1234, entryMode: 'chip' });
    expect(lane.journal.unresolved()).toEqual([]);
    expect(book.requestOf(entryId)).toEqual({ ...chipSale(approvingPan, 1234), orderid: orderId });
    expect(book.outstanding()).toEqual({ count: 1, minor: 1234, oldestAt: Date.UTC(2026, 10, 28, 15) });
    expect(lane.journal.offline.get(entryId)).toMatchObject({ brand: 'VISA', lastFour: '1443', attempts: 0 });
    expect((await secrets.get(offlineKeyName))?.length).toBe(44);
  });

  it('a payment stored when the lane stops mid-sale is found at start for the cashier; a decline when sent opens it again for a manager', async () => {
    const lane = await lanes(new ManualClock(Date.UTC(2026, 10, 28, 15)));
    const { book } = await offlineOf(lane);
    const { entryId } = book.store(chipSale(decliningPan, 1800), { maskedPan: '438775******1038', entryMode: 'chip' });
    // The lane stops before the screen said "Stored offline": at start, the unclosed sale keeps it.
    expect(lane.journal.findUnclosedSale()).toBe(1);
    expect(lane.journal.findings()).toMatchObject([{ id: entryId, state: 'stored', finding: { source: 'start' } }]);
    expect(lane.journal.acknowledgeFinding(entryId, '1001')).toBe(true);
    expect(lane.journal.findings()).toEqual([]);
    // Sent later and declined: the finding is news again, for a manager.
    expect(lane.journal.offline.beginForwarding(entryId)).toBe(true);
    lane.journal.complete(entryId, { respstat: 'C', respcode: '05', resptext: 'Do not honor' });
    expect(lane.journal.offline.settleKnown()).toBe(1);
    expect(lane.journal.findings()).toMatchObject([
      { id: entryId, state: 'completed', finding: { source: 'background' } },
    ]);
  });

  it('leaves nothing readable on disk: the whole journal file and its WAL hold neither the card number nor the track', async () => {
    const lane = await lanes();
    const { book } = await offlineOf(lane);
    for (const [pan, amount] of [
      [approvingPan, 1000],
      [decliningPan, 2000],
    ] as const)
      book.store(
        { ...chipSale(pan, amount), name: 'TEST/VISA' },
        { maskedPan: `${pan.slice(0, 6)}******${pan.slice(-4)}`, entryMode: 'chip' },
      );
    const files = [lane.journal.path, `${lane.journal.path}-wal`].filter(existsSync);
    expect(files.length).toBe(2);
    const bytes = Buffer.concat(files.map((file) => readFileSync(file))).toString('latin1');
    // The scan reads the rows: the masked number is there, so a clear one would be found.
    expect(bytes.includes('478825******1443')).toBe(true);
    for (const secret of [approvingPan, decliningPan, trackOf(approvingPan), '=2812101', 'TEST/VISA'])
      expect(bytes.includes(secret), secret).toBe(false);
  });

  it('migrates a journal of the previous schema, keeping every row and reference, and then takes stored rows', async () => {
    const lane = await lanes();
    const path = `${lane.journal.path}.old`;
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // The schema just before offline payments came (later migrations are added after it).
    const before = migrations.findIndex((migration) => migration.includes('CREATE TABLE offline_payments'));
    db.transaction(() => {
      for (const migration of migrations.slice(0, before)) db.exec(migration);
      db.pragma(`user_version = ${before}`);
    })();
    db.prepare(
      "INSERT INTO entries (operation, order_id, amount_minor, state, created_at, updated_at) VALUES ('auth', 'LANE01-261128-00001', 500, 'resolved', 1, 1)",
    ).run();
    db.prepare("INSERT INTO findings (entry_id, source, found_at) VALUES (1, 'start', 2)").run();
    db.close();
    const journal = Journal.open(path, { clock: new ManualClock(5), terminalId: 'LANE-01' });
    try {
      expect(journal.findings()).toMatchObject([{ id: 1, orderId: 'LANE01-261128-00001', state: 'resolved' }]);
      const { book } = await offlineOf({ ...lane, journal });
      const stored = book.store(chipSale(approvingPan, 700), { entryMode: 'contactless' });
      expect(journal.get(stored.entryId)?.state).toBe('stored');
    } finally {
      journal.close();
    }
  });
});
