import creditCardType from 'credit-card-type';
import type { KioskPaymentView, SaleSummary } from '../ipc/contract';
import { formatMinorUnits } from '../../platform/money';

/** Where one payment of the visit stands, as the journal last said. */
export type VisitPaymentState = 'approved' | 'unknown' | 'declined' | 'voided';

/** A card or phone payment of the customer's visit, kept so staff see what the bank said. */
export interface VisitPayment {
  readonly summary: SaleSummary;
  readonly state: VisitPaymentState;
  /** Approved: what the bank approved (read back from the journal once an unknown outcome resolves); else what was asked. */
  readonly amountMinor: number;
}

/** "Visa ending 1111": the brand and the last four, the most a screen shows of a card. */
export function cardWords(summary: Pick<SaleSummary, 'maskedPan' | 'entryMode'>): string {
  const lastFour = summary.maskedPan.replace(/\D/g, '').slice(-4) || '----';
  if (summary.entryMode === 'DigitalWallet') return `Phone (wallet) ending ${lastFour}`;
  const prefix = summary.maskedPan.match(/^\d+/)?.[0] ?? '';
  const brand = prefix.length >= 4 ? creditCardType(prefix)[0]?.niceType : undefined;
  return `${brand ?? 'Card'} ending ${lastFour}`;
}

/** "$1.35 on Visa ending 1111 (order KIOSK1-000004)": what staff read before they confirm. */
export function paymentWords(payment: VisitPayment): string {
  return `${formatMinorUnits(payment.amountMinor)} on ${cardWords(payment.summary)} (order ${payment.summary.orderId})`;
}

/** A payment's record from the summary its authorization answered with; null when no money could have moved. */
export function visitPayment(summary: SaleSummary): VisitPayment | null {
  switch (summary.outcome) {
    case 'approved':
    case 'partial':
      return { summary, state: 'approved', amountMinor: summary.approvedMinor };
    case 'unknown':
      return { summary, state: 'unknown', amountMinor: summary.requestedMinor };
    case 'declined':
      return { summary, state: 'declined', amountMinor: summary.requestedMinor };
    default:
      return null;
  }
}

/**
 * The staff panel's view of the visit's payments. `owed`: the basket still owes money, so
 * clearing the order gives its approvals back; a basket paid in full was the customer's.
 */
export function paymentViews(payments: readonly VisitPayment[], owed: boolean): KioskPaymentView[] {
  return payments.map((payment) => ({
    orderId: payment.summary.orderId,
    state: payment.state,
    amountMinor: payment.amountMinor,
    card: cardWords(payment.summary),
    onClear: payment.state === 'approved' ? (owed ? 'void' : 'keep') : payment.state === 'unknown' ? 'check' : 'none',
  }));
}

/** True when both name the same orders, in any order. */
export function sameOrders(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
}
