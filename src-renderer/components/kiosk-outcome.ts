import type { CurrentSale, TerminalPhase } from '../../src-main/ipc/contract';
import { formatMoney } from '../format/money';

/**
 * What a self-checkout customer reads when the payment is over, from what the money did, never
 * from the phase alone: a decline, a partial approval or an unknown outcome must not say "Thank
 * you", or the customer walks out unpaid.
 */
export function kioskOutcomeHeadline(sale: CurrentSale | null): string {
  const last = sale?.results.at(-1);
  if (!sale || !last) return sale?.problem ? 'Payment stopped: nothing was charged' : 'Welcome';
  if (sale.dueMinor !== null && sale.dueMinor > 0) {
    const paidMinor = sale.results.reduce((sum, result) => sum + result.approvedMinor, 0);
    return `Paid ${formatMoney(paidMinor)}, ${formatMoney(sale.dueMinor)} still to pay`;
  }
  switch (last.outcome) {
    case 'approved':
    case 'partial':
      return 'Approved: thank you';
    case 'declined':
      return last.tender === 'wallet'
        ? 'Payment declined on your phone: pay another way or ask for help'
        : 'Card declined, try another card or ask for help';
    case 'unknown':
      return 'Please wait for a member of staff';
    case 'retry':
    case 'not-charged':
      return last.tender === 'wallet'
        ? 'Not charged: please pay again on your phone or ask for help'
        : 'Not charged: please try again or ask for help';
  }
}

/**
 * The kiosk's headline where the phase alone would mislead the customer: a finished payment by
 * its outcome, and a payment on the phone without card words. Null where the phase's own words do.
 */
export function kioskHeadline(phase: TerminalPhase, sale: CurrentSale | null): string | null {
  if (phase === 'done') return kioskOutcomeHeadline(sale);
  const phonePays = sale?.running === true && sale.tender === 'wallet';
  if (phonePays && phase === 'awaiting-card') return 'Pay on your phone';
  if (phonePays && phase === 'card-read') return 'Payment received from your phone';
  return null;
}
