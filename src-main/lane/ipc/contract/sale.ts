/**
 * The customer's sale: the payment state machine's state, running a card, ACH or stored-profile
 * sale, the keyed card's echo, Cancel, skipping the signature, and New sale.
 */
import { z } from 'zod';
import { cartTotalMinor, type CartLine } from '../cart';
import type { TerminalPhase } from '../sale-phases';
import {
  cardEntries,
  cardTenders,
  routingProblem,
  voiceAuthcodePattern,
  type CardEntry,
  type SaleTender,
} from '../tenders';
import { saveCardConsentSchema, storedCardInitiators, type CardOnFileNote } from './card-on-file';
import { amountMinorFrom, managerPin, noArgs } from './schemas';
import { command, event } from './spec';
import type { KeyedEntryView } from './keyed-entry';

/**
 * A sale's result as the screens show it: masked card, never the track. `voided` is only in the
 * sale the lane keeps (`CurrentSale.results`): an approval of this customer's sale that the
 * journal has since voided, its `approvedMinor` returned to the card.
 */
export interface SaleSummary {
  /** `stored`: taken offline while the gateway could not be reached, to be sent later; never approved yet. */
  readonly outcome: 'approved' | 'partial' | 'declined' | 'retry' | 'not-charged' | 'unknown' | 'voided' | 'stored';
  /** What was asked: a sale (captured), an authorization to capture later, a forced credit, an ACH check or a stored-profile sale. */
  readonly tender: SaleTender;
  readonly orderId: string;
  readonly requestedMinor: number;
  readonly approvedMinor: number;
  /** A surcharge the gateway added on top of `approvedMinor` (ADR 067), when there was one. */
  readonly surchargeMinor?: number;
  readonly authcode: string | null;
  /** An approval's gateway reference: what identifies it when its code is not known (a lost answer found again). */
  readonly retref?: string;
  /** Why it was not approved, in words for the cashier. */
  readonly reason: string | null;
  readonly maskedPan: string;
  readonly entryMode: string;
  readonly signatureRequired: boolean;
  /** The cashier id that chose to go on without the signature the rules asked for, when one did. */
  readonly signatureSkippedBy?: string;
  /** A sale that saved the card (or tried to), or a charge to a stored card: which kind, in words (ADR 089). */
  readonly cardOnFile?: CardOnFileNote;
  /**
   * The gateway's address check (`avsresp`) of a keyed card's billing address, when it answered
   * one: the code and the cashier's words, e.g. "Address check: ZIP matches, street does not (Z)".
   */
  readonly avs?: {
    readonly code: string;
    readonly words: string;
    /** How much matched: `full`, `partial` (street or ZIP only), `none`, or `not-checked` (the issuer could not say). */
    readonly match: 'full' | 'partial' | 'none' | 'not-checked';
  };
  readonly printed: boolean;
  readonly printProblem: string | null;
  /** The customer's receipt as printed, a PNG data URL for the preview; null when there is none. */
  readonly receiptPng: string | null;
}

/**
 * A payment's outcome the moment the journal holds the gateway's answer (`terminal.outcome`),
 * before its receipts are built, printed and previewed: the sale's summary without the receipt
 * parts, in the very words the finished `SaleSummary` keeps, and what is then still owed.
 * Only approved, partial and declined payments have receipts to wait for; others are told
 * by the finished summary alone.
 */
export interface SaleOutcomeNotice extends Omit<SaleSummary, 'outcome' | 'printed' | 'printProblem' | 'receiptPng'> {
  readonly outcome: 'approved' | 'partial' | 'declined';
  /** What the customer's sale still owes after this payment (the rest of a partial approval); null when nothing. */
  readonly dueMinor: number | null;
}

/** What the payment state machine publishes (`terminal.state`): its phase, since when, and the customer's sale. */
export interface TerminalState {
  readonly phase: TerminalPhase;
  /** Epoch milliseconds when this phase began, from the injected clock. */
  readonly since: number;
  /** A short line for the status bar, e.g. "Waiting for card". */
  readonly detail: string | null;
  /** The customer's sale the main process holds, so a screen that connects mid-sale shows it; null between sales. */
  readonly sale: CurrentSale | null;
  /** In `confirm-fee` only: the surcharge the customer is asked to accept before the card is charged. */
  readonly surcharge?: SurchargeNotice;
}

/**
 * The surcharge a card sale would carry, asked of the gateway after the card was read and before
 * anything was sent (ADR 067, 904): shown to the cashier and the customer, who accepts it
 * (`terminal.confirmFee`) or declines it (`terminal.cancel`, nothing charged).
 */
export interface SurchargeNotice {
  /** The sale's amount, without the fee. */
  readonly amountMinor: number;
  readonly feeMinor: number;
  /** What the card pays: the amount and the fee. */
  readonly totalMinor: number;
  /**
   * `card`: the gateway says this card pays the fee. `if-credit`: the lane could not tell the card
   * to the gateway (no token), so the fee is what a credit card pays; a debit card pays none.
   */
  readonly applies: 'card' | 'if-credit';
  /** The words for both sides of the counter, e.g. "A credit card surcharge of $0.75 applies: the total is $25.74." */
  readonly words: string;
  /**
   * What the gateway's BIN service says of a card with a token (ADR 088): its kind and the
   * issuer's country, e.g. "Credit card, issued in US."; `lookupFailed` when it could not say,
   * and the fee then follows the surcharge answer alone. Absent when the card was not looked up.
   */
  readonly card?: {
    readonly kind: 'credit' | 'debit' | 'prepaid' | 'unknown';
    readonly country?: string;
    readonly lookupFailed: boolean;
    readonly words: string;
  };
}

/**
 * The pay link of a wallet payment while it waits for the phone: the customer display shows
 * `url` as a QR code until `expiresAt`; the link dies with the payment (paid, canceled, expired).
 */
export interface PayLink {
  /** `https://<pay-link host>:<port>/pay/<one-time id>`: the lane's pay page for this payment. */
  readonly url: string;
  /** Epoch milliseconds (the injected clock) when the link stops taking a payment. */
  readonly expiresAt: number;
}

/** The sale in progress as the main process keeps it (it owns the sale, not the screen). */
export interface CurrentSale {
  /** What the payment running now (or the last one) asks, in minor units, the tip included. */
  readonly amountMinor: number;
  readonly tender: SaleTender;
  readonly entry: CardEntry;
  readonly tipMinor: number;
  /** The cart's lines when the sale was rung up as a cart. */
  readonly cart: readonly CartLine[] | null;
  /** True while a payment of this sale runs (card wait, signature, authorization, printing). */
  readonly running: boolean;
  /** This customer's payments so far: one, or several after a partial approval. */
  readonly results: readonly SaleSummary[];
  /** After a partial approval: what is still owed. */
  readonly dueMinor: number | null;
  /**
   * After a partial approval: the rest the cashier took outside the lane (cash, a check), as
   * journaled with `terminal.restTakenOutside`; the sale is then complete. Null otherwise.
   */
  readonly restTakenOutsideMinor: number | null;
  /** Why the last attempt stopped with nothing charged (canceled, no card in time); null otherwise. */
  readonly problem: string | null;
  /** While a wallet payment waits for the phone: the link its QR code carries; null otherwise. */
  readonly payLink: PayLink | null;
  /** The whole sale when it is paid in parts on purpose (split tender); null for a sale of one payment. */
  readonly totalMinor: number | null;
  /** The cash taken toward this sale, in the order it was taken. */
  readonly cash: readonly CashPart[];
}

/** Cash taken toward the customer's sale, as the journal keeps it. */
export interface CashPart {
  readonly orderId: string;
  /** What this cash paid of the sale (the balance it covered; with cash rounding, what was rounded). */
  readonly appliedMinor: number;
  readonly tenderedMinor: number;
  readonly changeMinor: number;
  /** True once it was handed back (the sale was cancelled). */
  readonly returned: boolean;
}

/** Cash taken at the counter toward the customer's sale (`terminal.cash`). */
export interface CashTenderView {
  readonly orderId: string;
  readonly appliedMinor: number;
  readonly tenderedMinor: number;
  readonly changeMinor: number;
  /** What the sale still owes after this cash; null when it is paid. */
  readonly dueMinor: number | null;
  /** The cash rounding applied when this cash paid the sale's last balance (cashDue - balance); 0 otherwise. */
  readonly roundingMinor: number;
  readonly drawer: 'opened' | 'not-opened';
  readonly drawerProblem?: string;
  /** The receipt's lines when the sale was paid and its receipt printed; [] otherwise. */
  readonly lines: readonly string[];
  readonly printed: { readonly ok: boolean; readonly problem?: string };
}

/** One paid part of a cancelled sale, and how it went back (`terminal.returnParts`). */
export interface ReturnedPart {
  readonly kind: 'card' | 'cash';
  readonly orderId: string;
  readonly amountMinor: number;
  /**
   * How it went back; `withdrawn`: a card part stored offline, taken out of the store before it
   * was ever sent (nothing was charged); `unknown`: the void/refund's answer was lost (recovery
   * settles it); `failed`: refused, in `problem`.
   */
  readonly ended: 'voided' | 'refunded' | 'withdrawn' | 'cash-returned' | 'failed' | 'unknown';
  readonly problem: string | null;
}

export interface ReturnedPartsView {
  readonly parts: readonly ReturnedPart[];
  readonly state: TerminalState;
}

/** One line of the counter's cart: what was sold, how many, the unit price and the line's tax. */
export const cartLineSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, { error: 'a line needs a description' })
      .max(26, { error: 'a line\u2019s description is at most 26 characters' }),
    quantity: z.number().int().min(1).max(9999),
    unitMinor: z.number().int().min(0).max(9_999_999),
    taxMinor: z.number().int().min(0).max(9_999_999).default(0),
  })
  .strict();

/** A sale rung up as a cart must come to its amount (the whole sale's, when paid in parts) with the tip: refused naming both sums. */
function cartMatchesAmount(
  sale: {
    amountMinor: number;
    totalMinor?: number | undefined;
    tipMinor?: number | undefined;
    cart?: CartLine[] | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (!sale.cart) return;
  const total = cartTotalMinor(sale.cart) + (sale.tipMinor ?? 0);
  const amount = sale.totalMinor ?? sale.amountMinor;
  if (total !== amount) {
    context.addIssue({
      code: 'custom',
      path: ['cart'],
      message: `the cart and tip come to ${total} cents, not the ${sale.totalMinor === undefined ? 'amount' : 'total'} of ${amount} cents`,
    });
  }
}

/** A forced sale carries the issuer's voice authorization code, and only a forced sale does. */
function voiceAuthcodeWithForcedSale(
  sale: { tender?: string | undefined; voiceAuthcode?: string | undefined },
  context: z.RefinementCtx,
): void {
  const forced = sale.tender === 'forced-sale';
  if (forced === (sale.voiceAuthcode !== undefined)) return;
  context.addIssue({
    code: 'custom',
    path: ['voiceAuthcode'],
    message: forced
      ? 'a forced sale needs the voice authorization code the issuer gave'
      : 'only a forced sale carries a voice authorization code',
  });
}

/** `totalMinor`: this payment is the first part of a sale of that total (split tender). */
const firstPartOf = amountMinorFrom(1).optional();

export const saleCommands = {
  'terminal.state': command<TerminalState>()('The payment state machine\u2019s current phase.', noArgs),
  'terminal.sale': command<SaleSummary>()(
    'Runs a card sale for the amount: read, signature when required, authorize through the journal, print. `tender` authorize holds the amount for a later capture; forced-credit returns money without a sale (where the merchant is configured for it); forced-sale sends the issuer\u2019s `voiceAuthcode` and captures (a manager\u2019s: a cashier gives `managerPin`; never voided, only refunded). A repeated command for the same amount while it runs joins it (one authorization).',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        tender: z.enum(cardTenders).optional(),
        /** `keyed`: the cashier keys the card (it could not be read); the keys go to `terminal.keyEntry`. */
        entry: z.enum(cardEntries).optional(),
        /** Included in `amountMinor`; only where the merchant takes tips. */
        tipMinor: amountMinorFrom(0).optional(),
        /** The items sold: sent as Level 2/3 data with a sale that captures. */
        cart: z.array(cartLineSchema).min(1).max(99).optional(),
        /** This payment is the first part of a sale of `totalMinor` (split tender); `amountMinor` is this part. */
        totalMinor: firstPartOf,
        /** forced-sale only: the code the issuer\u2019s voice centre gave, 1 to 6 letters and digits. */
        voiceAuthcode: z
          .string()
          .regex(voiceAuthcodePattern, { error: 'the voice authorization code is 1 to 6 letters and digits' })
          .optional(),
        /** forced-sale: a manager\u2019s, so a cashier gives a manager\u2019s PIN. */
        managerPin,
        /** The customer agreed to have the card stored: sent with profile Y and cofpermission Y, the consent journaled. */
        saveCard: saveCardConsentSchema.optional(),
      })
      .strict()
      .superRefine(cartMatchesAmount)
      .superRefine(voiceAuthcodeWithForcedSale),
  ),
  'terminal.walletSale': command<SaleSummary>()(
    'A sale paid on the customer\u2019s phone (wallet.enabled): opens a one-time pay link (`TerminalState.sale.payLink`, shown as a QR code) and waits in awaiting-card ("Waiting for the phone") until the phone pays, the link expires or the lane cancels; the wallet\u2019s payload is tokenized at once and authorized through the journal. Resolves with the SaleSummary like terminal.sale.',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        /** Included in `amountMinor`; only where the merchant takes tips. */
        tipMinor: amountMinorFrom(0).optional(),
        /** The items sold: sent as Level 2/3 data with the sale. */
        cart: z.array(cartLineSchema).min(1).max(99).optional(),
        /** This payment is the first part of a sale of `totalMinor` (split tender); `amountMinor` is this part. */
        totalMinor: firstPartOf,
      })
      .strict()
      .superRefine(cartMatchesAmount),
  ),
  'terminal.achSale': command<SaleSummary>()(
    'An electronic check sale from a keyed bank account (routing number and account number; checking or savings), taken at the counter with the customer\u2019s signed consent: sent as PPD (ecomind B, ADR 091), captured; the receipt carries the consent words and, on the merchant copy, a signature line.',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        /** 9 digits whose ABA check digit holds; refused naming the problem otherwise. */
        routing: z.string().superRefine((value, context) => {
          const problem = routingProblem(value);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }),
        account: z.string().regex(/^\d{4,17}$/, { error: 'the bank account number is 4 to 17 digits' }),
        accountType: z.enum(['checking', 'savings']),
        name: z.string().min(1).max(30),
      })
      .strict(),
  ),
  'terminal.profileSale': command<SaleSummary>()(
    'A sale on a card-on-file customer\u2019s stored profile ("<20-digit profile id>/<account id>"), sent with the stored-credential flags: `initiated` customer (the default: cof C, cofscheduled N) or scheduled (a recurring charge the customer agreed to: cof M, cofscheduled Y, ecomind R). No signature: the card is not present.',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        profile: z.string().regex(/^\d{20}\/\d{1,3}$/, {
          error: 'a stored profile is written <20-digit profile id>/<1-3 digit account id>',
        }),
        initiated: z.enum(storedCardInitiators).optional(),
      })
      .strict(),
  ),
  'terminal.keyEntry': command<KeyedEntryView>()(
    'One key of a keyed card (one printable character, Backspace, Tab or Enter), straight to the main process; the card\u2019s fields take digits only, the billing postal code and street letters too. The answer is the masked echo.',
    z
      .object({
        key: z.string().regex(/^([\x20-\x7E]|Backspace|Tab|Enter)$/, {
          error: 'one printable character, Backspace, Tab or Enter',
        }),
      })
      .strict(),
  ),
  'terminal.cancel': command<{ readonly canceled: boolean }>()(
    'Cancels the sale at a human step (waiting for the card, the surcharge\u2019s confirmation or the signature).',
    noArgs,
  ),
  'terminal.confirmFee': command<{ readonly confirmed: true }>()(
    'The customer accepted the surcharge the sale shows (`confirm-fee`, TerminalState.surcharge): the card is authorized (the gateway adds the fee). Refused when no sale waits on a fee; `terminal.cancel` declines it, with nothing charged.',
    noArgs,
  ),
  'terminal.skipSignature': command<{ readonly skipped: true }>()(
    'The signed-in cashier chooses to go on without the signature the sale waits for, where the store allows it (signature.allowSkip); journaled with who chose it.',
    noArgs,
  ),
  'terminal.restTakenOutside': command<TerminalState>()(
    'After a partial approval, the cashier took the rest outside the lane (cash, a check, until the lane takes those itself): the amount, which must be what is still owed, is journaled with who recorded it, and the sale is complete with the card\u2019s approval kept. Refused while a payment runs or when nothing is owed.',
    z.object({ amountMinor: amountMinorFrom(1) }).strict(),
  ),
  'terminal.cash': command<CashTenderView>()(
    'Cash toward the customer\u2019s sale: with `totalMinor` (no sale owing) the sale\u2019s amount, else toward what is still owed. Cash that covers the balance (by the currency\u2019s cash rounding) pays it and gets change; less is a part and the balance drops. Journaled first with the sale it belongs to, then the drawer is kicked, then the receipt listing every tender printed when the sale is paid. Refused with no shift open, while a payment runs, at a kiosk, or while a payment\u2019s outcome is unknown.',
    z
      .object({
        tenderedMinor: amountMinorFrom(1),
        totalMinor: amountMinorFrom(1).optional(),
        cart: z.array(cartLineSchema).min(1).max(99).optional(),
      })
      .strict(),
  ),
  'terminal.returnParts': command<ReturnedPartsView>()(
    'Cancels a sale that has paid parts (the cashier confirmed on screen): each card part is voided (refunded when its batch settled), each cash part handed back from the drawer (journaled as returned, the drawer kicked). Refused while a payment runs or when nothing was paid. A manager\u2019s: a cashier gives `managerPin`.',
    z
      .object({
        reason: z.string().trim().min(1, { error: 'say why the sale is cancelled' }).max(120),
        managerPin,
      })
      .strict(),
  ),
  'terminal.newSale': command<TerminalState>()(
    'Ends the customer\u2019s sale the lane holds, for the next customer; refused while a payment runs, while money is still owed after a partial approval or a paid part, and while its payment\u2019s outcome is unknown unless the signed-in person chose `leaveUnknown` (journaled with who chose it: the customer may have been charged).',
    z.object({ leaveUnknown: z.literal(true).optional() }).strict(),
  ),
} as const;

export const saleEvents = {
  'terminal.state': event<TerminalState>('The payment state machine moved to another phase.'),
  'terminal.keyEntry': event<KeyedEntryView>(
    'The keyed card being typed changed: its masked echo, the field, a refusal.',
  ),
  'terminal.outcome': event<SaleOutcomeNotice>(
    'A payment was approved, partly approved or declined: the journal holds the gateway\u2019s answer. Sent before the receipts print; the payment\u2019s command then answers with the whole SaleSummary (the print status and the preview).',
  ),
} as const;
