/**
 * The customer display (issue 36, ADR 087): the screen that faces the customer at a counter lane.
 * It holds nothing of its own: the main process composes what it shows (`CustomerView`) from the
 * sale it holds, the cart the counter rings up and the question it puts to the customer, and every
 * change reaches it as `customerDisplay.view`. Its page runs in the `customer-display` role, which
 * may read that view and send the customer's answers, nothing else (customer-role.ts).
 */
import { z } from 'zod';
import type { CartLine } from '../cart';
import type { SaleSummary, SurchargeNotice } from './sale';
import { cartLineSchema } from './sale';
import { amountMinorFrom, noArgs } from './schemas';
import { command, event } from './spec';

/** The languages the customer display speaks; the kiosk's dictionary has both. */
export const customerLanguages = ['en', 'es'] as const;
export type CustomerLanguage = (typeof customerLanguages)[number];

/** The order as the customer sees it: the lines, what they come to before tax, the tax and the total. */
export interface CustomerOrder {
  readonly lines: readonly CartLine[];
  readonly subtotalMinor: number;
  readonly taxMinor: number;
  /** The tip the customer chose for this sale (0 until chosen, or with none). */
  readonly tipMinor: number;
  /** What the customer pays: the cart's total with its tax (or a keyed amount) and the tip. */
  readonly totalMinor: number;
}

/** One tip button: a share of the amount, worked out by the lane so both screens show the same cents. */
export interface TipChoice {
  readonly percent: number;
  readonly amountMinor: number;
}

/** How the customer pays the amount asked now. */
export type CustomerPayWay =
  /** Insert, tap or swipe on the lane's reader. */
  | 'card'
  /** The cashier types the card: the customer only waits. */
  | 'keyed'
  /** On the integrated terminal beside the counter. */
  | 'terminal'
  /** On the customer's phone, through the pay link's QR code. */
  | 'phone';

/** What the customer display shows now: one step of the customer's side of the sale. */
export type CustomerStep =
  /** Between customers: the store's name, logo and message. */
  | { readonly kind: 'idle' }
  /** The cashier rings the order up; its lines and total show beside this. */
  | { readonly kind: 'order' }
  /** The customer chooses a tip before the card is asked for. */
  | {
      readonly kind: 'tip';
      /** What the tip is a share of: the order, tax included. */
      readonly baseMinor: number;
      readonly choices: readonly TipChoice[];
      /** The largest tip the customer may key: the amount itself. */
      readonly maxCustomMinor: number;
    }
  /** The amount to pay now, and how. */
  | {
      readonly kind: 'pay';
      readonly amountMinor: number;
      readonly tipMinor: number;
      readonly way: CustomerPayWay;
      /** The pay link's address (its QR code) while a phone payment waits; null otherwise. */
      readonly payLink: { readonly url: string; readonly expiresAt: number } | null;
    }
  /** A surcharge the customer accepts or declines before the card is charged. */
  | { readonly kind: 'fee'; readonly surcharge: SurchargeNotice }
  /**
   * The signature: `here` when the customer signs on this display (on-screen capture), `pad`
   * when the lane's signature pad takes it.
   */
  | { readonly kind: 'signature'; readonly amountMinor: number; readonly where: 'here' | 'pad' }
  /** The card was read and the lane is working (authorizing, looking up a lost answer, printing). */
  | { readonly kind: 'working'; readonly amountMinor: number }
  /** A payment's outcome. `approvedMinor` moved; `dueMinor` is still owed after a partial approval. */
  | {
      readonly kind: 'outcome';
      readonly outcome: SaleSummary['outcome'] | 'canceled';
      readonly amountMinor: number;
      readonly approvedMinor: number;
      readonly dueMinor: number | null;
    }
  /** The receipt choice after the sale was paid. */
  | { readonly kind: 'receipt'; readonly channels: readonly CustomerReceiptChoice[] }
  /** The customer chose their receipt: the sale is over for them. */
  | { readonly kind: 'done'; readonly receipt: CustomerReceiptChoice | null };

/** How the customer wants the receipt. */
export const customerReceiptChoices = ['print', 'email', 'none'] as const;
export type CustomerReceiptChoice = (typeof customerReceiptChoices)[number];

/** The customer display's whole view: enough to draw it from nothing (a reload, a reconnect). */
export interface CustomerView {
  /** Rises with every change, so a page keeps the newest of two views that cross. */
  readonly seq: number;
  readonly language: CustomerLanguage;
  readonly languages: readonly CustomerLanguage[];
  readonly store: { readonly name: string; readonly message: string };
  /** The order the customer is paying (or being rung up); null between customers. */
  readonly order: CustomerOrder | null;
  readonly step: CustomerStep;
  /** The cashier took the last question back from the customer, and why; null otherwise. */
  readonly takenBack: { readonly question: CustomerQuestionKind; readonly reason: string } | null;
  readonly training: boolean;
  /** How many customer displays are connected: the counter asks the customer only when one is. */
  readonly displays: number;
  /**
   * Training with the customer display on and none of its own connected: the training panel
   * draws it beside the counter (and it counts in `displays`).
   */
  readonly besideTheCounter: boolean;
}

/** What the lane may ask the customer on their display. */
export type CustomerQuestionKind = 'tip' | 'receipt';

/** The customer's answer to the question asked (or the cashier's, taking it back). */
export type CustomerAnswer =
  | { readonly kind: 'tip'; readonly tipMinor: number }
  | { readonly kind: 'receipt'; readonly choice: CustomerReceiptChoice; readonly address?: string };

/** An answer as the cashier's screens are told it. */
export interface CustomerAnswered {
  readonly answer: CustomerAnswer;
  /** `customer` on their display; `cashier` when the cashier took the question back (with `reason`). */
  readonly by: 'customer' | 'cashier';
  readonly reason: string | null;
}

const tipAnswerSchema = z.object({ kind: z.literal('tip'), tipMinor: amountMinorFrom(0) }).strict();
const receiptAnswerSchema = z
  .object({
    kind: z.literal('receipt'),
    choice: z.enum(customerReceiptChoices),
    // Checked as an address where the mail is queued (receipts.email's own rules).
    address: z.string().trim().min(3).max(254).optional(),
  })
  .strict()
  .refine((answer) => answer.choice !== 'email' || answer.address !== undefined, {
    path: ['address'],
    error: 'an emailed receipt needs the address',
  });

export const customerDisplayCommands = {
  'customerDisplay.view': command<CustomerView>()(
    'What the customer display shows now (every change also comes as the `customerDisplay.view` event).',
    noArgs,
  ),
  'customerDisplay.brand': command<{ readonly logo: string | null }>()(
    'The store\u2019s logo for the idle screen, as a data URL (`customerDisplay.logoFile`); null when there is none.',
    noArgs,
  ),
  'customerDisplay.showOrder': command<CustomerView>()(
    'The counter rings the order up: its cart lines (or the keyed amount) show on the customer display as they are added. Empty clears it.',
    z
      .object({
        lines: z.array(cartLineSchema).max(99),
        amountMinor: amountMinorFrom(0).nullable(),
      })
      .strict(),
  ),
  'customerDisplay.askTip': command<CustomerView>()(
    'Asks the customer for the tip on their display before the card (where `payments.tips` is on). Refused when no customer display is connected; the answer comes as `customerDisplay.answered`. The receipt is asked there by itself once the sale is paid.',
    z.object({ baseMinor: amountMinorFrom(1) }).strict(),
  ),
  'customerDisplay.answer': command<CustomerView>()(
    'The customer answers on their display: the tip, the receipt, a surcharge accepted or declined, their language.',
    z.discriminatedUnion('kind', [
      tipAnswerSchema,
      receiptAnswerSchema,
      z.object({ kind: z.literal('fee'), accept: z.boolean() }).strict(),
      z.object({ kind: z.literal('language'), language: z.enum(customerLanguages) }).strict(),
    ]),
  ),
  'customerDisplay.takeBack': command<CustomerView>()(
    'The cashier takes the question back from the customer (no tip; the receipt the cashier chooses), with the reason, which the log keeps.',
    z.object({ reason: z.string().trim().min(3, { error: 'say why, in a few words' }).max(120) }).strict(),
  ),
} as const;

export const customerDisplayEvents = {
  'customerDisplay.view': event<CustomerView>('What the customer display shows changed.'),
  'customerDisplay.answered': event<CustomerAnswered>(
    'The customer answered the question on their display, or the cashier took it back.',
  ),
} as const;
