import { LaneError } from '../errors';
import type { OfflinePaymentView, OfflineStatusView } from '../ipc/contract';
import type { Journal, OfflineRow } from '../journal/journal';
import { wasForwarded } from './offline-findings';
import type { OfflineLane } from './offline-lane';

/** What the store-and-forward side answers the screens with (the `offline.*` commands). */
export interface OfflineDesk {
  /** The link and the stored payments now. */
  status(): OfflineStatusView;
  /** The stored payments, oldest first, masked. */
  queue(): OfflinePaymentView[];
  /** Starts forwarding now (the link permitting); answers the status once it has begun. */
  retry(): OfflineStatusView | Promise<OfflineStatusView>;
  /** Stops or starts again taking payments offline at this lane; stored ones are still sent. */
  switch(enabled: boolean): OfflineStatusView;
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
    configured: lane !== undefined && lane.policy.settings.enabled,
    enabled,
    storedCount: standing.count,
    storedMinor: standing.minor,
    oldestStoredAt: standing.oldestAt,
    refusing: lane && enabled ? lane.policy.refusing(standing, now) : null,
    forwarding: lane?.forwarder(journal)?.forwarding ?? false,
    declines,
  };
}

const offlineOff = () =>
  new LaneError('refused', 'Offline payments are off on this lane (setting offline.enabled).', 'enabled');

/**
 * The desk over the lane's offline part: the status and queue of the journal in use, sending now
 * (its forwarder's pass), the manager's switch. Without the part (offline payments off), the status
 * says so and what the journal may still hold is listed; sending and the switch are refused in words.
 */
export function createOfflineDesk(options: {
  readonly lane: OfflineLane | undefined;
  readonly journal: () => Journal;
  readonly now: () => number;
}): OfflineDesk {
  const { lane, journal, now } = options;
  const status = () => offlineStatus(lane, journal(), now());
  return {
    status,
    queue: () => offlineQueue(journal()),
    async retry() {
      if (!lane) throw offlineOff();
      const current = journal();
      // The book opens at the first question: a lane that has stored nothing since it started still forwards.
      await lane.taking(current);
      lane.forwarder(current)?.kick();
      return status();
    },
    switch(enabled) {
      if (!lane) throw offlineOff();
      lane.switchTaking(enabled);
      return status();
    },
  };
}
