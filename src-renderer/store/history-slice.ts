import type { StateCreator } from 'zustand';
import type {
  FollowUpSummary,
  JournalEntryView,
  LookupResult,
  PosApi,
  RefundReason,
  VoidReason,
} from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

export interface HistoryQuery {
  readonly lastFour: string;
  /** Minor units, or null for any amount. */
  readonly amountMinor: number | null;
  readonly orderId: string;
  /** YYYY-MM-DD, or empty for every day. */
  readonly day: string;
}

/** What the last action on the selected order did. */
export type HistoryOutcome =
  | { readonly kind: 'follow-up'; readonly summary: FollowUpSummary }
  | { readonly kind: 'reprint'; readonly printed: boolean; readonly problem: string | null; readonly png: string };

export interface HistorySlice {
  historyRows: JournalEntryView[];
  historyBusy: boolean;
  historyError: string | null;
  selectedOrderId: string | null;
  lookupResult: LookupResult | null;
  historyOutcome: HistoryOutcome | null;
  searchHistory(query: HistoryQuery): Promise<void>;
  selectOrder(orderId: string | null): void;
  inquireOrder(orderId: string): Promise<void>;
  /** Captures the selected order. A refusal for want of a manager throws (`forbidden`) so the screen can ask for one. */
  captureOrder(args: { orderId: string; tipMinor?: number; managerPin?: string }): Promise<void>;
  /**
   * Voids an order: the amount and reason the void dialog confirmed. Resolves with null when
   * done, or the refusal to show in the dialog; a refusal for want of a manager throws
   * (`forbidden`) so the screen can ask for one.
   */
  voidOrder(args: {
    orderId: string;
    amountMinor?: number;
    reason: VoidReason;
    managerPin?: string;
  }): Promise<string | null>;
  /**
   * Refunds the selected order: the amount and reason the refund dialog confirmed. Resolves with
   * null when done, or the refusal to show in the dialog; a refusal for want of a manager throws
   * (`forbidden`) so the screen can ask for one.
   */
  refundOrder(args: {
    orderId: string;
    amountMinor: number;
    reason: RefundReason;
    managerPin?: string;
  }): Promise<string | null>;
  reprintOrder(orderId: string): Promise<void>;
  settleByHand(args: { entryId: number; applied: boolean; note: string; managerPin?: string }): Promise<void>;
  recoverNow(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createHistorySlice =
  (pos: PosApi): StateCreator<PosState, [], [], HistorySlice> =>
  (set, get) => {
    let lastQuery: HistoryQuery = { lastFour: '', amountMinor: null, orderId: '', day: '' };
    const refresh = () => get().searchHistory(lastQuery);
    /** A void or refund the dialog confirmed: null when done, the refusal in words for the dialog, `forbidden` thrown for a manager. */
    const moneyBack = async (send: () => ReturnType<PosApi['terminal']['refund']>): Promise<string | null> => {
      set({ historyBusy: true, historyError: null, historyOutcome: null });
      try {
        const summary = unwrap(await send());
        set({ historyBusy: false, historyOutcome: { kind: 'follow-up', summary }, lookupResult: null });
        await refresh();
        return null;
      } catch (error) {
        set({ historyBusy: false });
        if (error instanceof PosCallError && error.code === 'forbidden') throw error;
        return message(error);
      }
    };
    return {
      historyRows: [],
      historyBusy: false,
      historyError: null,
      selectedOrderId: null,
      lookupResult: null,
      historyOutcome: null,
      async searchHistory(query) {
        lastQuery = query;
        set({ historyBusy: true, historyError: null });
        try {
          const rows = unwrap(
            await pos.terminal.history({
              ...(query.lastFour ? { lastFour: query.lastFour } : {}),
              ...(query.amountMinor !== null ? { amountMinor: query.amountMinor } : {}),
              ...(query.orderId ? { orderId: query.orderId } : {}),
              ...(query.day ? { day: query.day } : {}),
              limit: 200,
            }),
          );
          set({ historyRows: rows, historyBusy: false });
        } catch (error) {
          set({ historyBusy: false, historyError: `${message(error)} Check the search and try again.` });
        }
      },
      selectOrder: (selectedOrderId) =>
        set({ selectedOrderId, lookupResult: null, historyOutcome: null, historyError: null }),
      async inquireOrder(orderId) {
        set({ historyBusy: true, historyError: null });
        try {
          set({ lookupResult: unwrap(await pos.terminal.lookup({ orderId })), historyBusy: false });
        } catch (error) {
          set({ historyBusy: false, historyError: message(error) });
        }
      },
      async captureOrder(args) {
        set({ historyBusy: true, historyError: null, historyOutcome: null });
        try {
          const summary = unwrap(await pos.terminal.capture(args));
          set({ historyBusy: false, historyOutcome: { kind: 'follow-up', summary }, lookupResult: null });
          await refresh();
        } catch (error) {
          set({ historyBusy: false });
          if (error instanceof PosCallError && error.code === 'forbidden') throw error;
          set({ historyError: message(error) });
        }
      },
      voidOrder: (args) => moneyBack(() => pos.terminal.void(args)),
      refundOrder: (args) => moneyBack(() => pos.terminal.refund(args)),
      async reprintOrder(orderId) {
        set({ historyBusy: true, historyError: null });
        try {
          const reprint = unwrap(await pos.terminal.reprint({ orderId }));
          set({ historyBusy: false, historyOutcome: { kind: 'reprint', ...reprint } });
        } catch (error) {
          set({ historyBusy: false, historyError: message(error) });
        }
      },
      async settleByHand(args) {
        try {
          set({ recoveryQueue: unwrap(await pos.terminal.settleByHand(args)), historyError: null });
        } catch (error) {
          if (error instanceof PosCallError && error.code === 'forbidden') throw error;
          set({ historyError: message(error) });
        }
      },
      async recoverNow() {
        set({ historyBusy: true });
        try {
          const { settled, open } = unwrap(await pos.terminal.recover());
          set({
            historyBusy: false,
            historyError:
              open > 0 ? `${settled} settled; ${open} still unknown: the lane keeps checking in the background.` : null,
          });
          await get().refreshRecoveryQueue();
        } catch (error) {
          set({ historyBusy: false, historyError: message(error) });
        }
      },
    };
  };

declare module './pos-state' {
  interface PosSlices {
    history: HistorySlice;
  }
}
