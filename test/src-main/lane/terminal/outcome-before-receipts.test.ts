import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ReceiptPrinter } from '../../../../drivers/printer/receipt-printer';
import { loadPrinterProfiles } from '../../../../src-main/lane/receipt/profiles';
import { authorizeAndPrint, type KnownOutcome } from '../../../../src-main/lane/terminal/sale';
import { outcomeNotice, summarize } from '../../../../src-main/lane/terminal/sale-summary';
import { journalLanes, laneMerchid } from '../../../support/journal-lane';
import { until } from '../../../support/until';

const profile = loadPrinterProfiles('assets/printers').get('escpos-80mm')!;

/** A printer (the hardware edge) whose jobs finish only when the test says so. */
function heldBackPrinter() {
  const emitter = new EventEmitter();
  const finish: Array<() => void> = [];
  const printer = Object.assign(emitter, {
    held: null,
    print: () => new Promise<void>((resolve) => finish.push(resolve)),
  });
  return {
    printer: printer as unknown as ReceiptPrinter,
    jobs: () => finish.length,
    letPrint: () => finish.splice(0).forEach((done) => done()),
  };
}

describe('the outcome is told before the receipts print', () => {
  const openLane = journalLanes('lanepoint-outcome-first-');

  const sell = async (account: string, amountMinor: number) => {
    const lane = await openLane();
    const target = heldBackPrinter();
    const told: KnownOutcome[] = [];
    const selling = authorizeAndPrint(
      {
        journal: lane.journal,
        client: lane.client,
        merchid: laneMerchid,
        terminalId: 'LANE-01',
        training: true,
        now: () => Date.parse('2026-11-28T10:00:00Z'),
        printer: { printer: target.printer, profile },
      },
      {
        amountMinor,
        tender: 'sale',
        fields: { account, expiry: '1228' },
        card: { maskedPan: `${account.slice(0, 6)}******${account.slice(-4)}`, entryMode: 'keyed' },
        cardFacts: { lastFour: account.slice(-4), brand: 'VISA', entryMethod: 'KEYED' },
        signatureRequired: false,
        onOutcome: (known) => told.push(known),
      },
    );
    let finished = false;
    void selling.then(() => (finished = true));
    return { lane, target, told, selling, finished: () => finished };
  };

  it('an approval: told once the journal holds it, while the printer still prints, in the finished words', async () => {
    const { lane, target, told, selling, finished } = await sell('4788250000121443', 1250);
    await until(() => told.length === 1);
    expect(finished()).toBe(false);
    expect(told[0]).toMatchObject({
      outcome: { kind: 'approved', approvedMinor: 1250 },
      card: { maskedPan: '478825******1443', entryMode: 'keyed' },
    });
    expect(outcomeNotice(told[0]!, 'sale', 1250, null).authcode).toMatch(/\S/);
    // The gateway's answer is journaled before the screen is told.
    expect(lane.journal.list({ orderId: told[0]!.outcome.orderId, limit: 10 })).toEqual([
      expect.objectContaining({ state: 'completed' }),
    ]);
    await until(() => target.jobs() === 2);
    expect(finished()).toBe(false);
    target.letPrint();
    const result = await selling;
    const card = { maskedPan: '478825******1443', entryMode: 'keyed', network: 'visa' };
    const summary = summarize({ ...result, card }, 'sale', 1250, profile);
    const { dueMinor, ...words } = outcomeNotice(told[0]!, 'sale', 1250, null);
    expect(dueMinor).toBeNull();
    expect(words).toEqual({ ...summary, printed: undefined, printProblem: undefined, receiptPng: undefined });
    expect(summary).toMatchObject({ outcome: 'approved', printed: true, receiptPng: expect.stringMatching(/^data:/) });
  });

  it('a partial approval is told as partial, never approved, with the amount the card covered', async () => {
    const { target, told, selling } = await sell('4387750101010101', 900);
    await until(() => told.length === 1);
    expect(told[0]!.outcome).toMatchObject({ kind: 'partial', approvedMinor: 500 });
    expect(outcomeNotice(told[0]!, 'sale', 900, 400)).toMatchObject({
      outcome: 'partial',
      approvedMinor: 500,
      requestedMinor: 900,
      dueMinor: 400,
    });
    await until(() => target.jobs() === 2);
    target.letPrint();
    expect((await selling).outcome.kind).toBe('partial');
  });

  it('a decline is told as declined with its reason, and no approved money', async () => {
    const { target, told, selling } = await sell('4387751111111020', 700);
    await until(() => told.length === 1);
    const notice = outcomeNotice(told[0]!, 'sale', 700, null);
    expect(notice).toMatchObject({ outcome: 'declined', approvedMinor: 0, authcode: null });
    expect(notice.reason).toMatch(/\S/);
    await until(() => target.jobs() === 2);
    target.letPrint();
    expect((await selling).outcome.kind).toBe('declined');
  });
});
