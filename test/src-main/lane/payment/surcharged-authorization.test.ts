import { describe, expect, it } from 'vitest';
import { authorizePayment, type AuthorizationAsked } from '../../../../src-main/lane/payment/authorize/authorize';
import { buildReceipt } from '../../../../src-main/lane/receipt/model';
import { pairLine } from '../../../../src-main/lane/receipt/escpos';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes } from '../../../support/journal-lane';
import { receiptText } from '../../../support/receipts';

// A sale at the emulator's surcharging merchant (3% on credit cards), through the journaled
// authorize step: the fee the gateway adds is the card's, not an approval for more than was asked.
const surcharging = '820000000003';
const asked = (account: string): AuthorizationAsked => ({
  amountMinor: 2499,
  credit: false,
  capture: true,
  fields: { account, expiry: '1228' },
  card: { maskedPan: `${account.slice(0, 6)}******${account.slice(-4)}`, entryMode: 'keyed' },
  detail: { tender: 'sale' },
  signatureRequired: false,
  onPhase: () => undefined,
});

describe('a surcharged authorization', () => {
  const openLane = journalLanes('lanepoint-surcharged-');

  for (const lost of [false, true]) {
    it(`approves the 24.99 asked with a 0.75 surcharge, printed on the slip (${lost ? 'answer lost, found by inquiry' : 'live answer'})`, async () => {
      const lane = await openLane();
      const lanePart = { journal: lane.journal, client: lane.client, merchid: surcharging, terminalId: 'LANE-01' };
      if (lost) await emulatorAdmin(lane.emulator.url).fault('auth', 'drop-after');
      const { outcome, facts } = await authorizePayment(lanePart, asked('4788250000121443'));
      expect(outcome).toMatchObject({ kind: 'approved', approvedMinor: 2499, surchargeMinor: 75 });
      const [held] = lane.emulator.context.ledger.byOrderId(outcome.orderId);
      // Charged and kept: never voided as an over-approval.
      expect(held).toMatchObject({ amount: 2574, setlstat: 'Queued for Capture' });
      expect(facts).toMatchObject({ amountMinor: 2574, surcharge: { amountMinor: 75, type: 'S' } });
      const printed = receiptText(
        buildReceipt(
          { kind: 'sale', ...facts! },
          { copy: 'customer', training: false, duplicate: false, printedAt: new Date(0), columns: 48 },
        ),
      ).join('\n');
      expect(printed).toContain(pairLine('Amount', '$24.99', 48));
      expect(printed).toContain(pairLine('SURCHARGE (3%)', '$0.75', 48));
      expect(printed).toContain(pairLine('TOTAL', '$25.74', 48));
    });
  }

  it('adds nothing on a debit card', async () => {
    const lane = await openLane();
    const lanePart = { journal: lane.journal, client: lane.client, merchid: surcharging, terminalId: 'LANE-01' };
    const { outcome, facts } = await authorizePayment(lanePart, asked('4222222222222204'));
    expect(outcome).toMatchObject({ kind: 'approved', approvedMinor: 2499 });
    expect(outcome).not.toHaveProperty('surchargeMinor');
    expect(facts).toMatchObject({ amountMinor: 2499 });
    expect(facts).not.toHaveProperty('surcharge');
  });
});
