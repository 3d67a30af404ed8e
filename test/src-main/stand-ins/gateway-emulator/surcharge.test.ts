import { afterEach, describe, expect, it } from 'vitest';
import { defaultEmulatorConfig, emulatorConfigSchema } from '../../../../src-main/stand-ins/gateway-emulator/config';
import { createEmulatorIds } from '../../../../src-main/stand-ins/gateway-emulator/ids';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { call, freshEmulator, saleAnswer } from './support';

// The emulator's surcharge program and batch sources, over plain HTTP as any integrator calls
// them, against the reference's words (gateway-openapi.yaml's surcharge endpoint and fee fields;
// the developer guides' "Manually Managing Gateway Batches").
const surcharging = '820000000003';
const debitCard = '4222222222222204';
const prepaidCard = '4005510000000005';
let emulator: RunningEmulator;
afterEach(async () => {
  await emulator.close();
});

/** An emulator whose surcharging merchant has this fee, and with these restricted postal prefixes. */
async function emulatorWith(fee: { format: 'percent' | 'flat'; value: string }, restricted: string[] = []) {
  const config = emulatorConfigSchema.parse({
    ...defaultEmulatorConfig,
    surchargeRestrictedPostals: restricted,
    merchants: defaultEmulatorConfig.merchants.map((merchant) =>
      merchant.merchid === surcharging ? { ...merchant, fee: { ...merchant.fee, ...fee } } : merchant,
    ),
  });
  return startEmulator({
    realism: false,
    config,
    clock: { now: () => Date.UTC(2026, 10, 22, 12, 0, 0) },
    ids: createEmulatorIds(Buffer.alloc(32, 7), 343005123100),
  });
}

/** The token the emulator issues for a card: a $0 verification on the plain merchant. */
async function tokenOf(pan: string): Promise<string> {
  return String((await saleAnswer(emulator, { account: pan, amount: '0.00' })).token);
}

const surcharge = (query: Record<string, string>) =>
  call(emulator, 'GET', `surcharge?${new URLSearchParams({ merchid: surcharging, ...query }).toString()}`);

describe('surcharge endpoint', () => {
  it('answers CREDIT and the fee for a credit card, rounding 3% of 24.99 (.749) to .75', async () => {
    emulator = await freshEmulator();
    const token = await tokenOf('4788250000121443');
    const answer = await surcharge({ token, postal: '30040', amount: '24.99' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ token: 'CREDIT', postal: 'NOT_RESTRICTED', fee_amount: '0.75', messages: [] });
    expect((await surcharge({ token, postal: '30040', amount: '100.00' })).json.fee_amount).toBe('3.00');
  });

  it('never surcharges debit or prepaid cards: token DEBIT, fee 0.00', async () => {
    emulator = await freshEmulator();
    for (const pan of [debitCard, '6510000000000331', prepaidCard]) {
      const answer = await surcharge({ token: await tokenOf(pan), postal: '30040', amount: '24.99' });
      expect(answer.json).toMatchObject({ token: 'DEBIT', postal: 'NOT_RESTRICTED', fee_amount: '0.00' });
    }
  });

  it('with a postal code and no token, answers token UNKNOWN and the fee a credit card would pay', async () => {
    emulator = await freshEmulator();
    expect((await surcharge({ postal: '30040', amount: '24.99' })).json).toMatchObject({
      token: 'UNKNOWN',
      postal: 'NOT_RESTRICTED',
      fee_amount: '0.75',
    });
  });

  it('names a missing token and postal code, as the reference example does', async () => {
    emulator = await freshEmulator();
    expect((await surcharge({})).json).toEqual({
      token: 'UNKNOWN',
      postal: 'UNKNOWN',
      messages: [
        { field: 'token', message: 'token is missing or empty' },
        { field: 'postal', message: 'postal is missing or empty' },
      ],
    });
  });

  it('charges a flat fee whatever the amount', async () => {
    emulator = await emulatorWith({ format: 'flat', value: '1.50' });
    const token = await tokenOf('4788250000121443');
    expect((await surcharge({ token, amount: '24.99' })).json.fee_amount).toBe('1.50');
    expect((await surcharge({ token, amount: '400.00' })).json.fee_amount).toBe('1.50');
  });

  it('answers RESTRICTED for a listed postal prefix, and no fee there', async () => {
    emulator = await emulatorWith({ format: 'percent', value: '3' }, ['061']);
    const token = await tokenOf('4788250000121443');
    expect((await surcharge({ token, postal: '06103', amount: '10.00' })).json).toMatchObject({
      postal: 'RESTRICTED',
      fee_amount: '0.00',
    });
  });

  it('refuses a bad merchid or token with HTTP 400 naming the field', async () => {
    emulator = await freshEmulator();
    const bad = await call(emulator, 'GET', 'surcharge?merchid=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('merchid');
    expect((await surcharge({ token: '12ab' })).json.message).toContain('token');
  });
});

describe('a surcharged authorization', () => {
  it('charges the amount plus the fee and answers the fee fields; inquire repeats them without fee_amount', async () => {
    emulator = await freshEmulator();
    const answer = await saleAnswer(emulator, { merchid: surcharging, amount: '24.99' });
    expect(answer).toMatchObject({
      respstat: 'A',
      amount: '25.74',
      fee_amount: '0.75',
      fee_type: 'S',
      fee_format: 'percent',
      fee_value: '3',
      fee_merchid: '820000000004',
      fee_authcode: answer.authcode,
      fee_retref: '',
    });
    const record = (await call(emulator, 'GET', `inquire/${String(answer.retref)}/${surcharging}`)).json;
    expect(record).toMatchObject({ amount: '25.74', fee_type: 'S', fee_format: 'percent', fee_value: '3' });
    expect(record).not.toHaveProperty('fee_amount');
  });

  it('adds nothing for a debit or prepaid card, or a plain merchant', async () => {
    emulator = await freshEmulator();
    for (const account of [debitCard, prepaidCard]) {
      const answer = await saleAnswer(emulator, { merchid: surcharging, account, amount: '24.99' });
      expect(answer).toMatchObject({ respstat: 'A', amount: '24.99' });
      expect(answer).not.toHaveProperty('fee_amount');
    }
    expect(await saleAnswer(emulator, { amount: '24.99' })).not.toHaveProperty('fee_amount');
  });

  it('adds nothing where the postal code is restricted', async () => {
    emulator = await emulatorWith({ format: 'percent', value: '3' }, ['061']);
    const answer = await saleAnswer(emulator, { merchid: surcharging, amount: '24.99', postal: '06103' });
    expect(answer).toMatchObject({ respstat: 'A', amount: '24.99' });
  });

  it('inquireMerchant reports the fee program, and fee_type N without one', async () => {
    emulator = await freshEmulator();
    expect((await call(emulator, 'GET', `inquireMerchant/${surcharging}`)).json).toMatchObject({
      fee_type: 'S',
      fee_format: 'percent',
      fee_value: '3',
      fee_merchid: '820000000004',
    });
    expect((await call(emulator, 'GET', 'inquireMerchant/496160873888')).json).toMatchObject({
      fee_type: 'N',
      fee_merchid: '',
    });
  });
});

describe('batchsource', () => {
  it('settlestatByBatchSource lists the batch opened with that source, with its counts and totals', async () => {
    emulator = await freshEmulator();
    const merchid = '496160873888';
    const opened = (await call(emulator, 'GET', `openbatch/${merchid}/LANE7-20261122`)).json;
    expect(opened.respcode).toBe('success');
    const sold = await saleAnswer(emulator, {
      capture: 'Y',
      batchsource: 'LANE7-20261122',
      orderid: 'A-1',
      amount: '20.00',
    });
    expect(sold.batchid).toBe(opened.batchid);
    expect((await call(emulator, 'GET', `closebatch/${merchid}/${String(opened.batchid)}`)).json.respcode).toBe(
      'success',
    );
    const batches = (
      await call(emulator, 'POST', 'settlestatByBatchSource', { merchid, batchsource: 'LANE7-20261122' })
    ).json;
    expect(batches).toEqual([
      expect.objectContaining({
        batchid: opened.batchid,
        batchsource: 'LANE7-20261122',
        merchid,
        hoststat: 'GB',
        chargecnt: 1,
        chargetotal: '20.00',
        refundcnt: 0,
        refundtotal: '0.00',
        txns: [{ setlamount: '20.00', setlstat: 'Y', salesdoc: 'A-1', retref: sold.retref }],
      }),
    ]);
    expect((await call(emulator, 'POST', 'settlestatByBatchSource', { merchid, batchsource: 'OTHER' })).json).toEqual(
      [],
    );
  });
});
