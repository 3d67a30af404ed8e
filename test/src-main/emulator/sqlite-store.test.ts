import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src-main/emulator/server';
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
});
