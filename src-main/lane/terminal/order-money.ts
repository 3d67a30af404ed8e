import type { FollowUpsUsedUp, OrderMoneyView } from '../ipc/contract';
import type { JournalEntry } from '../journal/journal';

/**
 * What the money of one order did, as this lane's journal knows it: what the authorization
 * approved, what was captured, voided and refunded since. History, end of day and the refusals
 * of a void or refund all read an order through this, so they never disagree. The amounts are
 * the history view's (`requestedMinor` is 0 when the journal has no authorization for the order).
 */
export interface OrderMoney extends Omit<OrderMoneyView, 'tender' | 'usedUp'> {
  readonly orderId: string;
  /** A refund with no sale (forced credit): its money goes back to the card. */
  readonly forcedCredit: boolean;
}

/** Whether a journal row moved money: answered approved, or found by recovery to have taken effect. */
export function tookEffect(entry: JournalEntry): boolean {
  const outcome = entry.outcome;
  if (!outcome || (entry.state !== 'completed' && entry.state !== 'resolved')) return false;
  if (outcome.applied !== undefined) return outcome.applied;
  // A capture is answered with the sale's settlement state, not a respstat.
  if (entry.operation === 'capture')
    return outcome.setlstat === 'Queued for Capture' || outcome.setlstat === 'Accepted';
  return outcome.respstat === 'A';
}

/** The order's money from its journal rows (any order of rows; the journal's ids give the sequence). */
export function orderMoney(orderId: string, entries: readonly JournalEntry[]): OrderMoney {
  let requestedMinor = 0;
  let approvedMinor = 0;
  let heldMinor = 0;
  let capturedMinor = 0;
  let voidedMinor = 0;
  let fullyVoided = false;
  let refundedMinor = 0;
  let refundsInDoubt = 0;
  let forcedCredit = false;
  for (const entry of [...entries].filter((row) => row.orderId === orderId).sort((a, b) => a.id - b.id)) {
    const moved = tookEffect(entry);
    switch (entry.operation) {
      case 'auth': {
        requestedMinor = Math.abs(entry.amountMinor);
        if (!moved) break;
        approvedMinor = Math.abs(entry.outcome?.amountMinor ?? entry.amountMinor);
        heldMinor = approvedMinor;
        forcedCredit = entry.detail?.tender === 'forced-credit';
        // An authorization alone settles nothing until it is captured.
        capturedMinor = entry.detail?.tender === 'authorize' ? 0 : approvedMinor;
        break;
      }
      case 'capture':
        if (moved) capturedMinor = entry.amountMinor;
        break;
      case 'void':
      case 'voidByOrderId': {
        if (!moved) break;
        const remainder = entry.detail?.expectedRemainderMinor;
        if (entry.operation === 'void' && typeof remainder === 'number' && remainder > 0) {
          // A partial void only happens before capture: it lowers what the capture will take.
          voidedMinor += heldMinor - remainder;
          heldMinor = remainder;
        } else {
          voidedMinor += heldMinor;
          heldMinor = 0;
          capturedMinor = 0;
          fullyVoided = true;
        }
        break;
      }
      case 'refund':
        if (moved) refundedMinor += Math.abs(entry.outcome?.amountMinor ?? entry.amountMinor);
        else if (entry.state === 'pending' || entry.state === 'unknown') refundsInDoubt += 1;
        break;
    }
  }
  return {
    orderId,
    requestedMinor,
    approvedMinor,
    capturedMinor,
    voidedMinor,
    fullyVoided,
    refundedMinor,
    refundsInDoubt,
    forcedCredit,
  };
}

/** What is left to refund: what settled of the sale, less the refunds already approved. */
export function refundableMinor(money: OrderMoney, settledMinor: number): number {
  return Math.max(0, settledMinor - money.refundedMinor);
}

/** The journal's words for a sale voided in full: what the core refuses, and what the screen shows. */
export const voidedWords = (what: 'void' | 'refund' | 'capture') => `This sale was voided: nothing is left to ${what}.`;

/**
 * Which follow-ups the journal alone already rules out, and why: a sale voided in full takes
 * nothing more; one refunded in full takes no void or refund; a refund in doubt blocks another;
 * a sale (captured when approved) or an authorization captured since takes no capture. `tender`
 * is the sale's, from its journal row (null when the journal did not keep it: then capture is
 * left to the gateway to judge).
 */
export function followUpsUsedUp(money: OrderMoney, tender: string | null): FollowUpsUsedUp {
  if (money.fullyVoided)
    return { void: voidedWords('void'), refund: voidedWords('refund'), capture: voidedWords('capture') };
  const refundedInFull = money.refundedMinor > 0 && money.refundedMinor >= money.capturedMinor;
  const capture =
    tender === 'authorize'
      ? money.capturedMinor > 0
        ? 'This authorization was captured: nothing is left to capture.'
        : null
      : tender !== null
        ? 'This sale was captured when it was approved: nothing is left to capture.'
        : null;
  return {
    void: refundedInFull ? 'This sale was refunded in full: nothing is left to void.' : null,
    refund: refundedInFull
      ? 'This sale was refunded in full: nothing is left to refund.'
      : money.refundsInDoubt > 0
        ? 'A refund of this sale lost its answer: settle it in the recovery list before refunding again.'
        : null,
    capture,
  };
}
