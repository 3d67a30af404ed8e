import type { StateCreator } from 'zustand';
import type { OfflinePaymentView, OfflineStatusView, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/**
 * Card payments stored while the gateway cannot be reached (issue 33): the status every banner
 * reads, and the manager's queue, Send now and the switch on the End of day screen.
 */
export interface OfflineSlice {
  /** The core's last word on the link and the stored payments; null until it answered. */
  offline: OfflineStatusView | null;
  offlineQueue: OfflinePaymentView[];
  offlineBusy: boolean;
  offlineError: string | null;
  /** Asks the core again (at every connection). A lane that cannot answer shows no banner. */
  refreshOffline(): Promise<void>;
  /** Applies an `offline.status` event. */
  setOffline(status: OfflineStatusView): void;
  loadOfflineQueue(): Promise<void>;
  sendOfflineNow(managerPin: string | undefined): Promise<void>;
  switchOffline(enabled: boolean, managerPin: string | undefined): Promise<void>;
}

export const createOfflineSlice =
  (pos: PosApi): StateCreator<PosState, [], [], OfflineSlice> =>
  (set) => {
    /** Runs a manager's command: busy while it runs, its refusal in words after, the queue read again. */
    const run = async (work: () => Promise<OfflineStatusView>) => {
      set({ offlineBusy: true, offlineError: null });
      try {
        const offline = await work();
        const offlineQueue = unwrap(await pos.offline.queue());
        set({ offline, offlineQueue, offlineBusy: false });
      } catch (error) {
        set({ offlineBusy: false, offlineError: error instanceof Error ? error.message : String(error) });
      }
    };
    const pin = (managerPin: string | undefined) => (managerPin ? { managerPin } : {});
    return {
      offline: null,
      offlineQueue: [],
      offlineBusy: false,
      offlineError: null,
      async refreshOffline() {
        try {
          set({ offline: unwrap(await pos.offline.status()) });
        } catch {
          // Not answered (disconnected, or a lane without offline payments): no banner until it does.
        }
      },
      setOffline: (offline) => set({ offline }),
      async loadOfflineQueue() {
        try {
          set({ offlineQueue: unwrap(await pos.offline.queue()), offlineError: null });
        } catch (error) {
          set({ offlineError: error instanceof Error ? error.message : String(error) });
        }
      },
      sendOfflineNow: (managerPin) => run(async () => unwrap(await pos.offline.retry({ ...pin(managerPin) }))),
      switchOffline: (enabled, managerPin) =>
        run(async () => unwrap(await pos.offline.switch({ enabled, ...pin(managerPin) }))),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    offline: OfflineSlice;
  }
}
