import type { CashPart, SaleSummary } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';

/** A part of the customer's sale that took money: a card's approval or cash. */
export type PaidPart =
  | {
      readonly kind: 'card';
      readonly orderId: string;
      readonly amountMinor: number;
      /** The surcharge charged on top of the part, when there was one. */
      readonly surchargeMinor: number;
      readonly card: string;
      readonly voided: boolean;
      /** Stored offline (ADR 077): it pays its part, and is sent to the gateway when it is back. */
      readonly stored: boolean;
    }
  | { readonly kind: 'cash'; readonly orderId: string; readonly amountMinor: number; readonly part: CashPart };

/** The sale's parts that took money, cards first, then cash in the order it was taken. */
export function paidParts(results: readonly SaleSummary[], cash: readonly CashPart[]): PaidPart[] {
  const cards = results
    .filter(
      (result) =>
        (result.approvedMinor > 0 && ['approved', 'partial', 'voided'].includes(result.outcome)) ||
        result.outcome === 'stored',
    )
    .map((result): PaidPart => ({
      kind: 'card',
      orderId: result.orderId,
      amountMinor: result.outcome === 'stored' ? result.requestedMinor : result.approvedMinor,
      stored: result.outcome === 'stored',
      surchargeMinor: result.surchargeMinor ?? 0,
      card: `${result.tender === 'wallet' ? 'Phone' : 'Card'} ${result.maskedPan}`,
      voided: result.outcome === 'voided',
    }));
  const notes = cash.map((part): PaidPart => ({
    kind: 'cash',
    orderId: part.orderId,
    amountMinor: part.appliedMinor,
    part,
  }));
  return [...cards, ...notes];
}

/**
 * One part in words: "Card 478825******1443 $20.00", "Phone ****1443 $10.00 + $0.30 surcharge",
 * "Cash $10.00 (tendered $20.00, change $10.00)".
 */
export function partWords(part: PaidPart): string {
  if (part.kind === 'card') {
    const fee = part.surchargeMinor > 0 ? ` + ${formatMoney(part.surchargeMinor)} surcharge` : '';
    const state = part.voided ? ' (voided)' : part.stored ? ' (stored offline, sent when the gateway is back)' : '';
    return `${part.card} ${formatMoney(part.amountMinor)}${fee}${state}`;
  }
  const { tenderedMinor, changeMinor, returned } = part.part;
  return `Cash ${formatMoney(part.amountMinor)} (tendered ${formatMoney(tenderedMinor)}, change ${formatMoney(changeMinor)})${returned ? ' (handed back)' : ''}`;
}

/** What the sale still owes and the parts paid so far, shown while the sale owes money. */
export function PaidParts({ dueMinor, parts }: { dueMinor: number; parts: readonly PaidPart[] }) {
  return (
    <section className="paid-parts" aria-labelledby="paid-parts-heading" data-testid="paid-parts">
      <h2 id="paid-parts-heading">
        Still owed <strong data-testid="balance-due">{formatMoney(dueMinor)}</strong>
      </h2>
      {parts.length > 0 ? (
        <ul>
          {parts.map((part) => (
            <li key={`${part.kind}-${part.orderId}`}>{partWords(part)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
