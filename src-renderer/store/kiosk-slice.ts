import type { StateCreator } from 'zustand';
import type { KioskCatalogue, KioskState, PosApi, SaleSummary } from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/**
 * Something the kiosk's customer is told about beside the screen: a touch that was refused. (A
 * scan's refusal is the kiosk's own `scanProblem`: scanners are read in the main process.)
 */
export type KioskNotice = { readonly kind: 'failed'; readonly message: string };

/** How the customer pays the basket: the card reader, or the phone (wallet.enabled). */
export type KioskTender = 'card' | 'wallet';

export interface KioskSlice {
  /** The visit as the main process holds it: the step, the basket, the service state; null until it answers. */
  kiosk: KioskState | null;
  catalogue: KioskCatalogue | null;
  /** The customer's language for this visit; the store's first until they choose. */
  kioskLanguage: string;
  /** Accessibility mode for this visit: larger text, controls low on the screen, longer time limits. */
  accessible: boolean;
  /** The staff panel is open (its sign-in, or the staff screen once signed in). */
  staffMode: boolean;
  kioskNotice: KioskNotice | null;
  /** How long the reader waits for a card (payments.cardTimeoutSeconds), for the countdown. */
  cardTimeoutSeconds: number;
  /** The payments this kiosk took since it started, newest last: staff void or reprint the last one. */
  kioskPayments: SaleSummary[];
  /** What the last staff action did, or why it did not, in staff's words. */
  staffNote: string | null;
  loadKiosk(): Promise<void>;
  /** Applies a `kiosk.state` event. */
  setKiosk(state: KioskState): void;
  chooseLanguage(language: string): void;
  toggleAccessible(): void;
  openStaff(): void;
  /** Leaves the staff panel, signing out whoever signed in on it. */
  closeStaff(): Promise<void>;
  dismissKioskNotice(): void;
  startVisit(): Promise<void>;
  addItem(itemId: string): Promise<void>;
  setLineQuantity(itemId: string, quantity: number): Promise<void>;
  /** Pays what the basket owes; the `terminal.state` events show its progress. */
  payBasket(tender: KioskTender): Promise<void>;
  /** While the reader waits for a card: that wait is canceled (nothing charged) and the phone pays instead. */
  payOnPhoneInstead(): Promise<void>;
  /** Cancel while the card or the signature is awaited: nothing is charged. */
  cancelPayment(): Promise<void>;
  chooseReceipt(print: boolean): Promise<void>;
  finishVisit(): Promise<void>;
  abandonVisit(reason: 'idle' | 'customer' | 'staff'): Promise<void>;
  setService(inService: boolean, message?: string): Promise<void>;
  /** The customer asks for a member of staff from the help screen (kiosk.callStaff). */
  callStaff(): Promise<void>;
  /** Staff void one approved payment of this visit, once they confirmed its amount, card and order. */
  voidPayment(orderId: string): Promise<void>;
  /** Staff clear the order, giving back exactly the payments `voids` they confirmed. */
  clearOrder(voids: readonly string[]): Promise<void>;
  reprintLastPayment(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createKioskSlice =
  (pos: PosApi): StateCreator<PosState, [], [], KioskSlice> =>
  (set, get) => {
    // The card payment under way from this screen, so "pay on your phone instead" waits for it to end.
    let payment: Promise<void> | null = null;

    /** Runs a kiosk command whose answer is the new kiosk state; a refusal becomes the customer's notice. */
    const step = async (send: () => Promise<KioskState>) => {
      try {
        get().setKiosk(await send());
        set({ kioskNotice: null });
      } catch (error) {
        set({ kioskNotice: { kind: 'failed', message: message(error) } });
      }
    };

    /** A staff action's answer, for the staff screen. */
    const staffAction = async (run: () => Promise<string>) => {
      try {
        set({ staffNote: await run() });
      } catch (error) {
        set({ staffNote: message(error) });
      }
    };

    return {
      kiosk: null,
      catalogue: null,
      kioskLanguage: 'en',
      accessible: false,
      staffMode: false,
      kioskNotice: null,
      cardTimeoutSeconds: 60,
      kioskPayments: [],
      staffNote: null,
      async loadKiosk() {
        try {
          const [state, catalogue] = await Promise.all([pos.kiosk.state(), pos.kiosk.catalogue()]);
          get().setKiosk(unwrap(state));
          set({ catalogue: unwrap(catalogue) });
        } catch {
          // The connection slice says the kiosk is unreachable; the next connection loads again.
        }
        try {
          const seconds = unwrap(await pos.settings.get()).values['payments.cardTimeoutSeconds'];
          if (typeof seconds === 'number') set({ cardTimeoutSeconds: seconds });
        } catch {
          // Without the settings the countdown counts the reader's default wait.
        }
      },
      setKiosk(kiosk) {
        const previous = get().kiosk;
        // A new customer starts in the store's language, without the last customer's choices.
        const newCustomer = kiosk.step === 'welcome' && previous?.step !== 'welcome';
        set({
          kiosk,
          ...(newCustomer || !previous
            ? { kioskLanguage: kiosk.languages[0] ?? 'en', accessible: false, kioskNotice: null }
            : {}),
        });
      },
      chooseLanguage: (kioskLanguage) => set({ kioskLanguage }),
      toggleAccessible: () => set((state) => ({ accessible: !state.accessible })),
      openStaff: () => set({ staffMode: true, staffNote: null, signInError: null }),
      async closeStaff() {
        set({ staffMode: false, staffNote: null });
        if (get().staff) await get().signOut();
      },
      dismissKioskNotice: () => set({ kioskNotice: null }),
      startVisit: () => step(async () => unwrap(await pos.kiosk.start())),
      addItem: (itemId) => step(async () => unwrap(await pos.kiosk.add({ itemId, quantity: 1 }))),
      setLineQuantity: (itemId, quantity) =>
        step(async () => unwrap(await pos.kiosk.setQuantity({ itemId, quantity }))),
      async payBasket(tender) {
        if (payment) return;
        set({ kioskNotice: null });
        payment = (async () => {
          try {
            // The phone's pay page speaks the visit's language, as this screen does.
            const summary = unwrap(await pos.kiosk.pay({ tender, language: get().kioskLanguage }));
            set((state) => ({ kioskPayments: [...state.kioskPayments, summary] }));
          } catch {
            // Nothing was charged (canceled, no card in time): the sale's problem says so on screen.
          }
        })();
        try {
          await payment;
        } finally {
          payment = null;
        }
      },
      async payOnPhoneInstead() {
        const waiting = payment;
        await get().cancelPayment();
        await waiting;
        await get().payBasket('wallet');
      },
      async cancelPayment() {
        try {
          unwrap(await pos.terminal.cancel());
        } catch (error) {
          set({ kioskNotice: { kind: 'failed', message: message(error) } });
        }
      },
      chooseReceipt: (print) => step(async () => unwrap(await pos.kiosk.receipt({ print }))),
      finishVisit: () => step(async () => unwrap(await pos.kiosk.finish())),
      abandonVisit: (reason) => step(async () => unwrap(await pos.kiosk.abandon({ reason }))),
      callStaff: () => step(async () => unwrap(await pos.kiosk.callStaff())),
      setService: (inService, note) =>
        staffAction(async () => {
          get().setKiosk(unwrap(await pos.kiosk.setService({ inService, ...(note ? { message: note } : {}) })));
          return inService ? 'The kiosk is back in service.' : 'The kiosk is out of service.';
        }),
      voidPayment: (orderId) =>
        staffAction(async () => {
          get().setKiosk(unwrap(await pos.kiosk.voidPayment({ orderId })));
          return `Payment ${orderId} voided: the money goes back to the card.`;
        }),
      clearOrder: (voids) =>
        staffAction(async () => {
          get().setKiosk(unwrap(await pos.kiosk.abandon({ reason: 'staff', voids: [...voids] })));
          return voids.length > 0
            ? `The order was cleared and ${voids.length === 1 ? 'its payment' : `its ${voids.length} payments`} voided.`
            : 'The order was cleared.';
        }),
      reprintLastPayment: () =>
        staffAction(async () => {
          const last = get().kioskPayments.at(-1) ?? get().terminal?.sale?.results.at(-1);
          if (!last) return 'No payment to reprint yet.';
          const reprint = unwrap(await pos.terminal.reprint({ orderId: last.orderId }));
          return reprint.printed
            ? `Receipt of ${last.orderId} printed again.`
            : `Not printed: ${reprint.problem ?? 'no printer'}.`;
        }),
    };
  };

declare module './pos-state' {
  interface PosSlices {
    kiosk: KioskSlice;
  }
}
