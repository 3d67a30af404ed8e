import type { StateCreator } from 'zustand';
import type { PosApi, StoredCardsView } from '../../src-main/lane/ipc/contract';
import { PosCallError, unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** A sale's customer on History: their stored cards, and a signature added after the approval. */
export interface CustomerSlice {
  /** The stored cards of `storedCardsOrder`'s customer, masked. */
  storedCards: StoredCardsView | null;
  storedCardsOrder: string | null;
  customerError: string | null;
  /** The order whose signature is being captured, to send once it is accepted. */
  signatureFor: string | null;
  /** What the last "Add signature" did. */
  signatureAdded: { readonly orderId: string; readonly saved: boolean; readonly reason: string | null } | null;
  loadStoredCards(orderId: string): Promise<void>;
  /** A refusal for want of a manager throws (`forbidden`) so the screen can ask for one. */
  deleteStoredCard(args: { orderId: string; acctid: string; managerPin?: string }): Promise<void>;
  /** Starts a signature capture on the screen; once the customer's signature is accepted it is sent for the order. */
  addSignature(orderId: string): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createCustomerSlice =
  (pos: PosApi): StateCreator<PosState, [], [], CustomerSlice> =>
  (set, get, store) => {
    const send = async (orderId: string) => {
      set({ signatureFor: null });
      try {
        const result = unwrap(await pos.terminal.addSignature({ orderId }));
        set({ signatureAdded: { orderId, ...result }, customerError: null });
      } catch (error) {
        set({ customerError: message(error) });
      }
    };
    // The capture ends on the signature screen: accepted, it is sent; canceled, nothing is.
    store.subscribe((state, previous) => {
      const orderId = state.signatureFor;
      if (!orderId || state.signature.state === previous.signature.state) return;
      if (state.signature.state === 'accepted') void send(orderId);
      else if (state.signature.state === 'idle') set({ signatureFor: null });
    });
    return {
      storedCards: null,
      storedCardsOrder: null,
      customerError: null,
      signatureFor: null,
      signatureAdded: null,
      async loadStoredCards(orderId) {
        set({ storedCardsOrder: orderId, storedCards: null, customerError: null });
        try {
          set({ storedCards: unwrap(await pos.terminal.storedCards({ orderId })) });
        } catch (error) {
          set({ customerError: message(error) });
        }
      },
      async deleteStoredCard(args) {
        try {
          set({ storedCards: unwrap(await pos.terminal.deleteStoredCard(args)), customerError: null });
        } catch (error) {
          if (error instanceof PosCallError && error.code === 'forbidden') throw error;
          set({ customerError: message(error) });
        }
      },
      async addSignature(orderId) {
        set({ signatureFor: orderId, signatureAdded: null, customerError: null });
        await get().beginSignature('screen');
        if (get().signature.state === 'idle') set({ signatureFor: null });
      },
    };
  };

declare module './pos-state' {
  interface PosSlices {
    customer: CustomerSlice;
  }
}
