import type { EndOfDayReport } from '../../../src-main/lane/ipc/contract';

export const statusWords: Record<EndOfDayReport['journal'][number]['status'], string> = {
  approved: 'Approved',
  captured: 'Captured',
  declined: 'Declined',
  voided: 'Voided',
  refunded: 'Refunded',
  unknown: 'Unknown',
  'not-sent': 'Not sent',
  stored: 'Stored offline',
  'offline-declined': 'Offline declined',
};

/** The processor's word for a batch (hoststat), said plainly. */
const hoststatWords: Record<string, string> = {
  '': 'Queued for the processor',
  GB: 'Accepted (settled)',
  MB: 'Partly accepted: some orders rejected',
  BB: 'Sent, every order rejected',
  RB: 'Rejected',
  EB: 'Empty',
  SB: 'Sent, not yet confirmed',
  ND: 'Sent, no confirmation yet: check with the processor',
};

export function batchWords(hoststat: string | null): string {
  if (hoststat === null) return 'Not yet reported';
  return hoststatWords[hoststat.trim()] ?? hoststat;
}

/** The months' names, January first: a settlement or funding day in words. */
export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
