import type { HubStatusView } from '../../src-main/lane/ipc/contract';
import { usePos } from '../store/use-pos';
import { localTime } from './offline-words';

/** The status bar's words for the link to the store hub. */
export function hubWords(status: HubStatusView): string {
  switch (status.state) {
    case 'connected':
      return 'Hub connected';
    case 'behind':
      if (status.behind === 0) return 'Hub connecting';
      return `Hub: ${status.behind} ${status.behind === 1 ? 'event' : 'events'} behind`;
    case 'unreachable':
      return status.since === null ? 'Hub unreachable' : `Hub unreachable since ${localTime(status.since)}`;
    case 'refused':
      return 'Hub refused this lane';
  }
}

/** "Hub connected", how far behind, unreachable since when, or refused; nothing without a hub. */
export function HubStatus() {
  const hub = usePos((state) => state.hub);
  if (!hub) return null;
  return (
    <span className={`status-hub hub-${hub.state}`} data-testid="hub-status" title={hub.reason ?? undefined}>
      {hubWords(hub)}
    </span>
  );
}
