/** The states a sale passes through, as `terminal.state` names them. */
export type SalePhase = 'awaiting-card' | 'card-read' | 'signature' | 'authorizing' | 'resolving' | 'approved' | 'partial' | 'declined' | 'retry' | 'unknown' | 'printing';

/** Told as a sale enters each phase, with the words for the screen. */
export type PhaseListener = (phase: SalePhase, detail: string) => void;

/** A card sale captures at once; an authorization waits for a capture; a forced credit returns money. */
export type CardTender = 'sale' | 'authorize' | 'forced-credit';

export type SaleOutcome =
  /** Approved (or partially: the operator accepts the amount and tenders the rest, or voids it). */
  | { readonly kind: 'approved' | 'partial'; readonly orderId: string; readonly approvedMinor: number; readonly authcode: string | undefined; readonly retref: string | undefined }
  | { readonly kind: 'declined'; readonly orderId: string; readonly reason: string; readonly respcode: string | undefined }
  /** The gateway asks to try again (respstat B); nothing was charged. */
  | { readonly kind: 'retry'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and recovery settled it without a charge (never processed, or voided). */
  | { readonly kind: 'not-charged'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and nothing could be learned: never shown as approved; queued for recovery. */
  | { readonly kind: 'unknown'; readonly orderId: string; readonly reason: string };

/** The screen's line for an outcome. */
export function outcomeLine(outcome: SaleOutcome): string {
  switch (outcome.kind) {
    case 'approved':
      return `Approved${outcome.authcode ? `, code ${outcome.authcode}` : ''}`;
    case 'partial':
      return 'Partially approved: tender the rest, or void it';
    default:
      return outcome.reason;
  }
}
