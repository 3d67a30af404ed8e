import { describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '../../../../src-main/lane/receipt/model';
import { saveCardPart, storedCardPart } from '../../../../src-main/lane/payment/card-on-file';
import { authorizeAndPrint, type TenderedPayment } from '../../../../src-main/lane/terminal/sale';
import { journalLanes, laneMerchid } from '../../../support/journal-lane';

// The receipts a card-on-file payment prints as it is paid (the reprint is covered with the
// journal in cards-on-file.test.ts): the emulator over HTTP, a real journal, no printer.
const openLane = journalLanes('lanepoint-card-on-file-receipts-');
const now = () => Date.parse('2026-11-29T10:00:00Z');

const textOf = (receipts: readonly ReceiptDocument[], copy: 'customer' | 'merchant') =>
  receipts.find((receipt) => receipt.copy === copy)!.lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));

async function pay(payment: Omit<TenderedPayment, 'signatureRequired'>) {
  const lane = await openLane();
  const deps = {
    journal: lane.journal,
    client: lane.client,
    merchid: laneMerchid,
    terminalId: 'LANE-01',
    training: true,
    now,
  };
  return { lane, result: await authorizeAndPrint(deps, { ...payment, signatureRequired: false }) };
}

const keyed = (account: string) => ({
  fields: { account, expiry: '1228' },
  card: { maskedPan: `${account.slice(0, 6)}******${account.slice(-4)}`, entryMode: 'keyed' },
  cardFacts: { lastFour: account.slice(-4), brand: 'VISA', entryMethod: 'KEYED' },
});

describe('a card-on-file payment\u2019s receipts', () => {
  it('a sale that saves the card says so on both copies, and a charge on it says it was charged to the card on file', async () => {
    const consent = { agreed: true, words: 'Keep my card on file.' } as const;
    const { lane, result } = await pay({
      amountMinor: 2500,
      tender: 'sale',
      ...keyed('4788250000121443'),
      cardOnFile: saveCardPart(consent, '1001', now()),
    });
    expect(result.outcome.kind).toBe('approved');
    expect(textOf(result.receipts, 'customer')).toContain('Card saved on file with your permission');
    expect(textOf(result.receipts, 'merchant')).toContain('Card saved on file with your permission');
    const [answered] = lane.emulator.context.ledger.all();
    const profile = `${answered!.profileid}/${answered!.acctid}`;

    const lanePaid = async (initiated: 'customer' | 'scheduled') =>
      (
        await authorizeAndPrint(
          {
            journal: lane.journal,
            client: lane.client,
            merchid: laneMerchid,
            terminalId: 'LANE-01',
            training: true,
            now,
          },
          {
            amountMinor: 900,
            tender: 'profile',
            fields: {},
            card: { entryMode: 'profile' },
            cardFacts: { lastFour: '----', brand: 'CARD ON FILE', entryMethod: 'Profile' },
            cardOnFile: storedCardPart(profile, initiated),
            signatureRequired: false,
          },
        )
      ).receipts;
    const customer = textOf(await lanePaid('customer'), 'customer');
    expect(customer).toContain('Charged to card on file');
    expect(customer).not.toContain('Scheduled payment');
    expect(textOf(await lanePaid('scheduled'), 'customer')).toEqual(
      expect.arrayContaining(['Charged to card on file', 'Scheduled payment']),
    );
  });

  it('a declined sale\u2019s slip says nothing was saved on file, and the gateway stored nothing', async () => {
    const { lane, result } = await pay({
      // A card the emulator declines (the reference's test card for a decline).
      amountMinor: 700,
      tender: 'sale',
      ...keyed('4387751111111020'),
      cardOnFile: saveCardPart({ agreed: true, words: 'Keep my card on file.' }, '1001', now()),
    });
    expect(result.outcome.kind).toBe('declined');
    expect(textOf(result.receipts, 'customer')).not.toContain('Card saved on file with your permission');
    expect(lane.emulator.context.ledger.all()).toEqual([expect.not.objectContaining({ profileid: expect.anything() })]);
  });
});
