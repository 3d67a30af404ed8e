import type { Journal, OfflineRow } from '../journal/journal';
import { wasForwarded } from './offline-findings';
import type { OfflineLane } from './offline-lane';

// The views of the offline contract (OFFLINE-CONTRACT.md); the merger moves them to ipc/contract/offline.ts.

export interface OfflineStatusView {
  readonly link: 'online' | 'offline';
  /** The merchant's switch: settings.offline.enabled and not switched off by a manager. */
  readonly enabled: boolean;
  readonly storedCount: number;
  readonly storedMinor: number;
  readonly oldestStoredAt: number | null;
  /** Why no more offline payments are taken now (a limit reached), or null. */
  readonly refusing: string | null;
  readonly forwarding: boolean;
  /** Offline declines not yet acknowledged. */
  readonly declines: number;
}

export interface OfflinePaymentView {
  readonly entryId: number;
  readonly orderId: string;
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  readonly brand: string | null;
  readonly entryMode: string | null;
  readonly storedAt: number;
  readonly attempts: number;
  readonly state: 'stored' | 'forwarding' | 'declined' | 'approved';
}

function approved(row: OfflineRow): boolean {
  return row.entry.outcome?.respstat === 'A' && row.entry.outcome.retref !== undefined;
}

function viewState(row: OfflineRow): OfflinePaymentView['state'] {
  switch (row.entry.state) {
    case 'stored':
      return 'stored';
    case 'pending':
    case 'unknown':
      return 'forwarding';
    case 'completed':
    case 'resolved':
    case 'not-sent':
      return approved(row) ? 'approved' : 'declined';
  }
}

/** The manager's queue: every offline payment not known yet, and those settled since `from` (default: all kept). */
export function offlineQueue(journal: Journal, from = 0): OfflinePaymentView[] {
  return journal.offline.queue(from).map((row) => ({
    entryId: row.entry.id,
    orderId: row.entry.orderId,
    amountMinor: row.entry.amountMinor,
    maskedPan: row.entry.maskedPan ?? null,
    brand: row.brand,
    entryMode: row.entry.entryMode ?? null,
    storedAt: row.storedAt,
    attempts: row.attempts,
    state: viewState(row),
  }));
}

/** The banner's facts: the link, the switch, what is stored, why no more is taken, whether it is being sent, the declines a manager has not seen. */
export function offlineStatus(lane: OfflineLane | undefined, journal: Journal, now: number): OfflineStatusView {
  const standing = journal.offline.outstanding();
  const enabled = lane !== undefined && lane.policy.settings.enabled && lane.switchedOn;
  const declines = journal
    .findings()
    .filter((entry) => wasForwarded(entry) && !(entry.outcome?.respstat === 'A' && entry.outcome.retref)).length;
  return {
    link: lane?.link.state() ?? 'online',
    enabled,
    storedCount: standing.count,
    storedMinor: standing.minor,
    oldestStoredAt: standing.oldestAt,
    refusing: lane && enabled ? lane.policy.refusing(standing, now) : null,
    forwarding: lane?.forwarder(journal)?.forwarding ?? false,
    declines,
  };
}
