import type { StateCreator } from 'zustand';
import type { AppInfo, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export interface SessionSlice {
  /** Who and what this terminal is; null until the main process answers. */
  info: AppInfo | null;
  /** Why the terminal could not be described, in words for the cashier. */
  sessionError: string | null;
  loadInfo(): Promise<void>;
}

export const createSessionSlice =
  (pos: PosApi): StateCreator<PosState, [], [], SessionSlice> =>
  (set) => ({
    info: null,
    sessionError: null,
    async loadInfo() {
      try {
        set({ info: unwrap(await pos.app.info()), sessionError: null });
      } catch (error) {
        set({ sessionError: error instanceof Error ? error.message : String(error) });
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    session: SessionSlice;
  }
}
