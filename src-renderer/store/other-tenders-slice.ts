import type { StateCreator } from 'zustand';
import type { CardEntry, PosApi, SaleSummary } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/**
 * A payment of the whole sale by one of the counter's other tenders: an authorization to capture
 * later, a forced sale on the issuer's voice authorization code, or an electronic check (ACH).
 */
export type OtherPayment =
  | { readonly kind: 'authorize'; readonly entry?: CardEntry }
  | {
      readonly kind: 'forced-sale';
      readonly voiceAuthcode: string;
      readonly entry?: CardEntry;
      readonly managerPin?: string;
    }
  | {
      readonly kind: 'ach';
      readonly routing: string;
      readonly account: string;
      readonly accountType: 'checking' | 'savings';
      readonly name: string;
    };

/** The counter's other tenders (issue 37): they run as the sale's payment, shown by the sale screen like a card's. */
export interface OtherTendersSlice {
  /**
   * Pays what the sale owes by `payment`. Null when the payment ran (its outcome is the sale's
   * last result), or the refusal in words, also shown as the sale's error (a forced sale without
   * a manager's PIN that the lane takes is refused so, with nothing started).
   */
  payOther(payment: OtherPayment): Promise<string | null>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createOtherTendersSlice =
  (pos: PosApi): StateCreator<PosState, [], [], OtherTendersSlice> =>
  (set, get) => ({
    async payOther(payment) {
      const state = get();
      if (state.saleStage === 'paying' || state.cashBusy) return 'A payment is under way: wait for it to end.';
      if (state.dueMinor !== null || state.splitTotalMinor !== null)
        return 'This sale is being paid in parts: take the rest by card, phone or cash.';
      const amountMinor = state.saleTotalMinor();
      if (amountMinor <= 0) return 'Key the amount first, or add items to the cart.';
      const { tipMinor, cart } = state;
      const details = { ...(tipMinor > 0 ? { tipMinor } : {}), ...(cart.length > 0 ? { cart } : {}) };
      set({ saleStage: 'paying', saleError: null, saleFollowUp: null, payingBy: 'card' });
      try {
        const reply =
          payment.kind === 'ach'
            ? await pos.terminal.achSale({
                amountMinor,
                routing: payment.routing,
                account: payment.account,
                accountType: payment.accountType,
                name: payment.name,
              })
            : await pos.terminal.sale({
                amountMinor,
                ...details,
                tender: payment.kind,
                ...(payment.entry === 'keyed' ? { entry: 'keyed' as const } : {}),
                ...(payment.kind === 'forced-sale'
                  ? {
                      voiceAuthcode: payment.voiceAuthcode,
                      ...(payment.managerPin ? { managerPin: payment.managerPin } : {}),
                    }
                  : {}),
              });
        const summary: SaleSummary = unwrap(reply);
        // The outcome told before the receipts, or the lane's own news of the sale, may show it already.
        const shown = get().saleResults.filter((result) => result.orderId !== summary.orderId);
        set({ saleStage: 'result', saleResults: [...shown, summary], dueMinor: null, receiptPending: false });
        return null;
      } catch (error) {
        if (get().receiptPending) {
          // The outcome is on the screen and stays: only the receipt's part went wrong.
          set({ saleStage: 'result', receiptPending: false, saleError: message(error) });
          return null;
        }
        // Nothing was charged (refused, canceled, no card in time, a wrong manager's PIN): back to the amount, saying why.
        set({ saleStage: 'entry', saleError: message(error) });
        return message(error);
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    otherTenders: OtherTendersSlice;
  }
}
