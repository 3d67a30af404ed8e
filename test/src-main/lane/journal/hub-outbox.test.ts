import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { containsCardNumber, Journal, JournalError } from '../../../../src-main/lane/journal/journal';

let now = Date.UTC(2026, 10, 28, 9, 0, 0);
const clock = { now: () => now };
const fresh = () => join(mkdtempSync(join(tmpdir(), 'hub-outbox-')), 'journal.sqlite');
const open = (path: string) => Journal.open(path, { clock, terminalId: 'LANE-01', cashier: () => '1001' });

describe("the journal's outbox to the store hub", () => {
  it("turns a sale's rows into payment, shift, cash and z events, in order, with the whole row as JSON", () => {
    const journal = open(fresh());
    const shift = journal.day.openShift({ openedBy: '1001', floatMinor: 10_000 });
    now += 1000;
    const { id, orderId } = journal.beginWithNewOrderId({
      operation: 'auth',
      amountMinor: 1234,
      maskedPan: '478825******1443',
      entryMode: 'chip',
      detail: { tender: 'sale' },
    });
    now += 500;
    journal.complete(id, { respstat: 'A', retref: '343005123105', amountMinor: 1234 });
    journal.day.recordCashSale({ orderId, tenderedMinor: 2000, changeMinor: 766, cashier: '1001' });
    journal.day.closeShift({ closedBy: '1001', countedMinor: 11_234 });
    journal.day.closeDay('9001', () => ({ cardSalesMinor: 1234 }));
    const events = journal.hub.after(0, 500);
    expect(events.map((event) => [event.seq, event.kind])).toEqual([
      [1, 'shift'],
      [2, 'payment'],
      [3, 'payment'],
      [4, 'cash'],
      [5, 'shift'],
      [6, 'z'],
    ]);
    expect(events[1]!.body).toEqual({
      entryId: id,
      operation: 'auth',
      orderId,
      amountMinor: 1234,
      state: 'pending',
      maskedPan: '478825******1443',
      entryMode: 'chip',
      originalRetref: null,
      cashier: '1001',
      shiftId: shift.id,
      createdAt: now - 500,
      updatedAt: now - 500,
      outcome: null,
      detail: { tender: 'sale' },
    });
    expect(events[2]).toMatchObject({
      at: now,
      body: {
        state: 'completed',
        updatedAt: now,
        outcome: { respstat: 'A', retref: '343005123105', amountMinor: 1234 },
      },
    });
    expect(events[3]!.body).toEqual({
      movementId: 1,
      shiftId: shift.id,
      kind: 'sale',
      orderId,
      amountMinor: 1234,
      cashier: '1001',
      approvedBy: null,
      reason: null,
      createdAt: now,
    });
    expect(events[4]!.body).toMatchObject({
      shiftId: shift.id,
      closedBy: '1001',
      countedMinor: 11_234,
      floatMinor: 10_000,
    });
    expect(events[5]!.body).toEqual({ number: 1, closedBy: '9001', closedAt: now, totals: { cardSalesMinor: 1234 } });
    journal.close();
  });

  it('writes nothing to the outbox when the journal write rolls back', () => {
    const path = fresh();
    const journal = open(path);
    journal.day.openShift({ openedBy: '1001', floatMinor: 0 });
    // A payment row written and then rolled back (the write failed after it): its event goes with it.
    const db = new Database(path);
    const written = db.transaction(() => {
      db.prepare(
        "INSERT INTO entries (operation, order_id, amount_minor, state, created_at, updated_at) VALUES ('auth', 'LANE01-9', 1, 'pending', 1, 1)",
      ).run();
      const inside = (db.prepare("SELECT count(*) AS n FROM hub_outbox WHERE kind = 'payment'").get() as { n: number })
        .n;
      throw new Error(`failed after the row (${inside} payment event inside)`);
    });
    expect(() => written()).toThrow('failed after the row (1 payment event inside)');
    db.close();
    expect(journal.hub.after(0, 10).map((event) => event.kind)).toEqual(['shift']);
    journal.close();
  });

  it('adds lane events, reads after a seq, forgets what the hub acknowledged, and trims when no hub reads it', () => {
    const journal = open(fresh());
    const first = journal.hub.append('settings.applied', { version: 3 });
    now += 1000;
    const second = journal.hub.append('settings.refused', { version: 4, reason: 'kiosk: expected an object' });
    expect([first, second]).toEqual([1, 2]);
    expect(journal.hub.after(1, 10)).toEqual([
      { seq: 2, kind: 'settings.refused', at: now, body: { version: 4, reason: 'kiosk: expected an object' } },
    ]);
    expect(journal.hub.acknowledge(1)).toBe(1);
    expect(journal.hub.pending()).toBe(1);
    expect(journal.hub.lastSeq()).toBe(2);
    expect(journal.hub.trimOlderThan(now)).toBe(0);
    expect(journal.hub.trimOlderThan(now + 1)).toBe(1);
    // Seq never goes back, so the hub never sees a number twice from one journal.
    expect(journal.hub.append('settings.applied', { version: 5 })).toBe(3);
    journal.close();
  });

  it('refuses a lane event that is not one, or that holds a card number', () => {
    const journal = open(fresh());
    expect(() => journal.hub.append('payment' as 'device.status', {})).toThrow(/payment is not a lane event/);
    expect(() => journal.hub.append('settings.refused', { version: 1, reason: '4788250000121443' })).toThrow(
      JournalError,
    );
    expect(journal.hub.pending()).toBe(0);
    journal.close();
  });

  it('keeps masked numbers only: the file holds no card number after a masked answer', () => {
    const path = fresh();
    const journal = open(path);
    const id = journal.begin({
      operation: 'auth',
      orderId: 'LANE01-1',
      amountMinor: 500,
      maskedPan: '478825******1443',
    });
    journal.complete(id, {
      respstat: 'A',
      retref: '343005123106',
      amountMinor: 500,
      receipt: 'gift 4788250000121443',
    } as never);
    const bodies = JSON.stringify(journal.hub.after(0, 10));
    expect(bodies).toContain('478825******1443');
    expect(containsCardNumber(bodies)).toBe(false);
    journal.close();
    const bytes =
      readFileSync(path).toString('latin1') + readFileSync(`${path}-wal`, { flag: 'a+' }).toString('latin1');
    expect(containsCardNumber(bytes)).toBe(false);
  });
});
