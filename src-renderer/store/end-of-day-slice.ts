import type { StateCreator } from 'zustand';
import type { EndOfDayReport, PosApi } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export interface EndOfDaySlice {
  endOfDay: EndOfDayReport | null;
  endOfDayBusy: boolean;
  endOfDayError: string | null;
  /** Settlement status by date (MMDD; today when empty) or by batch id. */
  loadEndOfDay(query: { date?: string; batchid?: string }): Promise<void>;
}

export const createEndOfDaySlice =
  (pos: PosApi): StateCreator<PosState, [], [], EndOfDaySlice> =>
  (set) => ({
    endOfDay: null,
    endOfDayBusy: false,
    endOfDayError: null,
    async loadEndOfDay(query) {
      set({ endOfDayBusy: true, endOfDayError: null });
      try {
        set({ endOfDay: unwrap(await pos.terminal.endOfDay(query)), endOfDayBusy: false });
      } catch (error) {
        set({
          endOfDayBusy: false,
          endOfDayError: `${error instanceof Error ? error.message : String(error)} Check the date or batch and try again.`,
        });
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    endOfDay: EndOfDaySlice;
  }
}
