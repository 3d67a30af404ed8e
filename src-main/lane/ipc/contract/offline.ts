/**
 * Offline store-and-forward card payments (issue 33): the link's health and the stored
 * payments as the counter, the kiosk and the manager see them; forwarding now, and the manager's
 * switch. The limits are the core's (offline/policy.ts): a screen only repeats what it said.
 */
import { z } from 'zod';
import { managerPin, noArgs } from './schemas';
import { command, event } from './spec';

/** The lane's offline state as a banner shows it. */
export interface OfflineStatusView {
  readonly link: 'online' | 'offline';
  /** The merchant's setting (settings.offline.enabled): without it this lane never takes payments offline. */
  readonly configured: boolean;
  /** The merchant's switch (settings.offline.enabled and not switched off at this lane). */
  readonly enabled: boolean;
  readonly storedCount: number;
  readonly storedMinor: number;
  /** Epoch milliseconds the oldest stored payment was taken, or null when none is stored. */
  readonly oldestStoredAt: number | null;
  /** Why no more offline payments are taken now (a limit reached), or null. */
  readonly refusing: string | null;
  readonly forwarding: boolean;
  /** Offline declines not yet acknowledged. */
  readonly declines: number;
}

/** A stored payment in the manager's queue: masked card only, never the sealed request. */
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

export const offlineCommands = {
  'offline.status': command<OfflineStatusView>()(
    'Whether the gateway can be reached, and the payments stored while it could not.',
    noArgs,
  ),
  'offline.queue': command<OfflinePaymentView[]>()(
    'The stored payments, oldest first, for the manager\u2019s Offline payments panel.',
    noArgs,
  ),
  'offline.retry': command<OfflineStatusView>()(
    'Sends the stored payments to the gateway now. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
  'offline.switch': command<OfflineStatusView>()(
    'Stops (or starts again) taking card payments offline at this lane; stored ones are still sent. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin, enabled: z.boolean() }).strict(),
  ),
} as const;

export const offlineEvents = {
  'offline.status': event<OfflineStatusView>(
    'The link went offline or came back, or a payment was stored or forwarded.',
  ),
} as const;
