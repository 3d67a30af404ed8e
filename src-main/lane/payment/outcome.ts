import type { SalePhase } from '../ipc/sale-phases';
import type { CardTender } from '../ipc/tenders';

// The phases and tenders are declared once, in ipc/ (ADR 023); the payment steps name them from there.
export type { CardTender, SalePhase };

/** Told as a sale enters each phase, with the words for the screen. */
export type PhaseListener = (phase: SalePhase, detail: string) => void;

export type SaleOutcome =
  /** Approved (or partially: the operator accepts the amount and tenders the rest, or voids it). */
  | {
      readonly kind: 'approved' | 'partial';
      readonly orderId: string;
      readonly approvedMinor: number;
      /** A surcharge the gateway charged on top of `approvedMinor`: paid by the card, not toward the sale. */
      readonly surchargeMinor?: number;
      readonly authcode: string | undefined;
      readonly retref: string | undefined;
      /** The address check's answer (`avsresp`), when the gateway gave one (a keyed card's billing address). */
      readonly avsresp?: string;
    }
  | {
      readonly kind: 'declined';
      readonly orderId: string;
      readonly reason: string;
      readonly respcode: string | undefined;
      readonly avsresp?: string;
    }
  /** The gateway asks to try again (respstat B); nothing was charged. */
  | { readonly kind: 'retry'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and recovery settled it without a charge (never processed, or voided). */
  | { readonly kind: 'not-charged'; readonly orderId: string; readonly reason: string }
  /** The answer was lost and nothing could be learned: never shown as approved; queued for recovery. */
  | { readonly kind: 'unknown'; readonly orderId: string; readonly reason: string }
  /**
   * The gateway could not be reached and the payment was stored offline (ADR 074), its request
   * sealed in the journal: sent when the gateway is back. Never shown or printed as approved.
   */
  | { readonly kind: 'stored'; readonly orderId: string; readonly reason: string };

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
