import type { CurrentSale, JournalEntryView, SaleSummary } from '../../../src-main/lane/ipc/contract';

/** A $12.50 chip sale approved in full, as the main process sums it up, with its receipt preview. */
export const approvedSale: SaleSummary = {
  outcome: 'approved',
  tender: 'sale',
  orderId: 'LANE07-261123-00001',
  requestedMinor: 1250,
  approvedMinor: 1250,
  authcode: 'PPS123',
  reason: null,
  maskedPan: '478825******1443',
  entryMode: 'chip',
  signatureRequired: false,
  printed: true,
  printProblem: null,
  receiptPng: 'data:image/png;base64,iVBORw0KGgo=',
};

/** A $12.00 chip sale approved and captured in full, as a row of History shows it. */
export const completedSale: JournalEntryView = {
  id: 3,
  operation: 'auth',
  orderId: 'LANE07-261123-00003',
  amountMinor: 1200,
  maskedPan: '478825******1443',
  entryMode: 'chip',
  state: 'completed',
  createdAt: Date.UTC(2026, 10, 23, 15),
  respstat: 'A',
  resptext: 'Approval',
  authcode: 'PPS123',
  retref: '123456789012',
  note: null,
  money: {
    requestedMinor: 1200,
    approvedMinor: 1200,
    capturedMinor: 1200,
    voidedMinor: 0,
    fullyVoided: false,
    refundedMinor: 0,
    refundsInDoubt: 0,
    tender: 'sale',
    usedUp: {
      void: null,
      refund: null,
      capture: 'This sale was captured when it was approved: nothing is left to capture.',
    },
  },
  reason: null,
};

/** The customer's sale as the main process holds it: a $9.50 card sale waiting for the card, unless `change` says otherwise. */
export function currentSale(change: Partial<CurrentSale> = {}): CurrentSale {
  return {
    amountMinor: 950,
    tender: 'sale',
    entry: 'card',
    tipMinor: 0,
    cart: null,
    running: true,
    results: [],
    dueMinor: null,
    restTakenOutsideMinor: null,
    problem: null,
    payLink: null,
    totalMinor: null,
    cash: [],
    ...change,
  };
}
