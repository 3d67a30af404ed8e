import type { StateCreator } from 'zustand';
import type { PosApi, ReceiptOutboxView } from '../../src-main/lane/ipc/contract';
import { addressProblem, maskAddress } from '../../src-main/lane/receipt-mail/address';
import { maskPhone, phoneNumberOf } from '../../src-main/lane/receipt-mail/phone';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

/** How a receipt goes without paper: an email, or a text through the store's SMS gateway. */
export type ReceiptChannel = 'email' | 'sms';

/**
 * The last emailed or texted receipt asked for from this screen: sending, queued in the lane's
 * outbox (to the masked address or number), or refused with the main process's words.
 */
export type ReceiptSend =
  | { readonly orderId: string; readonly channel: ReceiptChannel; readonly to: string; readonly state: 'sending' }
  | { readonly orderId: string; readonly channel: ReceiptChannel; readonly to: string; readonly state: 'queued' }
  | {
      readonly orderId: string;
      readonly channel: ReceiptChannel;
      readonly to: string;
      readonly state: 'refused';
      readonly message: string;
    };

/**
 * Why what was typed cannot take this receipt, in words naming what is wrong, or null when it can.
 * The main process's own rules (ADR 071), so the page refuses exactly what the lane would.
 */
export function receiptTargetProblem(channel: ReceiptChannel, typed: string): string | null {
  const text = typed.trim();
  if (channel === 'email') {
    const problem = addressProblem(text);
    return problem ? `That is not an email address: ${problem}.` : null;
  }
  const number = phoneNumberOf(text);
  return 'problem' in number
    ? `That phone number cannot take a text (it needs + and the country code, or 10 digits): ${number.problem}.`
    : null;
}

/** "Receipt queued for j••••@example.com", or the main process's refusal. */
export function receiptSendWords(send: ReceiptSend): string {
  switch (send.state) {
    case 'sending':
      return `Queuing the receipt for ${send.to}\u2026`;
    case 'queued':
      return `Receipt queued for ${send.to}`;
    case 'refused':
      return `Not queued: ${send.message}`;
  }
}

export interface ReceiptSlice {
  receiptSend: ReceiptSend | null;
  /** The outbox as `receipts.outbox` last answered; null until asked. */
  receiptOutbox: ReceiptOutboxView | null;
  receiptOutboxError: string | null;
  /**
   * Queues the order's receipt for an email address (checked here first; a problem is refused
   * without asking the lane). True when the lane queued it.
   */
  emailReceipt(orderId: string, address: string): Promise<boolean>;
  /** Queues the order's receipt as a text to a phone number (E.164 or 10 North American digits). */
  textReceipt(orderId: string, phone: string): Promise<boolean>;
  loadReceiptOutbox(): Promise<void>;
}

export const createReceiptSlice =
  (pos: PosApi): StateCreator<PosState, [], [], ReceiptSlice> =>
  (set) => {
    /** Sends one receipt: `to` is what the screen may show of the address (masked). */
    const send = async (
      { orderId, channel, typed, to }: { orderId: string; channel: ReceiptChannel; typed: string; to: string },
      queue: () => Promise<unknown>,
    ) => {
      const problem = receiptTargetProblem(channel, typed);
      if (problem) {
        set({ receiptSend: { orderId, channel, to, state: 'refused', message: problem } });
        return false;
      }
      set({ receiptSend: { orderId, channel, to, state: 'sending' } });
      try {
        await queue();
        set({ receiptSend: { orderId, channel, to, state: 'queued' } });
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        set({ receiptSend: { orderId, channel, to, state: 'refused', message } });
        return false;
      }
    };
    return {
      receiptSend: null,
      receiptOutbox: null,
      receiptOutboxError: null,
      emailReceipt(orderId, typed) {
        const address = typed.trim();
        return send({ orderId, channel: 'email', typed: address, to: maskAddress(address) }, async () =>
          unwrap(await pos.receipts.email({ orderId, address })),
        );
      },
      textReceipt(orderId, typed) {
        const number = phoneNumberOf(typed);
        const phone = 'e164' in number ? number.e164 : typed.trim();
        const to = 'e164' in number ? maskPhone(number.e164) : '';
        return send({ orderId, channel: 'sms', typed: phone, to }, async () =>
          unwrap(await pos.receipts.sms({ orderId, phone })),
        );
      },
      async loadReceiptOutbox() {
        try {
          set({ receiptOutbox: unwrap(await pos.receipts.outbox({})), receiptOutboxError: null });
        } catch (error) {
          set({ receiptOutboxError: error instanceof Error ? error.message : String(error) });
        }
      },
    };
  };

declare module './pos-state' {
  interface PosSlices {
    receipt: ReceiptSlice;
  }
}
