/**
 * The `offline.*` commands (issue 33), answered from the lane's offline desk: the store and
 * forwarder's view of the link and the stored payments. The desk owns every limit and every
 * state; these handlers only ask who may do what.
 */
import type { CommandHandlers } from '../ipc/dispatcher';
import type { OfflineDesk } from '../offline/offline-desk';
import type { SessionService } from '../session/session-service';

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
