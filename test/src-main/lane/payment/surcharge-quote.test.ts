import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { surchargeSettingsSchema } from '../../../../src-main/lane/config/surcharge-settings';
import { surchargeQuote, type SurchargeQuoting } from '../../../../src-main/lane/payment/surcharge-quote';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';

// The lane's question before a card sale, against the emulator's surcharging merchant over real HTTP.
let emulator: RunningEmulator;
let client: GatewayClient;
let asked: number;
const on = surchargeSettingsSchema.parse({ enabled: true });

beforeEach(async () => {
  emulator = await startEmulator({ clock: { now: () => Date.UTC(2026, 10, 22, 12, 0, 0) } });
  const real = emulatorClient(emulator.url);
  asked = 0;
  client = {
    ...real,
    surcharge: async (request) => {
      asked++;
      return real.surcharge(request);
    },
  };
});
afterEach(async () => {
  await emulator.close();
});

const lane = (settings = on): SurchargeQuoting => ({ client, merchid: '820000000003', settings });
const tokenOf = async (account: string) => (await client.auth(keyedSale({ account, amount: 0 }))).token!;

describe('surchargeQuote', () => {
  it('quotes a credit card by its token: the fee and the total (3% of 24.99 is 0.75)', async () => {
    const token = await tokenOf('4788250000121443');
    expect(await surchargeQuote(lane(), { kind: 'card', token }, 2499)).toEqual({
      kind: 'surcharge',
      feeMinor: 75,
      totalMinor: 2574,
    });
  });

  it('never surcharges cash or debit: cash and a debit-read card without asking, a debit token when the gateway says so', async () => {
    expect(await surchargeQuote(lane(), { kind: 'cash' }, 2499)).toEqual({ kind: 'none', reason: 'cash' });
    expect(await surchargeQuote(lane(), { kind: 'card', funding: 'debit' }, 2499)).toEqual({
      kind: 'none',
      reason: 'debit',
    });
    expect(await surchargeQuote(lane(), { kind: 'card', funding: 'prepaid' }, 2499)).toMatchObject({ reason: 'debit' });
    expect(await surchargeQuote(lane(), { kind: 'card', aid: 'A0000000980840', postal: '30040' }, 2499)).toMatchObject({
      reason: 'debit',
    });
    expect(asked).toBe(0);
    const token = await tokenOf('4222222222222204');
    expect(await surchargeQuote(lane(), { kind: 'card', token }, 2499)).toEqual({ kind: 'none', reason: 'debit' });
    expect(asked).toBe(1);
  });

  it('does not ask when the merchant is not set up for surcharging', async () => {
    const off = surchargeSettingsSchema.parse({});
    expect(await surchargeQuote(lane(off), { kind: 'card', postal: '30040' }, 2499)).toEqual({
      kind: 'none',
      reason: 'not-configured',
    });
    expect(asked).toBe(0);
  });

  it('with only the store postal code, quotes the fee a credit card would pay', async () => {
    const settings = surchargeSettingsSchema.parse({ enabled: true, storePostal: '62701' });
    expect(await surchargeQuote(lane(settings), { kind: 'card' }, 2499)).toEqual({
      kind: 'if-credit',
      feeMinor: 75,
      totalMinor: 2574,
    });
  });

  it('is unknown, not an error, when the gateway does not answer or there is nothing to ask with', async () => {
    expect(await surchargeQuote(lane(), { kind: 'card' }, 2499)).toMatchObject({ kind: 'unknown' });
    // A gateway that was there and is gone: the connection is refused.
    const stale = await startEmulator();
    const url = stale.url;
    await stale.close();
    const gone: SurchargeQuoting = { ...lane(), client: emulatorClient(url) };
    expect(await surchargeQuote(gone, { kind: 'card', postal: '30040' }, 2499)).toMatchObject({ kind: 'unknown' });
  });

  it('refuses an amount that is not positive whole cents, naming it', async () => {
    await expect(surchargeQuote(lane(), { kind: 'cash' }, 0)).rejects.toMatchObject({ field: 'amountMinor' });
    await expect(surchargeQuote(lane(), { kind: 'cash' }, 1.5)).rejects.toMatchObject({ field: 'amountMinor' });
  });
});
