import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { containsCardNumber, Journal, JournalError, lanePrefix } from '../../../../src-main/lane/journal/journal';
import { newJournalIdentity } from '../../../../src-main/lane/journal/migrate';
import { pageCacheKib, pageCacheLimitKib } from '../../../../src-main/platform/sqlite-memory';

let now = Date.UTC(2026, 10, 22, 14, 0, 0);
const clock = { now: () => now };
const fresh = () => join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal.sqlite');
const open = (path: string, terminalId = 'LANE-01', extra = {}) => Journal.open(path, { clock, terminalId, ...extra });
const sale = {
  operation: 'auth',
  orderId: 'LANE01-261122-00001',
  amountMinor: 1234,
  maskedPan: '478825******1443',
  entryMode: 'chip',
} as const;

describe('Journal', () => {
  it("makes one transaction wrapper per open file: a sale's writes build none", () => {
    const journal = open(fresh());
    const transaction = vi.spyOn(Database.prototype, 'transaction');
    try {
      for (let i = 0; i < 3; i++) {
        const { orderId: _given, ...intent } = sale;
        const { id } = journal.beginWithNewOrderId(intent);
        journal.complete(id, { respstat: 'A', retref: `34300512310${i}`, amountMinor: 1234 });
        journal.nextOrderId();
      }
      expect(transaction).not.toHaveBeenCalled();
      expect(journal.list()).toHaveLength(3);
    } finally {
      transaction.mockRestore();
      journal.close();
    }
  });

  it('is a WAL file with full sync, at the current schema, checked when opened', () => {
    const path = fresh();
    open(path).close();
    const db = new Database(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    db.close();
    const journal = open(path);
    expect(journal.list()).toEqual([]);
    journal.close();
  });

  it('keeps at most 2 MB of its file in memory, whatever the day adds (the soak saw it fill a 16 MB cache)', () => {
    const pragma = vi.spyOn(Database.prototype, 'pragma');
    const journal = open(fresh());
    try {
      // The journal's own connection, as it was opened (the spy records each call's `this`).
      const connection = pragma.mock.contexts[0] as Database.Database;
      expect(pageCacheLimitKib(connection)).toBe(pageCacheKib);
      expect(pageCacheKib).toBeLessThanOrEqual(2048);
    } finally {
      pragma.mockRestore();
      journal.close();
    }
  });

  it("prepares a sale's statements once: the second sale on the same file prepares none", () => {
    const journal = open(fresh());
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      const sell = () => {
        const { orderId: _given, ...intent } = sale;
        const { id, orderId } = journal.beginWithNewOrderId(intent);
        journal.complete(id, { respstat: 'A', retref: '343005123101', amountMinor: 1234 });
        journal.closeSale();
        return journal.get(id)?.orderId === orderId && journal.authorization(orderId);
      };
      expect(sell()).toBeTruthy();
      const first = prepare.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(sell()).toBeTruthy();
      expect(prepare.mock.calls.length).toBe(first);
    } finally {
      prepare.mockRestore();
      journal.close();
    }
  });

  it('writes a row before the request and completes it after, and keeps it across a restart', () => {
    const path = fresh();
    const journal = open(path);
    const id = journal.begin(sale);
    expect(journal.get(id)).toMatchObject({
      state: 'pending',
      orderId: sale.orderId,
      amountMinor: 1234,
      maskedPan: '478825******1443',
      outcome: null,
    });
    expect(journal.unresolved().map((entry) => entry.id)).toEqual([id]);
    now += 1500;
    journal.complete(id, {
      respstat: 'A',
      respcode: '00',
      resptext: 'Approval',
      retref: '343005123105',
      authcode: 'PPS568',
      batchid: '1900941444',
      emvTagData: '{"TVR":"0200008000"}',
      receipt: { dba: 'Corner Store' },
    });
    journal.close();
    const again = open(path);
    expect(again.get(id)).toMatchObject({
      state: 'completed',
      outcome: { retref: '343005123105', receipt: { dba: 'Corner Store' } },
      updatedAt: now,
    });
    expect(again.unresolved()).toEqual([]);
    again.close();
  });

  it('keeps unknown outcomes for recovery, and records how they were resolved', () => {
    const journal = open(fresh());
    const lost = journal.begin(sale);
    const crashed = journal.begin({ ...sale, orderId: 'LANE01-261122-00002' });
    journal.markUnknown(lost, 'the answer was lost after the request was sent');
    expect(journal.unresolved().map((entry) => [entry.id, entry.state])).toEqual([
      [lost, 'unknown'],
      [crashed, 'pending'],
    ]);
    journal.resolve(lost, 'voided by order id', { respstat: 'A', respcode: '00', resptext: 'Approval' });
    journal.markNotSent(crashed, 'the gateway could not be reached');
    expect(journal.unresolved()).toEqual([]);
    expect(journal.list({ lastFour: '1443' }).map((entry) => entry.state)).toEqual(['not-sent', 'resolved']);
    expect(journal.list({ orderId: sale.orderId })).toHaveLength(1);
    journal.close();
  });

  it('gives order ids unique across restarts and lanes, 19 characters at most', () => {
    now = Date.UTC(2026, 10, 22, 14, 0, 0);
    const path = fresh();
    const first = open(path);
    const ids = [first.nextOrderId(), first.nextOrderId()];
    first.close();
    const second = open(path);
    ids.push(second.nextOrderId());
    // 14:00:00 UTC is second 50400 of the day: the day's numbers start just after it.
    expect(ids).toEqual(['LANE01-261122-50401', 'LANE01-261122-50402', 'LANE01-261122-50403']);
    now += 24 * 3600 * 1000 - 3 * 3600 * 1000;
    expect(second.nextOrderId()).toBe('LANE01-261123-39601');
    now += 3 * 3600 * 1000;
    second.close();
    const other = open(fresh(), 'LANE-02');
    expect(other.nextOrderId()).toMatch(/^LANE02-/);
    other.close();
    const long = open(fresh(), 'STORE-0042-LANE-11');
    const id = long.nextOrderId();
    expect(id).toMatch(/^ST[0-9A-Z]{4}-\d{6}-\d{5}$/);
    expect(id.length).toBeLessThanOrEqual(19);
    expect(lanePrefix('STORE-0042-LANE-11')).not.toBe(lanePrefix('STORE-0042-LANE-12'));
    long.close();
  });

  it('refuses card data in what the lane writes: a clear number, track data', () => {
    const journal = open(fresh());
    expect(() => journal.begin({ ...sale, maskedPan: '4788250000121443' })).toThrow(/not masked/);
    expect(() => journal.begin({ ...sale, entryMode: ';4788250000121443=2812?' })).toThrow(JournalError);
    journal.close();
  });

  it('keeps an answer that quotes a card number, masked to six and four, and its track data removed (issue 29, item 10)', () => {
    const journal = open(fresh());
    const id = journal.begin(sale);
    journal.complete(id, {
      respstat: 'A',
      resptext: 'account 4788250000121443',
      receipt: {
        footer: 'Gift card 6011 0009 9013 9424: balance $20.00. Questions? Call 2175550100',
        lines: ['ref 20261127213500', ';4788250000121443=2812101?'],
      },
    });
    expect(journal.get(id)).toMatchObject({
      state: 'completed',
      outcome: {
        respstat: 'A',
        resptext: 'account 478825******1443',
        receipt: {
          footer: 'Gift card 601100******9424: balance $20.00. Questions? Call 2175550100',
          lines: ['ref 20261127213500', '[track removed]'],
        },
      },
    });
    journal.close();
  });

  it('fails every write as a JournalError when the disk is full, leaving no half-written row', () => {
    const journal = open(fresh(), 'LANE-01', { maxBytes: 128 * 1024 });
    let written = 0;
    let failure: unknown;
    try {
      for (let i = 0; i < 100_000; i++) {
        journal.begin({ ...sale, orderId: `LANE01-X-${String(i).padStart(8, '0')}` });
        written++;
      }
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(JournalError);
    expect((failure as Error).message).toMatch(
      /could not write the request before sending it: database or disk is full/,
    );
    expect(journal.list({ limit: 1_000_000 })).toHaveLength(written);
    journal.close();
  });

  it('names a damaged file and a file from a newer version', () => {
    const damaged = fresh();
    writeFileSync(damaged, Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(4000, 7)]));
    expect(() => open(damaged)).toThrow(JournalError);
    expect(() => open(damaged)).toThrow(expect.objectContaining({ kind: 'damaged' }));
    const newer = fresh();
    open(newer).close();
    const db = new Database(newer);
    db.pragma('user_version = 12');
    db.close();
    expect(() => open(newer)).toThrow(
      /newer Lanepoint \(schema 12, this one knows 11\); run that version, which can read it: this one never downgrades a journal/,
    );
    expect(() => open(newer)).toThrow(expect.objectContaining({ kind: 'newer-schema' }));
  });

  it('gives each new file its own identity, kept across opens and through the upgrade of an older file', () => {
    const path = fresh();
    const first = open(path);
    const identity = first.identity;
    first.close();
    const again = open(path);
    expect(again.identity).toBe(identity);
    again.close();
    const other = open(fresh());
    expect(other.identity).not.toBe(identity);
    other.close();
  });

  it('names itself with letters only, so its identity never reads as a card number', () => {
    const journal = open(fresh());
    expect(journal.identity).toMatch(/^[a-z]{29}$/);
    journal.close();
    // A UUID's digits and dashes ran to a card-shaped number now and then; letters never do.
    const identities = Array.from({ length: 2000 }, newJournalIdentity);
    expect(new Set(identities).size).toBe(2000);
    expect(identities.filter((identity) => /\d/.test(identity))).toEqual([]);
  });

  it('never holds a test card number, however it is used', () => {
    const path = fresh();
    const journal = open(path);
    for (let i = 0; i < 20; i++) {
      const id = journal.begin({ ...sale, orderId: journal.nextOrderId() });
      journal.complete(id, { respstat: 'A', retref: String(343005123100 + i), authcode: 'PPS568' });
    }
    journal.close();
    const bytes =
      readFileSync(path).toString('latin1') + readFileSync(`${path}-wal`, { flag: 'a+' }).toString('latin1');
    expect(containsCardNumber(bytes)).toBe(false);
    expect(containsCardNumber(`x ${'4788250000121443'} y`)).toBe(true);
    expect(containsCardNumber('dateTime 20261122121314, retref 343005123105')).toBe(false);
  });

  it('keeps a detail that quotes a UUID whose digit groups pass the card check, and masks none of it', () => {
    // 4111 1111 1111 1111 across the first three groups: a Visa number by prefix, length and Luhn.
    const uuid = '41111111-1111-1111-9111-a1b2c3d4e5f6';
    expect(containsCardNumber(`device transaction ${uuid}`)).toBe(false);
    expect(containsCardNumber(`${uuid} 4788250000121443`)).toBe(true);
    const journal = open(fresh());
    const id = journal.begin({ ...sale, orderId: journal.nextOrderId(), detail: { transactionID: uuid } });
    expect(journal.get(id)?.detail).toEqual({ transactionID: uuid });
    journal.close();
  });
});
