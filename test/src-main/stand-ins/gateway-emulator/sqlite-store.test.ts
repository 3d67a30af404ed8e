import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { openEmulatorDatabase } from '../../../../src-main/stand-ins/gateway-emulator/sqlite-store';
import { startEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { pageCacheKib, pageCacheLimitKib } from '../../../../src-main/platform/sqlite-memory';
import { call, fnorMerchant, rpctMerchant, sale, saleAnswer, siteAuth } from './support';

describe('the SQLite ledger', () => {
  it('keeps a training day across a restart: transactions, states, batches and profiles', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'lanepoint-emulator-')), 'training.sqlite');
    const clock = { now: () => Date.UTC(2026, 10, 22, 12) };
    let emulator = await startEmulator({ databasePath, clock, realism: false });
    const first = await saleAnswer(emulator, { orderid: 'DAY-1' });
    const authorized = first.retref as string;
    const capturedSale = (await saleAnswer(emulator, { merchid: fnorMerchant, capture: 'Y' })).retref as string;
    const profile = (await saleAnswer(emulator, { amount: '0', profile: 'Y' })).profileid as string;
    await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref: authorized, amount: '2.34' });
    await emulator.close();

    emulator = await startEmulator({ databasePath, clock, realism: false });
    try {
      expect((await call(emulator, 'GET', `inquire/${authorized}/${rpctMerchant}`)).json).toMatchObject({
        setlstat: 'Authorized',
        amount: '10.00',
        orderId: 'DAY-1',
      });
      expect((await call(emulator, 'GET', `inquire/${capturedSale}/${fnorMerchant}`)).json).toMatchObject({
        setlstat: 'Queued for Capture',
      });
      const paid = await call(
        emulator,
        'PUT',
        'auth',
        sale({ account: undefined, expiry: undefined, profile: `${profile}/1` }),
      );
      expect(paid.json).toMatchObject({ respstat: 'A', token: first.token });
      expect(Number(paid.json.retref)).toBeGreaterThan(Number(capturedSale));
      const settled = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
        method: 'POST',
        headers: { Authorization: siteAuth },
        body: '{}',
      });
      expect(await settled.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ merchid: fnorMerchant, hoststat: 'GB', txns: 1 })]),
      );
    } finally {
      await emulator.close();
    }
  });

  it('holds at most the resident cap in memory, and still finds, voids, settles and funds what fell out of it', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'lanepoint-emulator-')), 'training.sqlite');
    let now = Date.UTC(2026, 10, 22, 12);
    const emulator = await startEmulator({
      databasePath,
      clock: { now: () => now },
      realism: false,
      rateLimit: false,
      residentTransactions: 3,
    });
    try {
      const retrefs: string[] = [];
      for (let i = 0; i < 12; i++)
        retrefs.push(
          (await saleAnswer(emulator, { orderid: `CAP-${i}`, capture: 'Y', amount: '1.00' })).retref as string,
        );
      expect(emulator.context.ledger.resident()).toBeLessThanOrEqual(3);
      const [oldest = '', second = ''] = retrefs;
      expect((await call(emulator, 'GET', `inquire/${oldest}/${rpctMerchant}`)).json).toMatchObject({
        retref: oldest,
        orderId: 'CAP-0',
        setlstat: 'Queued for Capture',
      });
      expect((await call(emulator, 'GET', `inquireByOrderid/CAP-1/${rpctMerchant}`)).json).toMatchObject([
        { retref: second },
      ]);
      // Another eleven touched since: the void reads the file, and its change is written there.
      for (const retref of retrefs.slice(2)) await call(emulator, 'GET', `inquire/${retref}/${rpctMerchant}`);
      expect((await call(emulator, 'PUT', 'void', { merchid: rpctMerchant, retref: second })).json).toMatchObject({
        respstat: 'A',
      });
      expect(emulator.context.ledger.resident()).toBeLessThanOrEqual(3);
      expect((await call(emulator, 'GET', `closebatch/${rpctMerchant}`)).json.respcode).toBe('success');
      const [batch] = (await call(emulator, 'GET', `settlestat?merchid=${rpctMerchant}&date=1122`)).json;
      expect(batch?.txns).toHaveLength(11);
      expect((await call(emulator, 'GET', `inquire/${oldest}/${rpctMerchant}`)).json.setlstat).toBe('Accepted');
      now = Date.UTC(2026, 10, 23, 18);
      const funding = (await call(emulator, 'GET', `funding?merchid=${rpctMerchant}&date=1123`)).json;
      expect(funding.fundings).toEqual([expect.objectContaining({ netsales: '11.00' })]);
      expect(emulator.context.ledger.resident()).toBeLessThanOrEqual(3);
    } finally {
      await emulator.close();
    }
  });

  it('reuses one record object while it is resident, and refunds see earlier refunds read from the file', () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'lanepoint-emulator-')), 'training.sqlite');
    const pragma = vi.spyOn(Database.prototype, 'pragma');
    const database = openEmulatorDatabase(databasePath, { residentTransactions: 2 });
    // The store's own connection (the spy records each call's `this`).
    const connection = pragma.mock.contexts[0] as Database.Database;
    pragma.mockRestore();
    try {
      const base = { kind: 'sale', refundOf: undefined, merchid: rpctMerchant, batchid: '7' } as const;
      const record = (retref: string, fields: object = {}) =>
        ({ ...base, retref, orderid: `O-${retref}`, ...fields }) as unknown as Parameters<
          typeof database.ledger.add
        >[0];
      database.ledger.add(record('1'));
      database.ledger.add(record('2', { kind: 'refund', refundOf: '1' }));
      database.ledger.add(record('3', { kind: 'refund', refundOf: '1', batchid: '8' }));
      expect(database.ledger.resident()).toBe(2);
      // Nor does SQLite's own cache of the file grow with the day (better-sqlite3's default is 16 MB).
      expect(pageCacheLimitKib(connection)).toBe(pageCacheKib);
      expect(database.ledger.get('3')).toBe(database.ledger.get('3'));
      expect(database.ledger.refundsOf('1').map((t) => t.retref)).toEqual(['2', '3']);
      expect(database.ledger.inBatch(rpctMerchant, '7').map((t) => t.retref)).toEqual(['1', '2']);
      expect(database.ledger.byOrderId('O-2')).toEqual([]);
      expect(database.ledger.highestRetref()).toBe(3);
      expect(() => database.ledger.add(record('1'))).toThrow('retref 1 is already in the ledger');
      expect(() => openEmulatorDatabase(databasePath, { residentTransactions: Number.NaN })).toThrow(
        'residentTransactions: expected a whole number of transactions, 0 or more, not NaN',
      );
    } finally {
      database.close();
    }
  });
});
