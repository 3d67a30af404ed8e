import type { StateCreator } from 'zustand';
import { cartTotalMinor, maxSaleMinor, type CartLine } from '../../src-main/lane/ipc/cart';
import type {
  CardEntry,
  CashPart,
  CashTenderView,
  CurrentSale,
  FollowUpSummary,
  KeyedEntryView,
  PosApi,
  SaleOutcomeNotice,
  SaleSummary,
  VoidReason,
} from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import { defaultConfirmAboveMinor, saleOptionsOf } from './sale-options';
import type { PosState } from './pos-state';

/** Where the counter's sale is: keying the amount, paying (card, signature, authorizing), or showing the result. */
export type SaleStage = 'entry' | 'paying' | 'result';

/** How a payment of the counter's sale is made: a card at the reader (or keyed), or the customer's phone wallet. */
export type SalePayment = 'card' | 'wallet';

export interface SaleSlice {
  /** The amount keyed on the keypad, as digits of cents ("1250" is $12.50). */
  amountDigits: string;
  cart: CartLine[];
  tipMinor: number;
  /** Whether this merchant takes tips (payments.tips). */
  tipsEnabled: boolean;
  /** A sale above this many minor units is confirmed by the cashier first (payments.confirmAboveMinor). */
  confirmAboveMinor: number;
  /** Whether the customer may pay on their phone through the pay link (wallet.enabled). */
  walletEnabled: boolean;
  /** Whether the lane takes cards on an integrated terminal (payments.device): no card is keyed at the counter. */
  cardOnTerminal: boolean;
  /** How the payment under way is made: a card (presented or keyed) or the customer's phone. */
  payingBy: SalePayment;
  saleStage: SaleStage;
  /** The sales of this customer so far: one, or several after a partial approval. */
  saleResults: SaleSummary[];
  /** What the sale still owes: after a partial approval, or while it is paid in parts (split). */
  dueMinor: number | null;
  /** The whole sale while it is paid in parts on purpose (split tender); null for a sale of one payment. */
  splitTotalMinor: number | null;
  /** The cash taken toward this sale, in the order it was taken. */
  cashParts: CashPart[];
  /** The last cash taken (`terminal.cash`'s answer): its change and the drawer; null until cash is taken. */
  cashTender: CashTenderView | null;
  /**
   * The last result is the outcome told before its receipts (`terminal.outcome`): its print
   * status and preview are still to come with the payment's answer, and nothing else may start.
   */
  receiptPending: boolean;
  /** After a partial approval: the rest taken outside the lane, as the journal recorded it (the sale is complete). */
  restTakenOutsideMinor: number | null;
  saleError: string | null;
  /** The last void or reprint done from the result screen. */
  saleFollowUp:
    | { readonly kind: 'void'; readonly summary: FollowUpSummary }
    | { readonly kind: 'reprint'; readonly printed: boolean; readonly problem: string | null }
    | null;
  /** The keyed card being typed, as the main process echoes it (masked). */
  keyedEntry: KeyedEntryView | null;
  /** Applies a `terminal.outcome` event: the outcome shows now, the receipt parts follow. */
  outcomeKnown(notice: SaleOutcomeNotice): void;
  /** Applies a `terminal.keyEntry` event. */
  setKeyedEntry(view: KeyedEntryView): void;
  /** One key of a keyed card, straight to the main process; nothing of it is kept here. */
  keyEntry(key: string): Promise<void>;
  loadSaleOptions(): Promise<void>;
  typeDigit(digit: string): void;
  eraseDigit(): void;
  clearAmount(): void;
  addCartLine(line: CartLine): void;
  removeCartLine(index: number): void;
  setTip(minor: number): void;
  /** What the customer pays now: the cart (or the keyed amount) and the tip, or what is still due. */
  saleTotalMinor(): number;
  /**
   * Starts the card payment: the reader waits for the card (or the cashier keys it), then
   * signature and authorization as needed. `partMinor`: only this part of what is owed (split tender).
   */
  pay(entry?: CardEntry, partMinor?: number): Promise<void>;
  /** Starts a phone payment: the lane publishes a pay link (its QR code) and waits for the wallet's payment. */
  payByPhone(partMinor?: number): Promise<void>;
  cancelSale(): Promise<void>;
  /** The customer accepted the surcharge the sale shows (`confirm-fee`): the card is authorized. */
  confirmFee(): Promise<void>;
  /** After a decline: the same amount, cart and tip on another card. */
  tryAnotherCard(): Promise<void>;
  /** After a decline or a refused phone payment: the same amount, cart and tip with a new pay link. */
  payByPhoneAgain(): Promise<void>;
  /** After a partial approval: the rest was taken outside the lane (cash, a check); the lane journals it and the sale is complete. */
  takeRestOutside(): Promise<void>;
  /**
   * Voids the last approval (a partial one the customer does not want) for the reason the void
   * dialog confirmed: null when sent, or the refusal in words; throws `forbidden` for a manager.
   */
  voidLastSale(request: { reason: VoidReason; managerPin?: string }): Promise<string | null>;
  reprintLastSale(): Promise<void>;
  /** Ends the customer's sale here and in the main process, which holds it for every screen. */
  newSale(): Promise<void>;
  /**
   * The cashier chose to leave a sale whose outcome is unknown (the customer may have been
   * charged): the core journals the choice. Null when left, or the refusal in words.
   */
  leaveUnknownSale(): Promise<string | null>;
  /**
   * Rebuilds the sale screen from the sale the main process holds (with `terminal.state`): a
   * reload, or a second window, shows the card wait with its amount and Cancel, the result, and
   * what is still owed. While this screen's own payment call runs, its answer rules.
   */
  adoptSale(sale: CurrentSale | null): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createSaleSlice =
  (pos: PosApi): StateCreator<PosState, [], [], SaleSlice> =>
  (set, get) => {
    const entry = {
      amountDigits: '',
      cart: [],
      tipMinor: 0,
      saleStage: 'entry' as const,
      saleResults: [],
      dueMinor: null,
      splitTotalMinor: null,
      cashParts: [],
      cashTender: null,
      receiptPending: false,
      restTakenOutsideMinor: null,
      saleError: null,
      saleFollowUp: null,
      tipChosenFor: null, // a new sale's tip is the customer's to choose again
    };
    // This screen's own payment call is under way: the main process's events about it are not news here.
    let charging = false;

    const charge = async (
      amountMinor: number,
      extra: { tipMinor?: number; cart?: CartLine[]; entry?: 'keyed'; totalMinor?: number },
      payingBy: SalePayment = 'card',
    ) => {
      // What was owed before this payment (the balance, the split sale's total, or this amount):
      // read now, since the outcome told before the receipts brings the balance after it.
      const { dueMinor: due, splitTotalMinor } = get();
      const before = due ?? extra.totalMinor ?? splitTotalMinor ?? amountMinor;
      set({ saleStage: 'paying', saleError: null, saleFollowUp: null, payingBy });
      charging = true;
      try {
        // The phone pays through the pay link: no reader, so no entry; the tip and cart go as with a card.
        const { entry: _cardEntry, ...details } = extra;
        const summary = unwrap(
          payingBy === 'wallet'
            ? await pos.terminal.walletSale({ amountMinor, ...details })
            : await pos.terminal.sale({ amountMinor, ...extra, ...get().takeSaveCard() }),
        );
        const { receiptPending, saleResults: shown } = get();
        // The outcome told before the receipts is the one this answer completes.
        const saleResults = [...(receiptPending ? shown.slice(0, -1) : shown), summary];
        const tookMoney = summary.outcome === 'partial' || summary.outcome === 'approved';
        const left = before - summary.approvedMinor;
        const dueMinor = tookMoney ? (left > 0 ? left : null) : due;
        // A split part approved in full: the sale goes on at "Remaining to pay" with its parts listed.
        const saleStage = summary.outcome === 'approved' && dueMinor !== null ? 'entry' : 'result';
        set({ saleStage, saleResults, dueMinor, receiptPending: false });
      } catch (error) {
        if (get().receiptPending) {
          // The outcome is on the screen and stays: only the receipt's part went wrong.
          set({ saleStage: 'result', receiptPending: false, saleError: message(error) });
          return;
        }
        // Nothing was charged (no card in time, canceled, refused before sending): back to the
        // amount, or, while a partial approval still owes the rest, back to its ways out.
        const owing = get().dueMinor !== null && get().saleResults.some((result) => result.outcome === 'partial');
        set({ saleStage: owing ? 'result' : 'entry', saleError: message(error) });
      } finally {
        charging = false;
      }
    };

    /**
     * What goes with the amount: the cart and the tip of this sale, or nothing when only the rest
     * after a partial approval is due (the tip and lines went with the first approval).
     */
    const saleExtras = (): { tipMinor?: number; cart?: CartLine[] } => {
      const { dueMinor, tipMinor, cart, splitTotalMinor } = get();
      // A split's parts each carry only their amount: the lines and the tip are the whole sale's.
      if (dueMinor !== null || splitTotalMinor !== null) return {};
      return { ...(tipMinor > 0 ? { tipMinor } : {}), ...(cart.length > 0 ? { cart } : {}) };
    };

    /** The declined (or refused) payment again, by card or by phone. */
    const chargeAgain = async (payingBy: SalePayment) => {
      const last = get().saleResults.at(-1);
      if (!last) return;
      set({ saleResults: get().saleResults.slice(0, -1) });
      // The same sale again: its lines and tip go again, or the declined payment's order
      // would reach the gateway without the details the first one carried.
      const { dueMinor, splitTotalMinor } = get();
      const firstPart = dueMinor === null && splitTotalMinor !== null ? { totalMinor: splitTotalMinor } : {};
      await charge(last.requestedMinor, { ...saleExtras(), ...firstPart }, payingBy);
    };

    /**
     * This payment's amount: all that is owed, or (split tender) the part keyed; the first part of
     * a sale that owes nothing yet names the sale's total, which the screen keeps from then on.
     */
    const partOf = (owed: number, partMinor: number | undefined): { amountMinor: number; totalMinor?: number } => {
      if (partMinor === undefined || partMinor >= owed) {
        // All of a sale that owes nothing yet: no split (an earlier part may have been canceled).
        if (get().dueMinor === null) set({ splitTotalMinor: null });
        return { amountMinor: owed };
      }
      if (get().dueMinor !== null) return { amountMinor: partMinor };
      set({ splitTotalMinor: owed });
      return { amountMinor: partMinor, totalMinor: owed };
    };

    return {
      ...entry,
      tipsEnabled: false,
      confirmAboveMinor: defaultConfirmAboveMinor,
      walletEnabled: false,
      cardOnTerminal: false,
      payingBy: 'card',
      keyedEntry: null,
      outcomeKnown(notice) {
        const { saleStage, receiptPending, saleResults } = get();
        if (saleStage !== 'paying' || receiptPending) return;
        const { dueMinor, ...words } = notice;
        const shown: SaleSummary = { ...words, printed: false, printProblem: null, receiptPng: null };
        set({ saleStage: 'result', saleResults: [...saleResults, shown], dueMinor, receiptPending: true });
      },
      setKeyedEntry: (keyedEntry) => set({ keyedEntry }),
      async keyEntry(key) {
        try {
          set({ keyedEntry: unwrap(await pos.terminal.keyEntry({ key })) });
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      async loadSaleOptions() {
        try {
          const view = unwrap(await pos.settings.get());
          set(saleOptionsOf(view));
        } catch {
          // Without the settings the lane still sells, without tips.
        }
      },
      typeDigit(digit) {
        const { amountDigits, cart } = get();
        if (!/^\d$/.test(digit) || cart.length > 0) return;
        const next = (amountDigits + digit).replace(/^0+/, '');
        if (Number(next) > maxSaleMinor) return;
        set({ amountDigits: next, saleError: null });
      },
      eraseDigit: () => set((state) => ({ amountDigits: state.amountDigits.slice(0, -1) })),
      clearAmount: () => set({ amountDigits: '', cart: [], tipMinor: 0, tipChosenFor: null, saleError: null }),
      addCartLine: (line) => set((state) => ({ cart: [...state.cart, line], amountDigits: '', saleError: null })),
      removeCartLine: (index) => set((state) => ({ cart: state.cart.filter((_, i) => i !== index) })),
      setTip: (tipMinor) => set({ tipMinor }),
      saleTotalMinor() {
        const { amountDigits, cart, tipMinor, dueMinor } = get();
        if (dueMinor !== null) return dueMinor;
        return (cart.length > 0 ? cartTotalMinor(cart) : Number(amountDigits || '0')) + tipMinor;
      },
      async pay(entry = 'card', partMinor) {
        // The customer chooses the tip on their display first; the payment starts with the answer.
        if (get().saleStage === 'paying' || (await get().askTipFirst(entry, partMinor))) return;
        const state = get();
        const total = state.saleTotalMinor();
        if (total <= 0) return set({ saleError: 'Key the amount first, or add items to the cart.' });
        const keyed = entry === 'keyed' ? { entry: 'keyed' as const } : {};
        const { amountMinor, ...first } = partOf(total, partMinor);
        await charge(amountMinor, { ...keyed, ...saleExtras(), ...first });
      },
      async payByPhone(partMinor) {
        if (get().saleStage === 'paying' || (await get().askTipFirst('wallet', partMinor))) return;
        const state = get();
        const total = state.saleTotalMinor();
        if (total <= 0) return set({ saleError: 'Key the amount first, or add items to the cart.' });
        const { amountMinor, ...first } = partOf(total, partMinor);
        await charge(amountMinor, { ...saleExtras(), ...first }, 'wallet');
      },
      async cancelSale() {
        try {
          unwrap(await pos.terminal.cancel());
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      async confirmFee() {
        try {
          unwrap(await pos.terminal.confirmFee());
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      async takeRestOutside() {
        const { dueMinor } = get();
        if (dueMinor === null) return;
        try {
          const state = unwrap(await pos.terminal.restTakenOutside({ amountMinor: dueMinor }));
          set({ saleError: null });
          get().setTerminal(state);
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      tryAnotherCard: () => chargeAgain('card'),
      payByPhoneAgain: () => chargeAgain('wallet'),
      async voidLastSale(request) {
        const last = get().saleResults.at(-1);
        if (!last) return null;
        try {
          const summary = unwrap(await pos.terminal.void({ orderId: last.orderId, ...request }));
          set({
            saleFollowUp: { kind: 'void', summary },
            ...(summary.outcome === 'approved' ? { dueMinor: null } : {}),
          });
          return null;
        } catch (error) {
          if (error instanceof PosCallError && error.code === 'forbidden') throw error;
          return message(error);
        }
      },
      async reprintLastSale() {
        const last = get().saleResults.at(-1);
        if (!last) return;
        try {
          const reprint = unwrap(await pos.terminal.reprint({ orderId: last.orderId }));
          set({ saleFollowUp: { kind: 'reprint', printed: reprint.printed, problem: reprint.problem } });
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      async leaveUnknownSale() {
        try {
          unwrap(await pos.terminal.newSale({ leaveUnknown: true }));
          set({ ...entry });
          return null;
        } catch (error) {
          return message(error);
        }
      },
      async newSale() {
        set({ ...entry });
        try {
          unwrap(await pos.terminal.newSale());
        } catch (error) {
          set({ saleError: message(error) });
        }
      },
      adoptSale(sale) {
        const state = get();
        if (charging || state.cashBusy) return;
        if (!sale) {
          // Another screen began the next sale (or the sale's paid parts went back).
          const begun = state.saleResults.length > 0 || state.dueMinor !== null || state.cashParts.length > 0;
          if (state.saleStage !== 'entry' || begun) set({ ...entry });
          return;
        }
        // This payment's outcome shows already (told before its receipts): its end is news, its phases are not.
        if (sale.running && state.receiptPending) return;
        const kept = {
          receiptPending: false,
          saleResults: [...sale.results],
          dueMinor: sale.dueMinor,
          restTakenOutsideMinor: sale.restTakenOutsideMinor,
          tipMinor: sale.tipMinor,
          cart: sale.cart ? [...sale.cart] : [],
          splitTotalMinor: sale.totalMinor,
          cashParts: [...sale.cash],
        };
        const last = sale.results.at(-1);
        // A split that owes money with its last part in (a card approved in full, or cash): "Remaining to pay".
        const owingAfterPart = sale.dueMinor !== null && (last === undefined || last.outcome === 'approved');
        if (sale.running)
          set({
            ...kept,
            saleStage: 'paying',
            saleError: null,
            payingBy: sale.tender === 'wallet' ? 'wallet' : 'card',
          });
        else if (owingAfterPart) set({ ...kept, saleStage: 'entry' });
        else if (sale.results.length > 0) set({ ...kept, saleStage: 'result' });
        else if (state.saleStage === 'paying') set({ ...kept, saleStage: 'entry', saleError: sale.problem });
      },
    };
  };

declare module './pos-state' {
  interface PosSlices {
    sale: SaleSlice;
  }
}
