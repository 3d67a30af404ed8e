import type { CurrentSale, TerminalPhase } from '../../src-main/lane/ipc/contract';
import { englishWords, type OutcomeWords } from '../kiosk/kiosk-words';

/**
 * What a self-checkout customer reads when the payment is over, from what the money did, never
 * from the phase alone: a decline, a partial approval or an unknown outcome must not say "Thank
 * you", or the customer walks out unpaid. `words` is the customer's language (English by default).
 */
export function kioskOutcomeHeadline(sale: CurrentSale | null, words: OutcomeWords = englishWords.outcome): string {
  const last = sale?.results.at(-1);
  if (!sale || !last) return sale?.problem ? words.stopped : words.welcome;
  if (sale.dueMinor !== null && sale.dueMinor > 0) {
    // A part stored offline (ADR 074) paid its part as far as the customer can: the merchant carries the rest.
    const paidMinor = sale.results.reduce(
      (sum, result) => sum + (result.outcome === 'stored' ? result.requestedMinor : result.approvedMinor),
      0,
    );
    return words.partlyPaid(paidMinor, sale.dueMinor);
  }
  switch (last.outcome) {
    case 'approved':
    case 'partial':
      return words.approved;
    case 'declined':
      return last.tender === 'wallet' ? words.phoneDeclined : words.cardDeclined;
    case 'unknown':
      return words.staffNeeded;
    case 'retry':
    case 'not-charged':
      return last.tender === 'wallet' ? words.phoneNotCharged : words.cardNotCharged;
    case 'voided':
      // Staff voided the payment: nothing of it stays charged.
      return words.stopped;
    case 'stored':
      // Taken offline: thanked, but never told it was approved.
      return words.stored(last.requestedMinor);
  }
}

/**
 * The kiosk's headline where the phase alone would mislead the customer: a finished payment by
 * its outcome, and a payment on the phone without card words. Null where the phase's own words do.
 */
export function kioskHeadline(
  phase: TerminalPhase,
  sale: CurrentSale | null,
  words: OutcomeWords = englishWords.outcome,
): string | null {
  if (phase === 'done') return kioskOutcomeHeadline(sale, words);
  const phonePays = sale?.running === true && sale.tender === 'wallet';
  if (phonePays && phase === 'awaiting-card') return words.payOnPhone;
  if (phonePays && phase === 'card-read') return words.phonePaid;
  return null;
}
