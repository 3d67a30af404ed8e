/** The store hub (issue 34, ADR 081): how far this lane's outbox is from the hub, for the status bar. */
import { noArgs } from './schemas';
import { command, event } from './spec';

/**
 * `connected`: the hub has every event; `behind`: `behind` events wait to be sent; `unreachable`:
 * no answer (or a 5xx) since `since`; `refused`: the hub refused this lane (`reason`).
 */
export interface HubStatusView {
  readonly state: 'connected' | 'behind' | 'unreachable' | 'refused';
  /** Events in the outbox the hub has not acknowledged. */
  readonly behind: number;
  /** Epoch ms of the hub's last acknowledgement, or null. */
  readonly lastAckAt: number | null;
  /** Epoch ms since when it has been unreachable or refused, or null. */
  readonly since: number | null;
  /** Why it is unreachable or refused, in words, or null. */
  readonly reason: string | null;
}

export const hubCommands = {
  'hub.status': command<HubStatusView | null>()(
    'This lane\u2019s link to the store hub; null when no hub is configured.',
    noArgs,
  ),
} as const;

export const hubEvents = {
  'hub.status': event<HubStatusView>('The link to the store hub changed: delivered, behind, unreachable or refused.'),
} as const;
