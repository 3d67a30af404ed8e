import type { FollowUpSummary, JournalEntryView } from '../../../src-main/ipc/contract';

export const operationWords: Record<JournalEntryView['operation'], string> = { auth: 'Sale', capture: 'Capture', void: 'Void', refund: 'Refund', voidByOrderId: 'Void (automatic, after a lost answer)' };

export const stateWords: Record<JournalEntryView['state'], string> = {
  pending: 'Sending',
  completed: 'Done',
  unknown: 'Outcome unknown',
  resolved: 'Outcome found after a lost answer',
  'not-sent': 'Not sent',
};

/** The gateway's answer in a word: A approved, B retry, C declined. */
export function answerWords(entry: JournalEntryView): string {
  if (entry.respstat === 'A') return entry.resptext && !/approv/i.test(entry.resptext) ? `Approved (${entry.resptext})` : 'Approved';
  if (entry.respstat === 'C') return `Declined${entry.resptext ? `: ${entry.resptext}` : ''}`;
  if (entry.respstat === 'B') return 'Not approved: retry';
  return entry.note ?? '';
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
export function gatewayAnswerWords(record: { readonly respstat: string | null; readonly resptext: string | null }): string {
  if (record.respstat === 'A') return record.resptext && !/approv/i.test(record.resptext) ? `Approved (${record.resptext})` : 'Approved';
  if (record.respstat === 'C') return `Declined${record.resptext ? `: ${record.resptext}` : ''}`;
  if (record.respstat === 'B') return 'Not approved: retry';
  return record.resptext ?? 'No answer recorded';
}
