import type { StateCreator } from 'zustand';
import type { ClosedShiftView, DayReportView, NoSaleView, PosApi, ShiftView } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** The counter's day on the End of day screen: the shift, the last closed one, no-sales, X and Z reports. */
export interface DaySlice {
  shift: ShiftView | null;
  closedShift: ClosedShiftView | null;
  dayReport: DayReportView | null;
  noSale: NoSaleView | null;
  dayBusy: boolean;
  dayError: string | null;
  loadShift(): Promise<void>;
  openShift(floatMinor: number): Promise<void>;
  closeShift(countedMinor: number, managerPin: string | undefined): Promise<void>;
  openDrawer(reason: string, managerPin: string | undefined): Promise<void>;
  printXReport(): Promise<void>;
  printZReport(managerPin: string | undefined): Promise<void>;
}

export const createDaySlice =
  (pos: PosApi): StateCreator<PosState, [], [], DaySlice> =>
  (set) => {
    /** Runs one of the day's commands: busy while it runs, its refusal in words after. */
    const run = async (work: () => Promise<Partial<DaySlice>>) => {
      set({ dayBusy: true, dayError: null });
      try {
        set({ ...(await work()), dayBusy: false });
      } catch (error) {
        set({ dayBusy: false, dayError: error instanceof Error ? error.message : String(error) });
      }
    };
    const pin = (managerPin: string | undefined) => (managerPin ? { managerPin } : {});
    return {
      shift: null,
      closedShift: null,
      dayReport: null,
      noSale: null,
      dayBusy: false,
      dayError: null,
      loadShift: () => run(async () => ({ shift: unwrap(await pos.day.shift({})) })),
      openShift: (floatMinor) =>
        run(async () => ({ shift: unwrap(await pos.day.openShift({ floatMinor })), closedShift: null })),
      closeShift: (countedMinor, managerPin) =>
        run(async () => ({
          closedShift: unwrap(await pos.day.closeShift({ countedMinor, ...pin(managerPin) })),
          shift: null,
        })),
      openDrawer: (reason, managerPin) =>
        run(async () => ({ noSale: unwrap(await pos.day.noSale({ reason, ...pin(managerPin) })) })),
      printXReport: () => run(async () => ({ dayReport: unwrap(await pos.day.xReport({})) })),
      printZReport: (managerPin) =>
        run(async () => ({ dayReport: unwrap(await pos.day.zReport({ ...pin(managerPin) })) })),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    day: DaySlice;
  }
}
