import type { FollowUpSummary, JournalEntryView } from '../../../src-main/ipc/contract';

export const operationWords: Record<JournalEntryView['operation'], string> = { auth: 'Sale', capture: 'Capture', void: 'Void', refund: 'Refund', voidByOrderId: 'Void (recovery)' };

export const stateWords: Record<JournalEntryView['state'], string> = {
  pending: 'Sending',
  completed: 'Answered',
  unknown: 'Outcome unknown',
  resolved: 'Settled by recovery',
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
