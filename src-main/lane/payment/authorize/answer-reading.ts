import type { Authorization } from '../../gateway/auth-response';
import { surchargeFeeMinor } from '../../gateway/surcharge';
import type { TransactionRecord } from '../../gateway/transaction-record';
import { formatMinorUnits } from '../../../platform/money';

/**
 * What the gateway (or a device in its name) said of one authorization, in the lane's terms: a
 * live answer, or the record an inquiry found after the answer was lost. Both are read here, the
 * one way, so a recovered partial approval is a partial approval as the live one is.
 */
export type AnswerReading =
  | {
      readonly kind: 'approved' | 'partial';
      /** What the card covers; positive even for a forced credit. */
      readonly approvedMinor: number;
      /** The surcharge the gateway charged on top of `approvedMinor` (not part of the sale's balance). */
      readonly surchargeMinor?: number;
      readonly authcode: string | undefined;
      readonly retref: string | undefined;
      /** The address check's answer (`avsresp`), when the gateway gave one. */
      readonly avsresp?: string;
    }
  /**
   * Approved for more than was asked: never taken as this payment's money. The lane did not ask
   * for it, the customer did not agree to it, and the receipt would print it: it must be voided.
   */
  | { readonly kind: 'over-approved'; readonly approvedMinor: number; readonly retref: string | undefined }
  | {
      readonly kind: 'declined';
      readonly reason: string;
      readonly respcode: string | undefined;
      readonly avsresp?: string;
    };

/**
 * The surcharge the gateway added to this approval: the answer's fee_amount, or for an inquire
 * record (which carries no fee_amount) the fee its fee_format and fee_value give for the amount
 * asked. 0 without one; only a surcharge (fee_type S) is ever added on top of the amount.
 */
function surchargeOf(source: Authorization | TransactionRecord, askedMinor: number): number {
  if (source.fee_type !== 'S') return 0;
  const fee = source.fee_amount ?? surchargeFeeMinor(askedMinor, source.fee_format, source.fee_value);
  return fee !== undefined && fee > 0 ? fee : 0;
}

/**
 * Reads an answer or a found record against the amount asked. An answer without an amount
 * approved what was asked (the gateway leaves it out of some answers); a forced credit comes back
 * negative and is read as the money it moves. A surcharge the gateway added is taken out before
 * the comparison and reported beside the approved amount.
 */
export function readAnswer(
  source: Authorization | TransactionRecord,
  approved: boolean,
  askedMinor: number,
): AnswerReading {
  // A blank avsresp means no check was attempted: left out.
  const avs = 'avsresp' in source && source.avsresp?.trim() ? { avsresp: source.avsresp.trim() } : {};
  if (!approved)
    return { kind: 'declined', reason: source.resptext ?? 'Declined', respcode: source.respcode ?? undefined, ...avs };
  const chargedMinor = source.amount === undefined ? askedMinor : Math.abs(source.amount);
  const retref = source.retref ?? undefined;
  const surchargeMinor = source.amount === undefined || askedMinor <= 0 ? 0 : surchargeOf(source, askedMinor);
  const approvedMinor = chargedMinor - surchargeMinor;
  if (approvedMinor > askedMinor) return { kind: 'over-approved', approvedMinor: chargedMinor, retref };
  return {
    kind: approvedMinor < askedMinor ? 'partial' : 'approved',
    approvedMinor,
    ...(surchargeMinor > 0 ? { surchargeMinor } : {}),
    authcode: source.authcode ?? undefined,
    retref,
    ...avs,
  };
}

/** The words for an approval of more than was asked, once it is voided or while the void is in doubt. */
export const overApprovalWords = {
  voided: (approvedMinor: number, askedMinor: number) =>
    `The card was approved for ${formatMinorUnits(approvedMinor)}, more than the ${formatMinorUnits(askedMinor)} asked: the lane refused it and voided it, so nothing was charged. Run the card again.`,
  notVoided: (approvedMinor: number, askedMinor: number, why: string) =>
    `The card was approved for ${formatMinorUnits(approvedMinor)}, more than the ${formatMinorUnits(askedMinor)} asked, and the lane could not void it (${why}): the card may still be charged. Staff must void this order from History; it is in the recovery list.`,
};
