import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, freshEmulator, merchantAuth, rpctMerchant, sale } from './support';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const boardedMerchid = '49600000007';

describe('the gateway emulator\u2019s entry for boarded merchants', () => {
  it('serves a boarded merchant to the site credentials only, not to another merchant\u2019s', async () => {
    emulator = await freshEmulator();
    expect((await call(emulator, 'GET', `inquireMerchant/${boardedMerchid}`)).json).toEqual({
      message: 'Invalid merchant',
    });
    emulator.boarding.acceptMerchant({ merchid: boardedMerchid, dba: 'Boarded Bistro' });
    expect(emulator.boarding.knowsMerchant(boardedMerchid)).toBe(true);
    expect((await call(emulator, 'GET', `inquireMerchant/${boardedMerchid}`)).json).toMatchObject({
      merchid: boardedMerchid,
      site: 'fts',
      cardproc: 'RPCT',
    });
    const approved = await call(emulator, 'PUT', 'auth', sale({ merchid: boardedMerchid, receipt: 'Y' }));
    expect(approved.json).toMatchObject({ respstat: 'A', merchid: boardedMerchid, receipt: { dba: 'Boarded Bistro' } });
    const otherMerchant = await call(emulator, 'PUT', 'auth', sale({ merchid: boardedMerchid }), merchantAuth);
    expect(otherMerchant.status).toBe(401);
  });

  it('refuses to board a configured merchid or one that is not digits, naming it', async () => {
    emulator = await freshEmulator();
    expect(() => emulator!.boarding.acceptMerchant({ merchid: rpctMerchant, dba: 'Clash' })).toThrow(
      `merchid ${rpctMerchant} is one of the emulator's configured merchants`,
    );
    expect(() => emulator!.boarding.acceptMerchant({ merchid: '49A', dba: 'Letters' })).toThrow(
      'must be 1 to 16 digits, not "49A"',
    );
    expect(emulator.context.boardedMerchants.size).toBe(0);
  });

  it('refuses a charge it cannot read before recording anything', async () => {
    emulator = await freshEmulator();
    emulator.boarding.acceptMerchant({ merchid: boardedMerchid, dba: 'Boarded Bistro' });
    const payment = {
      merchId: boardedMerchid,
      profileId: '1'.repeat(20),
      acctId: '1',
      amountMinor: 1299,
      billingPlanId: '11001',
      billingPlanScheduleId: 1_000_001,
    };
    expect(() => emulator!.boarding.chargeProfile({ ...payment, amountMinor: 12.99 })).toThrow('not 12.99');
    expect(() => emulator!.boarding.chargeProfile({ ...payment, profileId: '123' })).toThrow('profileId must be 20');
    expect(() => emulator!.boarding.chargeProfile({ ...payment, acctId: 'x' })).toThrow('acctId must be 1 to 3');
    expect(emulator.context.ledger.all()).toHaveLength(0);
  });

  it('keeps boarded merchants across a restart of a training day\u2019s file', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'lanepoint-emulator-')), 'training.sqlite');
    emulator = await startEmulator({ databasePath, realism: false });
    emulator.boarding.acceptMerchant({ merchid: boardedMerchid, dba: 'Boarded Bistro' });
    await emulator.close();
    emulator = await startEmulator({ databasePath, realism: false });
    expect(emulator.boarding.knowsMerchant(boardedMerchid)).toBe(true);
    expect((await call(emulator, 'PUT', 'auth', sale({ merchid: boardedMerchid }))).json).toMatchObject({
      respstat: 'A',
    });
  });
});
