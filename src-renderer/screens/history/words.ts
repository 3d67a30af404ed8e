import type { FollowUpSummary, JournalEntryView } from '../../../src-main/lane/ipc/contract';
import { refundReasonWords, voidReasonWords } from '../../../src-main/lane/ipc/refund-reasons';
import { formatMoney } from '../../../src-main/platform/money';

export const operationWords: Record<JournalEntryView['operation'], string> = {
  auth: 'Sale',
  capture: 'Capture',
  void: 'Void',
  refund: 'Refund',
  voidByOrderId: 'Void (automatic, after a lost answer)',
};

export const stateWords: Record<JournalEntryView['state'], string> = {
  pending: 'Sending',
  completed: 'Done',
  unknown: 'Outcome unknown',
  resolved: 'Outcome found after a lost answer',
  'not-sent': 'Not sent',
  stored: 'Stored offline, not sent yet',
};

/** What a sale's money did since it was approved: partial, voided, refunded, and how much. */
function saleMoneyWords(money: NonNullable<JournalEntryView['money']>): string {
  if (money.fullyVoided)
    return money.approvedMinor < money.requestedMinor
      ? `Voided (partial approval of ${formatMoney(money.approvedMinor)} given back)`
      : 'Voided: nothing was charged';
  const approved =
    money.approvedMinor < money.requestedMinor
      ? `Partly approved: ${formatMoney(money.approvedMinor)} of ${formatMoney(money.requestedMinor)}`
      : `Approved ${formatMoney(money.approvedMinor)}`;
  const after: string[] = [];
  if (money.voidedMinor > 0) after.push(`${formatMoney(money.voidedMinor)} voided`);
  const settled = money.capturedMinor;
  if (money.refundedMinor > 0)
    after.push(
      settled > 0 && money.refundedMinor >= settled
        ? 'refunded in full'
        : `${formatMoney(money.refundedMinor)} refunded`,
    );
  if (money.refundsInDoubt > 0) after.push('a refund awaits checking');
  return after.length > 0 ? `${approved}; ${after.join(', ')}` : approved;
}

/** What the row's money did, in words: the gateway's answer, and for a sale what became of it since. */
export function answerWords(entry: JournalEntryView): string {
  if (entry.respstat === 'C') return `Declined${entry.resptext ? `: ${entry.resptext}` : ''}`;
  if (entry.respstat === 'B') return 'Not approved: retry';
  if (entry.operation === 'auth' && entry.money) return saleMoneyWords(entry.money);
  if (entry.respstat === 'A') {
    if (entry.operation === 'void' || entry.operation === 'voidByOrderId')
      return `Voided ${formatMoney(entry.amountMinor)}${entry.voidReason ? ` (${voidReasonWords[entry.voidReason]})` : ''}`;
    if (entry.operation === 'refund')
      return `Refunded ${formatMoney(entry.amountMinor)}${entry.reason ? ` (${refundReasonWords[entry.reason]})` : ''}`;
    return entry.resptext && !/approv/i.test(entry.resptext) ? `Approved (${entry.resptext})` : 'Approved';
  }
  return entry.note ?? '';
}

/** The amount a row shows: what a sale was approved for (less than asked on a partial approval), else what moved. */
export function rowAmountMinor(entry: JournalEntryView): number {
  return entry.operation === 'auth' && entry.money ? entry.money.approvedMinor : entry.amountMinor;
}

export function followUpWords(summary: FollowUpSummary): string {
  const what = { capture: 'Capture', void: 'Void', refund: 'Refund' }[summary.operation];
  switch (summary.outcome) {
    case 'approved':
      return `${what} approved.${summary.remainingMinor !== null && summary.remainingMinor > 0 ? ' Part of the authorization remains.' : ''}`;
    case 'declined':
      return `${what} declined: ${summary.reason ?? 'no reason given'}.`;
    case 'retry':
      return `${what} not done: the processor asks to try again.`;
    case 'unknown':
      return `${what} outcome unknown: the lane keeps checking with the gateway. Do not repeat it.`;
    case 'not-applied':
      return `${what} not done: the answer was lost and the gateway shows nothing changed. It is safe to try again.`;
  }
}

/** The gateway's own answer to a lookup, in words, never its status letter. */
export function gatewayAnswerWords(record: {
  readonly respstat: string | null;
  readonly resptext: string | null;
}): string {
  if (record.respstat === 'A')
    return record.resptext && !/approv/i.test(record.resptext) ? `Approved (${record.resptext})` : 'Approved';
  if (record.respstat === 'C') return `Declined${record.resptext ? `: ${record.resptext}` : ''}`;
  if (record.respstat === 'B') return 'Not approved: retry';
  return record.resptext ?? 'No answer recorded';
}
