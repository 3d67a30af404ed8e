import type { StateCreator } from 'zustand';
import type { PosApi, SaleSummary, SaveCardConsent, StoredCardInitiator } from '../../src-main/lane/ipc/contract';
import { saveCardConsentWords } from './save-card-words';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** A charge to a stored card from History, and what came of it. */
export interface StoredCardChargeRequest {
  readonly orderId: string;
  /** "<20-digit profile id>/<account id>", from the stored cards the lane listed. */
  readonly profile: string;
  readonly amountMinor: number;
  readonly initiated: StoredCardInitiator;
}

/**
 * Cards on file (ADR 089): the counter's "save card on file, the customer agrees" for the next
 * card sale, and History's charge to a stored card.
 */
export interface CardOnFileSlice {
  /** Ticked: the next card sale saves the card, with the customer's consent to `saveCardConsentWords`. */
  saveCardConsent: boolean;
  setSaveCardConsent(agreed: boolean): void;
  /** The consent the card sale starting now carries, taken once: the tick clears for the next customer. */
  takeSaveCard(): { saveCard?: SaveCardConsent };
  /** The last charge to a stored card, for the order whose customer it was. */
  storedCardCharge: { readonly orderId: string; readonly summary: SaleSummary } | null;
  storedCardChargeError: string | null;
  chargingStoredCard: boolean;
  chargeStoredCard(request: StoredCardChargeRequest): Promise<void>;
  clearStoredCardCharge(): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createCardOnFileSlice =
  (pos: PosApi): StateCreator<PosState, [], [], CardOnFileSlice> =>
  (set, get) => ({
    saveCardConsent: false,
    setSaveCardConsent: (agreed) => set({ saveCardConsent: agreed }),
    takeSaveCard() {
      if (!get().saveCardConsent) return {};
      set({ saveCardConsent: false });
      return { saveCard: { agreed: true, words: saveCardConsentWords } };
    },
    storedCardCharge: null,
    storedCardChargeError: null,
    chargingStoredCard: false,
    async chargeStoredCard({ orderId, profile, amountMinor, initiated }) {
      set({ chargingStoredCard: true, storedCardCharge: null, storedCardChargeError: null });
      try {
        const summary = unwrap(await pos.terminal.profileSale({ amountMinor, profile, initiated }));
        set({ storedCardCharge: { orderId, summary } });
        // The charge is the whole of this customer's sale: the lane is left ready for the next one.
        if (summary.outcome === 'approved' || summary.outcome === 'declined') await pos.terminal.newSale({});
      } catch (error) {
        set({ storedCardChargeError: message(error) });
      } finally {
        set({ chargingStoredCard: false });
      }
    },
    clearStoredCardCharge: () => set({ storedCardCharge: null, storedCardChargeError: null }),
  });

declare module './pos-state' {
  interface PosSlices {
    cardOnFile: CardOnFileSlice;
  }
}
