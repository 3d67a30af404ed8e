import type { StateCreator } from 'zustand';
import type { CashTenderView, PosApi, ReturnedPartsView } from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** Cash at the counter's sale, and cancelling a sale whose parts were paid (split tender). */
export interface CashSlice {
  /** True while `terminal.cash` runs: the terminal's own news of it waits for its answer. */
  cashBusy: boolean;
  /**
   * Takes the cash handed over toward the sale. With nothing owed yet, the sale's amount goes
   * with it (cash that does not cover it is the first part of a split); while the sale owes
   * money, the cash pays toward that. The main process's answer, or the refusal in words.
   */
  payCash(tenderedMinor: number): Promise<CashTenderView | string>;
  /**
   * Cancels the sale with its paid parts, each going back (cards voided or refunded, cash handed
   * back): each part's end, or the refusal in words; throws `forbidden` when a manager must approve.
   */
  returnParts(request: { reason: string; managerPin?: string }): Promise<ReturnedPartsView | string>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createCashSlice =
  (pos: PosApi): StateCreator<PosState, [], [], CashSlice> =>
  (set, get) => ({
    cashBusy: false,
    async payCash(tenderedMinor) {
      const state = get();
      if (state.saleStage === 'paying' || state.cashBusy) return 'A payment is under way: wait for it to end.';
      const owed = state.saleTotalMinor();
      if (owed <= 0) {
        const words = 'Key the amount first, or add items to the cart.';
        set({ saleError: words });
        return words;
      }
      // The first money toward a sale names the sale: its amount and its lines.
      const totalMinor = state.dueMinor === null ? owed : null;
      const sale = totalMinor !== null ? { totalMinor, ...(state.cart.length > 0 ? { cart: state.cart } : {}) } : {};
      set({ cashBusy: true, saleError: null, saleFollowUp: null });
      try {
        const view = unwrap(await pos.terminal.cash({ tenderedMinor, ...sale }));
        const { cashParts, splitTotalMinor } = get();
        const part = {
          orderId: view.orderId,
          appliedMinor: view.appliedMinor,
          tenderedMinor: view.tenderedMinor,
          changeMinor: view.changeMinor,
          returned: false,
        };
        set({
          cashBusy: false,
          cashTender: view,
          dueMinor: view.dueMinor,
          splitTotalMinor: view.dueMinor !== null ? (splitTotalMinor ?? totalMinor) : splitTotalMinor,
          cashParts: cashParts.some((known) => known.orderId === view.orderId) ? cashParts : [...cashParts, part],
          saleStage: 'entry',
        });
        return view;
      } catch (error) {
        const words = message(error);
        set({ cashBusy: false, saleError: words });
        return words;
      }
    },
    async returnParts(request) {
      try {
        const view = unwrap(await pos.terminal.returnParts(request));
        get().setTerminal(view.state);
        return view;
      } catch (error) {
        if (error instanceof PosCallError && error.code === 'forbidden') throw error;
        return message(error);
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    cash: CashSlice;
  }
}
