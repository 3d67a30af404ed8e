import type { CardRead } from '../../../drivers/card-reader/types';
import type { SurchargeNotice } from '../ipc/contract';
import type { Journal } from '../journal/journal';
import { formatMinorUnits } from '../../platform/money';
import type { CardTender } from './outcome';
import { SaleCanceledError } from './signature/signature-step';
import { surchargeQuote, type SurchargeQuoting } from './surcharge-quote';
import type { GatewayClient } from '../gateway/client';
import { lookUpCardKind, type CardKindLookup } from './card-kind';

/**
 * What the surcharge step needs from the lane: the quoting (client, merchid, the `surcharge`
 * settings), the journal for the not-sent row of a sale that stops here, and the counter's
 * question: it shows the notice and waits for the cashier's Confirm (true) or Cancel (false, also
 * when `signal` aborts).
 */
export interface SurchargeAsking extends SurchargeQuoting {
  /** The surcharge question, and the BIN lookup when the client has one (a card with a token is looked up first). */
  readonly client: SurchargeQuoting['client'] & Partial<Pick<GatewayClient, 'bin'>>;
  readonly journal: Journal;
  readonly confirmFee: (notice: SurchargeNotice, signal: AbortSignal) => Promise<boolean>;
}

const money = (minor: number) => formatMinorUnits(minor);

/** The words both sides of the counter read: the fee, the total, and for `if-credit` that debit pays none. */
export function surchargeWords(notice: Omit<SurchargeNotice, 'words'>): string {
  return notice.applies === 'card'
    ? `A credit card surcharge of ${money(notice.feeMinor)} applies: the total is ${money(notice.totalMinor)}.`
    : `A credit card surcharge of ${money(notice.feeMinor)} applies (none on a debit card): the total on a credit card is ${money(notice.totalMinor)}.`;
}

/**
 * The surcharge step, after the card is read and before anything is sent (ADR 069): where the
 * merchant surcharges, the gateway is asked what this sale's fee is; a fee is shown and the card
 * is authorized only once the cashier confirms it with the customer. Money going back to a card,
 * cash, a card read as debit or prepaid and a merchant that does not surcharge are not asked. A
 * customer who declines, and a question the gateway does not answer (the customer could not be
 * told the fee the authorization may add), end the sale with nothing sent: the journal keeps a
 * not-sent row, as for a sale canceled at the signature. Answers the fee the customer accepted.
 */
export async function takeSurcharge(
  asking: SurchargeAsking,
  request: {
    /** The card as read, or a phone's wallet card by its token (which lets the gateway say debit). */
    card: {
      readonly maskedPan: string;
      readonly entryMode: CardRead['entryMode'] | 'DigitalWallet';
      readonly aid?: string | null;
      readonly token?: string;
    };
    amountMinor: number;
    tender: CardTender | 'wallet';
    signal: AbortSignal;
  },
): Promise<{ feeMinor: number }> {
  const { card, amountMinor, tender, signal } = request;
  if (tender === 'forced-credit' || !asking.settings.enabled) return { feeMinor: 0 };
  // A card with a token (a phone's wallet card) is looked up in the BIN service first: a debit or
  // prepaid card is never surcharged (US rules) and is not asked about; the kind is shown with the
  // fee. A lookup that fails is said with the fee, and the surcharge answer decides (ADR 088).
  const { bin } = asking.client;
  const looked: CardKindLookup | undefined =
    card.token && bin ? await lookUpCardKind({ ...asking, client: { bin } }, card.token) : undefined;
  if (looked?.kind === 'debit' || looked?.kind === 'prepaid') return { feeMinor: 0 };
  // A card read at the counter has no token: the question carries the store's postal code, and a
  // chip's US Common Debit application is answered as debit without asking. A wallet's card has
  // its token: the gateway answers whether it is debit.
  const quote = await surchargeQuote(
    asking,
    {
      kind: 'card',
      ...(card.aid ? { aid: card.aid } : {}),
      ...(card.token ? { token: card.token } : {}),
      ...(looked?.kind === 'credit' ? { funding: 'credit' as const } : {}),
    },
    amountMinor,
  );
  const notSent = (note: string, canceledAt: string, words: string): never => {
    const { orderId } = asking.journal.recordNotSent(
      {
        operation: 'auth',
        amountMinor,
        maskedPan: card.maskedPan,
        entryMode: card.entryMode,
        detail: { tender, canceledAt },
      },
      note,
    );
    throw new SaleCanceledError(orderId, words);
  };
  if (quote.kind === 'none') return { feeMinor: 0 };
  if (quote.kind === 'unknown')
    return notSent(
      'the surcharge could not be asked: nothing was sent',
      'surcharge-quote',
      `The surcharge could not be asked (${quote.reason.replace(/\.$/, '')}): nothing was charged. Try again, or take another payment.`,
    );
  const facts = {
    amountMinor,
    feeMinor: quote.feeMinor,
    totalMinor: quote.totalMinor,
    applies: quote.kind === 'surcharge' ? 'card' : 'if-credit',
    ...(looked
      ? {
          card: {
            kind: looked.kind,
            ...(looked.country ? { country: looked.country } : {}),
            lookupFailed: looked.failed,
            words: looked.words,
          },
        }
      : {}),
  } as const;
  const accepted = await asking.confirmFee({ ...facts, words: surchargeWords(facts) }, signal);
  if (!accepted || signal.aborted)
    return notSent(
      'the customer declined the surcharge: nothing was sent',
      'surcharge',
      `The customer declined the ${money(quote.feeMinor)} surcharge: nothing was charged.`,
    );
  return { feeMinor: quote.feeMinor };
}
