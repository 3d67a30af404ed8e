import type { RecoveryFinding } from '../ipc/contract';
import type { JournalEntry, OfflineRow } from '../journal/journal';
import { findingBase, type FoundEntry } from '../terminal/finding-base';
import { formatMoney } from '../../platform/money';

/** Whether a finding's entry is an offline payment that was sent later (it carries `forwardedAt`). */
export function wasForwarded(entry: JournalEntry): boolean {
  return typeof entry.detail?.forwardedAt === 'number';
}

/** "Nov 28 10:14", on the lane's own clock: when the customer paid. */
function takenAt(at: number): string {
  const date = new Date(at);
  const month = date.toLocaleString('en-US', { month: 'short' });
  return `${month} ${date.getDate()} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * An offline payment whose outcome is known and not an approval, as the manager reads it (ADR
 * 074): the amount, when it was taken, the brand and last four, and what to do. An approval
 * found after a lost answer needs nothing more and says so; one still stored when the lane
 * stopped (its sale unclosed) tells the cashier it was taken.
 */
export function offlineFinding(entry: FoundEntry, row: OfflineRow | undefined): RecoveryFinding {
  const outcome = entry.outcome ?? {};
  const card = `${row?.brand ?? 'card'} ending ${row?.lastFour ?? entry.maskedPan?.slice(-4) ?? '????'}`;
  const base = { ...findingBase(entry), receipt: false };
  const what = `${formatMoney(base.amountMinor)} taken offline ${takenAt(row?.storedAt ?? entry.createdAt)} on ${card}`;
  // Stored when the lane stopped, perhaps before the screen said so: the customer has paid, as far
  // as they can; taking the card again would charge them twice.
  if (entry.state === 'stored')
    return {
      ...base,
      outcome: 'stored',
      message: `Stored offline before the lane stopped: ${what}. It is sent when the gateway is back. Hand over the goods; do not take the payment again.`,
    };
  if (outcome.respstat === 'A' && outcome.retref)
    return { ...base, outcome: 'approved', message: `Offline payment approved when sent: ${what}. Nothing to do.` };
  const why = outcome.resptext ?? entry.note ?? 'no reason given';
  return {
    ...base,
    outcome: 'offline-declined',
    message: `Offline decline: ${what} was not approved when sent (${why}). Call the customer or write it off.`,
  };
}
