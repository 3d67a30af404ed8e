import type { FollowUpSummary, SaleSummary, SaleTender } from '../ipc/contract';
import { receiptPng } from '../receipt/preview';
import type { PrinterProfile } from '../receipt/profiles';
import type { SaleResult } from './sale';

/** What the screens get of a sale: the outcome, the masked card, whether it printed, and the customer copy as a PNG. */
export function summarize(
  result: SaleResult,
  tender: SaleTender,
  requestedMinor: number,
  previewProfile: PrinterProfile,
): SaleSummary {
  const { outcome } = result;
  const customerCopy = result.receipts.find((receipt) => receipt.copy === 'customer');
  return {
    outcome: outcome.kind,
    tender,
    orderId: outcome.orderId,
    requestedMinor,
    approvedMinor: outcome.kind === 'approved' || outcome.kind === 'partial' ? outcome.approvedMinor : 0,
    authcode: (outcome.kind === 'approved' || outcome.kind === 'partial' ? outcome.authcode : undefined) ?? null,
    ...((outcome.kind === 'approved' || outcome.kind === 'partial') && outcome.retref
      ? { retref: outcome.retref }
      : {}),
    reason: 'reason' in outcome ? outcome.reason : null,
    maskedPan: result.card.maskedPan,
    entryMode: result.card.entryMode,
    signatureRequired: result.signatureRequired,
    ...(result.signatureSkippedBy ? { signatureSkippedBy: result.signatureSkippedBy } : {}),
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
