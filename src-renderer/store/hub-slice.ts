import type { StateCreator } from 'zustand';
import type { HubStatusView, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** The lane's link to the store hub (ADR 081), as the status bar shows it. */
export interface HubSlice {
  /** The core's last word; null when no hub is configured (or it has not answered). */
  hub: HubStatusView | null;
  /** Asks the core again (at every connection). */
  refreshHub(): Promise<void>;
  /** Applies a `hub.status` event. */
  setHub(status: HubStatusView): void;
}

export const createHubSlice =
  (pos: PosApi): StateCreator<PosState, [], [], HubSlice> =>
  (set) => ({
    hub: null,
    async refreshHub() {
      try {
        set({ hub: unwrap(await pos.hub.status()) });
      } catch {
        // Not answered: nothing is shown until it is.
      }
    },
    setHub: (hub) => set({ hub }),
  });

declare module './pos-state' {
  interface PosSlices {
    hub: HubSlice;
  }
}
