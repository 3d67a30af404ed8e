/**
 * The `offline.*` commands (issue 33), answered from the lane's offline desk: the store and
 * forwarder's view of the link and the stored payments. The desk owns every limit and every
 * state; these handlers only ask who may do what.
 */
import type { OfflinePaymentView, OfflineStatusView } from '../ipc/contract';
import type { CommandHandlers } from '../ipc/dispatcher';
import type { SessionService } from '../session/session-service';
import { LaneError } from '../errors';

/** What the store-and-forward side answers the screens with. */
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

type OfflineHandlers = Pick<CommandHandlers, 'offline.status' | 'offline.queue' | 'offline.retry' | 'offline.switch'>;

/**
 * Binds the offline commands to `desk`. The status is anybody's (a kiosk's banner has nobody
 * signed in); the queue is staff's (it lists cards); sending now and the switch are a manager's.
 */
export function createOfflineHandlers(
  desk: OfflineDesk,
  session: Pick<SessionService, 'requireSignedIn' | 'approve'>,
): OfflineHandlers {
  const manager = (action: string, managerPin: string | undefined, source: string) => {
    session.requireSignedIn(action);
    session.approve(action, managerPin, source);
  };
  return {
    'offline.status': () => desk.status(),
    'offline.queue': () => {
      session.requireSignedIn('see the offline payments');
      return desk.queue();
    },
    'offline.retry': ({ managerPin }, { source }) => {
      manager('send the offline payments now', managerPin, source);
      return desk.retry();
    },
    'offline.switch': ({ managerPin, enabled }, { source }) => {
      manager(enabled ? 'take offline payments again' : 'stop taking offline payments', managerPin, source);
      return desk.switch(enabled);
    },
  };
}

/**
 * The desk until the store and forwarder are joined in (the merger replaces it with
 * offline/forwarder's): every question is refused in words, never answered with made-up state.
 */
export const offlineDeskNotJoined: OfflineDesk = {
  status: () => notJoined(),
  queue: () => notJoined(),
  retry: () => notJoined(),
  switch: () => notJoined(),
};

function notJoined(): never {
  throw new LaneError('refused', 'Offline payments are not part of this lane yet.');
}
