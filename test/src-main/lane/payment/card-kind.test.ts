import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { surchargeSettingsSchema } from '../../../../src-main/lane/config/surcharge-settings';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { Journal } from '../../../../src-main/lane/journal/journal';
import type { SurchargeNotice } from '../../../../src-main/lane/ipc/contract';
import { cardKindOf, lookUpCardKind } from '../../../../src-main/lane/payment/card-kind';
import { takeSurcharge } from '../../../../src-main/lane/payment/surcharge-step';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';
import { ManualClock } from '../../../support/manual-clock';

// The BIN lookup before the surcharge question (ADR 088), over real HTTP against the emulator,
// whose BIN service knows the cards it tokenized: the changelog's PIN debit test card, its own
// prepaid BIN (400551) and every other card as credit.
const surcharging = '820000000003';
const creditCard = '4788250000121443';
const debitCard = '4222222222222204';
const prepaidCard = '4005510000000005';

let emulator: RunningEmulator;
let client: GatewayClient;
beforeEach(async () => {
  emulator = await startEmulator({ realism: false });
  client = emulatorClient(emulator.url);
});
afterEach(async () => {
  await emulator.close();
});

const tokenOf = async (account: string) => (await client.auth(keyedSale({ account, amount: 0 }))).token!;

describe('the card’s kind from a BIN answer', () => {
  it.each([
    ['prepaid by its flag', { prepaid: true, cardusestring: 'Visa Debit' }, 'prepaid'],
    ['prepaid by its subtype', { subtype: 'Consumer Prepaid' }, 'prepaid'],
    ['debit by its card use', { cardusestring: 'Visa Debit', prepaid: false }, 'debit'],
    ['credit by its subtype', { subtype: 'Consumer Credit' }, 'credit'],
    ['unknown when nothing says', { country: 'US', product: 'D', bin: '601100' }, 'unknown'],
  ] as const)('%s', (_what, fields, kind) => {
    expect(cardKindOf({ found: true, ...fields })).toBe(kind);
  });
});

describe('looking the card up before the surcharge', () => {
  // Test names carry the kind, never the number: the reports are scanned for card data.
  it.each([
    ['credit', creditCard, { kind: 'credit', country: 'US', failed: false, words: 'Credit card, issued in US.' }],
    ['debit', debitCard, { kind: 'debit', country: 'US', failed: false, words: 'Debit card, issued in US.' }],
    ['prepaid', prepaidCard, { kind: 'prepaid', country: 'US', failed: false, words: 'Prepaid card, issued in US.' }],
  ])('a %s card is looked up as such, with its country', async (_kind, account, expected) => {
    expect(await lookUpCardKind({ client, merchid: surcharging }, await tokenOf(account))).toEqual(expected);
  });

  it('says a lookup the gateway has no answer for, or does not answer, in words', async () => {
    expect(await lookUpCardKind({ client, merchid: surcharging }, '9999999999999999')).toEqual({
      kind: 'unknown',
      failed: true,
      words:
        'The card’s type could not be looked up (No bin information found): the surcharge follows the gateway’s answer.',
    });
    const token = await tokenOf(creditCard);
    await emulator.close();
    const warnings: unknown[] = [];
    expect(
      await lookUpCardKind(
        { client, merchid: surcharging, logger: { warn: (fields: unknown) => void warnings.push(fields) } },
        token,
      ),
    ).toMatchObject({ kind: 'unknown', failed: true, words: expect.stringContaining('the gateway did not answer') });
    expect(warnings).toHaveLength(1);
    emulator = await startEmulator({ realism: false });
  });

  /** The surcharge step with a wallet-style card (a token), confirmations gathered. */
  async function surchargeFor(token: string, confirm = true) {
    const journal = Journal.open(':memory:', { clock: new ManualClock(), terminalId: 'LANE-01' });
    const notices: SurchargeNotice[] = [];
    try {
      const taken = await takeSurcharge(
        {
          client,
          merchid: surcharging,
          settings: surchargeSettingsSchema.parse({ enabled: true, storePostal: '30040' }),
          journal,
          confirmFee: async (notice) => (notices.push(notice), confirm),
        },
        {
          card: { maskedPan: '****1443', entryMode: 'DigitalWallet', token },
          amountMinor: 2499,
          tender: 'wallet',
          signal: new AbortController().signal,
        },
      );
      return { taken, notices };
    } finally {
      journal.close();
    }
  }

  it('shows a credit card’s kind and country with the fee', async () => {
    const { taken, notices } = await surchargeFor(await tokenOf(creditCard));
    expect(taken).toEqual({ feeMinor: 75 });
    expect(notices[0]?.card).toEqual({
      kind: 'credit',
      country: 'US',
      lookupFailed: false,
      words: 'Credit card, issued in US.',
    });
  });

  it.each([
    ['debit', debitCard],
    ['prepaid', prepaidCard],
  ])('never surcharges a %s card: no fee is asked or shown', async (_kind, card) => {
    const { taken, notices } = await surchargeFor(await tokenOf(card));
    expect(taken).toEqual({ feeMinor: 0 });
    expect(notices).toEqual([]);
  });

  it('goes on with the surcharge answer when the lookup fails, and says so with the fee', async () => {
    // A token the BIN service has nothing on: the surcharge question still decides, here a credit fee.
    const token = await tokenOf(creditCard);
    const lookup = { ...client, bin: () => client.bin({ merchid: surcharging, token: '9999999999999999' }) };
    const journal = Journal.open(':memory:', { clock: new ManualClock(), terminalId: 'LANE-01' });
    const notices: SurchargeNotice[] = [];
    const taken = await takeSurcharge(
      {
        client: lookup,
        merchid: surcharging,
        settings: surchargeSettingsSchema.parse({ enabled: true, storePostal: '30040' }),
        journal,
        confirmFee: async (notice) => (notices.push(notice), true),
      },
      {
        card: { maskedPan: '****1443', entryMode: 'DigitalWallet', token },
        amountMinor: 2499,
        tender: 'wallet',
        signal: new AbortController().signal,
      },
    );
    journal.close();
    expect(taken).toEqual({ feeMinor: 75 });
    expect(notices[0]?.card).toEqual({
      kind: 'unknown',
      lookupFailed: true,
      words:
        'The card’s type could not be looked up (No bin information found): the surcharge follows the gateway’s answer.',
    });
  });
});
