import type { FollowUpSummary, SaleOutcomeNotice, SaleSummary, SaleTender } from '../ipc/contract';
import { receiptPng } from '../receipt/preview';
import type { PrinterProfile } from '../receipt/profiles';
import type { SaleOutcome } from '../payment/outcome';
import { avsAnswer } from '../payment/avs-words';
import type { KnownOutcome, SaleResult } from './sale';

type OutcomeWords = Omit<SaleSummary, 'printed' | 'printProblem' | 'receiptPng'>;

/**
 * The outcome's part of a sale's summary: the words, the money, the masked card. One function
 * for the notice painted before the receipts and for the finished summary, so the two can never
 * say different things.
 */
function outcomePart(
  known: Omit<KnownOutcome, 'outcome'> & { readonly outcome: SaleOutcome },
  tender: SaleTender,
  requestedMinor: number,
): OutcomeWords {
  const { outcome } = known;
  const approved = outcome.kind === 'approved' || outcome.kind === 'partial' ? outcome : undefined;
  const avs = 'avsresp' in outcome ? avsAnswer(outcome.avsresp) : undefined;
  return {
    outcome: outcome.kind,
    tender,
    orderId: outcome.orderId,
    requestedMinor,
    approvedMinor: approved ? approved.approvedMinor : 0,
    ...(approved?.surchargeMinor ? { surchargeMinor: approved.surchargeMinor } : {}),
    authcode: approved?.authcode ?? null,
    ...(approved?.retref ? { retref: approved.retref } : {}),
    reason: 'reason' in outcome ? outcome.reason : null,
    maskedPan: known.card.maskedPan,
    entryMode: known.card.entryMode,
    signatureRequired: known.signatureRequired,
    ...(known.signatureSkippedBy ? { signatureSkippedBy: known.signatureSkippedBy } : {}),
    ...(avs ? { avs } : {}),
  };
}

/** The outcome as published before the receipts (`terminal.outcome`), with what the sale then still owes. */
export function outcomeNotice(
  known: KnownOutcome,
  tender: SaleTender,
  requestedMinor: number,
  dueMinor: number | null,
): SaleOutcomeNotice {
  return { ...outcomePart(known, tender, requestedMinor), outcome: known.outcome.kind, dueMinor };
}

/** What the screens get of a sale: the outcome, the masked card, whether it printed, and the customer copy as a PNG. */
export function summarize(
  result: SaleResult,
  tender: SaleTender,
  requestedMinor: number,
  previewProfile: PrinterProfile,
): SaleSummary {
  const customerCopy = result.receipts.find((receipt) => receipt.copy === 'customer');
  return {
    ...outcomePart(result, tender, requestedMinor),
    printed: result.printed.ok,
    printProblem: result.printed.problem ?? null,
    receiptPng: customerCopy
      ? `data:image/png;base64,${receiptPng(customerCopy, previewProfile).toString('base64')}`
      : null,
  };
}

/** The words the state machine shows for an outcome. */
export const outcomeWords: Record<SaleSummary['outcome'], string> = {
  approved: 'Approved',
  partial: 'Partially approved',
  declined: 'Declined',
  retry: 'Not approved: try again',
  'not-charged': 'Not charged',
  unknown: 'Outcome unknown: being checked with the gateway',
  voided: 'Voided: the money went back to the card',
  stored: 'Stored offline: to be sent when the gateway is back',
};

/** What the state machine says while a capture, void or refund runs. */
export const followUpWords: Record<FollowUpSummary['operation'], string> = {
  capture: 'Capturing',
  void: 'Voiding',
  refund: 'Refunding',
};

/** The state machine's line for a finished sale: the outcome's words and the reason, when there is one. */
export function saleDoneLine(summary: SaleSummary): string {
  return `${outcomeWords[summary.outcome]}${summary.reason ? `: ${summary.reason}` : ''}`;
}
