import type { StateCreator } from 'zustand';
import { cartTotalMinor } from '../../src-main/lane/ipc/cart';
import type {
  CardEntry,
  CommandArgs,
  CustomerAnswered,
  CustomerView,
  PosApi,
  SignatureStrokesInput,
} from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** How the counter pays once the customer has chosen the tip: a card (presented or keyed) or the phone. */
export type TipThenPay = CardEntry | 'wallet';

/**
 * The customer display as the counter sees it (ADR 087): what the customer is looking at, the
 * tip asked there before the card, and the cashier taking a question back.
 */
export interface CustomerDisplaySlice {
  /** The lane's last view of the customer display; null until it answered. */
  customerView: CustomerView | null;
  /**
   * The tip this screen asked on the customer display, how it pays once the tip is chosen, and
   * the view that asked it (`seq`, 0 until the lane answered): a later view without the question
   * (the order cleared, the display gone) ends the wait.
   */
  tipAsked: { readonly then: TipThenPay; readonly seq: number } | null;
  /** The order amount the customer chose the tip for: not asked again for the same sale. */
  tipChosenFor: number | null;
  /** Applies a `customerDisplay.view` event, or an answer: the newest view stays. */
  setCustomerView(view: CustomerView): void;
  /** Asks the lane again (at every connection); a counter reloaded mid-order takes the order back. */
  refreshCustomerView(): Promise<void>;
  /** Applies a `customerDisplay.answered` event: a tip this screen asked goes on to the payment. */
  customerAnswered(answered: CustomerAnswered): void;
  /**
   * Before a card or phone payment: asks the customer for the tip on their display when one is
   * connected, the merchant takes tips and this sale has none chosen yet (a split's part, `partMinor`,
   * never asks). True when the payment waits (asked now, or still being chosen); false when it goes on now.
   */
  askTipFirst(then: TipThenPay, partMinor?: number): Promise<boolean>;
  /** The cashier takes the customer's question back, with the reason; null when done, or the refusal in words. */
  takeBackFromCustomer(reason: string): Promise<string | null>;
  /** Training's panel: the trainee answers as the customer would on their display; null, or the refusal. */
  answerAsCustomer(answer: CommandArgs<'customerDisplay.answer'>): Promise<string | null>;
  /** Training's panel: the trainee signs as the customer would on their display; null, or the refusal. */
  signAsCustomer(signature: SignatureStrokesInput): Promise<string | null>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the tip is a share of: the cart, or the keyed amount. */
const orderMinor = (state: PosState) =>
  state.cart.length > 0 ? cartTotalMinor(state.cart) : Number(state.amountDigits || '0');

export const createCustomerDisplaySlice =
  (pos: PosApi): StateCreator<PosState, [], [], CustomerDisplaySlice> =>
  (set, get) => ({
    customerView: null,
    tipAsked: null,
    tipChosenFor: null,
    setCustomerView(view) {
      const shown = get().customerView;
      if (shown && shown.seq > view.seq) return;
      // The display went away while the customer chose: the cashier pays without the display's tip.
      const lost = view.displays === 0 && get().tipAsked !== null;
      set({
        customerView: view,
        ...(lost ? { tipAsked: null, saleError: 'The customer display went away: set the tip here, then pay.' } : {}),
      });
    },
    async refreshCustomerView() {
      try {
        const view = unwrap(await pos.customerDisplay.view());
        get().setCustomerView(view);
        const state = get();
        // This counter was reloaded while an order was rung up: the lane still has it.
        if (
          state.info?.mode === 'counter' &&
          state.cart.length === 0 &&
          state.amountDigits === '' &&
          state.saleStage === 'entry' &&
          view.order &&
          view.order.lines.length > 0 &&
          !state.terminal?.sale
        )
          set({ cart: [...view.order.lines] });
      } catch {
        // Not answered: the counter works as without a customer display.
      }
    },
    customerAnswered({ answer }) {
      const asked = get().tipAsked;
      if (answer.kind !== 'tip' || asked === null) return;
      set({ tipAsked: null, tipMinor: answer.tipMinor, tipChosenFor: orderMinor(get()) });
      if (asked.then === 'wallet') void get().payByPhone();
      else void get().pay(asked.then);
    },
    async askTipFirst(then, partMinor) {
      const state = get();
      if (state.tipAsked !== null) return true;
      const view = state.customerView;
      const base = orderMinor(state);
      if (
        !state.tipsEnabled ||
        !view ||
        view.displays === 0 ||
        partMinor !== undefined ||
        state.dueMinor !== null ||
        state.splitTotalMinor !== null ||
        base <= 0 ||
        state.tipChosenFor === base
      )
        return false;
      try {
        set({ tipAsked: { then, seq: 0 }, saleError: null });
        const view = unwrap(await pos.customerDisplay.askTip({ baseMinor: base }));
        if (get().tipAsked?.then === then) set({ tipAsked: { then, seq: view.seq } });
        get().setCustomerView(view);
        return true;
      } catch (error) {
        // The display could not be asked (it went away): the cashier sets the tip here.
        set({ tipAsked: null, saleError: `${message(error)}` });
        return true;
      }
    },
    async answerAsCustomer(answer) {
      try {
        get().setCustomerView(unwrap(await pos.customerDisplay.answer(answer)));
        return null;
      } catch (error) {
        return message(error);
      }
    },
    async signAsCustomer(signature) {
      try {
        unwrap(await pos.signature.submit({ signature }));
        return null;
      } catch (error) {
        return message(error);
      }
    },
    async takeBackFromCustomer(reason) {
      try {
        get().setCustomerView(unwrap(await pos.customerDisplay.takeBack({ reason })));
        return null;
      } catch (error) {
        return message(error);
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    customerDisplay: CustomerDisplaySlice;
  }
}
