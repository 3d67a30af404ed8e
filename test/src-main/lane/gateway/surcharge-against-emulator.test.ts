import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { GatewayError, ValidationError } from '../../../../src-main/lane/gateway/errors';
import { surchargeFeeMinor } from '../../../../src-main/lane/gateway/surcharge';
import { defaultEmulatorConfig, emulatorConfigSchema } from '../../../../src-main/stand-ins/gateway-emulator/config';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';

// The client's surcharge, fee fields and batch-source calls over real HTTP against the emulator,
// which models the reference on its own.
const surcharging = '820000000003';
const plainMerchant = '496160873888';
const creditCard = '4788250000121443';
const debitCard = '4222222222222204';
let emulator: RunningEmulator;
let client: GatewayClient;
afterEach(async () => {
  await emulator.close();
});

async function start(fee?: { format: 'percent' | 'flat'; value: string }) {
  const config = emulatorConfigSchema.parse({
    ...defaultEmulatorConfig,
    merchants: defaultEmulatorConfig.merchants.map((merchant) =>
      merchant.merchid === surcharging && fee ? { ...merchant, fee: { ...merchant.fee, ...fee } } : merchant,
    ),
  });
  emulator = await startEmulator({ config, clock: { now: () => Date.UTC(2026, 10, 22, 12, 0, 0) } });
  client = emulatorClient(emulator.url);
}

/** The card's token, from a $0 verification on the plain merchant. */
const tokenOf = async (account: string) => (await client.auth(keyedSale({ account, amount: 0 }))).token!;

describe('surcharge', () => {
  it('quotes a credit card: CREDIT, applies, 3% of 24.99 is 0.75', async () => {
    await start();
    const answer = await client.surcharge({
      merchid: surcharging,
      token: await tokenOf(creditCard),
      postal: '30040',
      amount: 2499,
    });
    expect(answer).toEqual({ token: 'CREDIT', postal: 'NOT_RESTRICTED', feeAmount: 75, messages: [], applies: true });
  });

  it('refuses a debit card: DEBIT, does not apply, fee 0', async () => {
    await start();
    const answer = await client.surcharge({ merchid: surcharging, token: await tokenOf(debitCard), amount: 2499 });
    expect(answer).toMatchObject({ token: 'DEBIT', feeAmount: 0, applies: false });
    expect(answer.messages).toEqual([{ field: 'postal', message: 'postal is missing or empty' }]);
  });

  it('quotes a flat fee as a flat fee, whatever the amount', async () => {
    await start({ format: 'flat', value: '1.50' });
    const token = await tokenOf(creditCard);
    expect((await client.surcharge({ merchid: surcharging, token, amount: 2499 })).feeAmount).toBe(150);
    expect((await client.surcharge({ merchid: surcharging, token, amount: 40_000 })).feeAmount).toBe(150);
  });

  it('checks before sending, naming the field; a refusal is a GatewayError with the status', async () => {
    await start();
    const refused = (request: Parameters<GatewayClient['surcharge']>[0]) =>
      client.surcharge(request).catch((error: unknown) => error);
    expect(await refused({ merchid: surcharging })).toMatchObject({ name: 'ValidationError', field: 'token' });
    expect(await refused({ merchid: surcharging, token: '12ab' })).toMatchObject({ field: 'token' });
    expect(await refused({ merchid: surcharging, postal: '300' })).toMatchObject({ field: 'postal' });
    expect(await refused({ merchid: surcharging, postal: '30040', amount: -5 })).toBeInstanceOf(ValidationError);
    const unknownMerchant = await refused({ merchid: '999999999999', postal: '30040' });
    expect(unknownMerchant).toBeInstanceOf(GatewayError);
    expect(unknownMerchant).toMatchObject({ code: 'http', status: 400 });
  });
});

describe('the fee fields of a surcharged authorization', () => {
  it('are typed on the answer: the amount includes fee_amount', async () => {
    await start();
    const auth = await client.auth(keyedSale({ merchid: surcharging, amount: 2499 }));
    expect(auth).toMatchObject({
      outcome: 'approved',
      amount: 2574,
      fee_amount: 75,
      fee_type: 'S',
      fee_format: 'percent',
      fee_value: '3',
      fee_merchid: '820000000004',
      fee_authcode: auth.authcode,
    });
    const record = await client.inquire({ merchid: surcharging, retref: auth.retref! });
    expect(record).toMatchObject({ amount: 2574, fee_type: 'S', fee_format: 'percent', fee_value: '3' });
    // inquire carries no fee_amount; the setup it does carry gives the same fee back.
    expect(surchargeFeeMinor(2499, record.fee_format, record.fee_value)).toBe(75);
  });

  it('are absent for a debit card on the same merchant', async () => {
    await start();
    const auth = await client.auth(keyedSale({ merchid: surcharging, account: debitCard, amount: 2499 }));
    expect(auth).toMatchObject({ outcome: 'approved', amount: 2499 });
    expect(auth.fee_amount).toBeUndefined();
  });

  it('inquireMerchant reads the fee program', async () => {
    await start();
    expect(await client.inquireMerchant({ merchid: surcharging })).toMatchObject({
      status: 'boarded',
      fee_type: 'S',
      fee_format: 'percent',
      fee_value: '3',
      fee_merchid: '820000000004',
    });
  });
});

describe('batchsource', () => {
  it('round trip: openbatch, a captured sale with the source, closebatch, settlementByBatchSource', async () => {
    await start();
    const batchsource = 'LANE7-20261122';
    const opened = await client.openBatch({ merchid: plainMerchant, batchsource });
    expect(opened.done).toBe(true);
    const sale = await client.auth(keyedSale({ capture: true, batchsource, orderid: 'B-1', amount: 2000 }));
    expect(sale.batchid).toBe(opened.batchid);
    expect((await client.closeBatch({ merchid: plainMerchant, batchid: opened.batchid! })).done).toBe(true);
    expect(await client.settlementByBatchSource({ merchid: plainMerchant, batchsource })).toEqual([
      expect.objectContaining({
        batchid: opened.batchid,
        batchsource,
        hoststat: 'GB',
        chargecnt: 1,
        chargetotal: 2000,
        refundcnt: 0,
        refundtotal: 0,
        txns: [expect.objectContaining({ retref: sale.retref, setlamount: 2000, setlstat: 'Y', salesdoc: 'B-1' })],
      }),
    ]);
    expect(await client.settlementByBatchSource({ merchid: plainMerchant, batchsource: 'NONE' })).toEqual([]);
  });

  it('refuses a batch source with a space or slash before sending, on auth as on openbatch', async () => {
    await start();
    await expect(client.auth(keyedSale({ batchsource: 'LANE 7' }))).rejects.toMatchObject({ field: 'batchsource' });
    await expect(client.settlementByBatchSource({ merchid: plainMerchant, batchsource: 'a/b' })).rejects.toMatchObject({
      field: 'batchsource',
    });
  });
});

describe('surchargeFeeMinor', () => {
  it.each([
    [2499, 'percent', '3', 75],
    [10_000, 'percent', '3', 300],
    [1015, 'percent', '3', 30], // 30.45 -> 30
    [1017, 'percent', '3', 31], // 30.51 -> 31
    [2499, 'percent', '3.5', 87], // 87.465 -> 87
    [2499, 'flat', '1.50', 150],
    [2499, 'other', '3', undefined],
    [2499, 'percent', 'x', undefined],
  ])('%i at %s %s is %s', (amount, format, value, fee) => {
    expect(surchargeFeeMinor(amount, format, value)).toBe(fee);
  });
});
