/**
 * The kiosk's self-checkout (issue 20): the store's catalogue and tax rates, the customer's
 * basket the main process holds (so a reload or a second screen shows the same basket), paying
 * it, the receipt choice, the end of the customer's visit, and the kiosk's service state.
 */
import { z } from 'zod';
import type { SaleSummary } from './sale';
import { noArgs } from './schemas';
import { command, event } from './spec';

/** A tax rate of the store, in basis points (825 is 8.25 %). */
export interface TaxRate {
  readonly id: string;
  /** "Sales tax", printed beside the tax line. */
  readonly name: string;
  readonly basisPoints: number;
}

/** One item of the store's catalogue (`catalogue.json` or `catalogue.csv` in app data; training's in assets). */
export interface CatalogueItem {
  /** The store's own item id (SKU). */
  readonly id: string;
  /** The item's printed barcode (UPC-A, EAN-13, EAN-8 or the store's own); null for items picked on screen only. */
  readonly barcode: string | null;
  /** At most 26 characters: it is a receipt line. */
  readonly name: string;
  /** The catalogue's grouping for the picker ("Bakery", "Fruit"); null when the store has none. */
  readonly category: string | null;
  readonly unitMinor: number;
  /** One of the store's `TaxRate` ids. */
  readonly taxRateId: string;
}

/** The catalogue a kiosk sells from, and where it came from (the file, or training's). */
export interface KioskCatalogue {
  readonly items: readonly CatalogueItem[];
  readonly taxRates: readonly TaxRate[];
  /** "training", or the file's path. */
  readonly source: string;
}

/** One line of the basket: an item and how many. */
export interface BasketLine {
  readonly itemId: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitMinor: number;
  /** unitMinor x quantity. */
  readonly netMinor: number;
  /** The line's tax by its rate, rounded half up to the cent. */
  readonly taxMinor: number;
}

/** The customer's basket with its sums; everything the kiosk shows is read from here. */
export interface KioskBasket {
  readonly lines: readonly BasketLine[];
  readonly subtotalMinor: number;
  readonly taxMinor: number;
  /** subtotal + tax: what the customer pays. */
  readonly totalMinor: number;
  /** Approved so far on this basket (a partial approval, then the rest). */
  readonly paidMinor: number;
  /** total - paid. */
  readonly dueMinor: number;
  /** True once a payment has been approved on it: lines change only by staff from then on. */
  readonly locked: boolean;
}

/** Where the customer's visit is. */
export const kioskSteps = ['welcome', 'basket', 'paying', 'receipt', 'thanks'] as const;
export type KioskStep = (typeof kioskSteps)[number];

/**
 * A call for a member of staff and how far it got: `calling` while the first attempt runs,
 * `delivered` once the store's call channel (`kiosk.staffCall.url`) took it, `failed` while it
 * could not (it is tried again), `unconfigured` when the store set no channel. The screen says
 * "A member of staff has been called" only once it was delivered.
 */
export interface StaffCallView {
  readonly callId: string;
  /** `help`: the customer asked (Help, then "Call a member of staff"); `payment`: the kiosk needs staff (staffNeeded). */
  readonly kind: 'help' | 'payment';
  /** Epoch ms the call was made. */
  readonly since: number;
  readonly delivery: 'calling' | 'delivered' | 'failed' | 'unconfigured';
}

/**
 * One card or phone payment of the visit as staff see it: what the bank said, how much, on what
 * card, and what clearing the order would do to that money (the core decides; the screen says it).
 */
export interface KioskPaymentView {
  readonly orderId: string;
  /** `unknown`: the bank has not confirmed it either way, so the customer may have been charged; `voided`: given back. */
  readonly state: 'approved' | 'unknown' | 'declined' | 'voided';
  /** Approved: what was approved; otherwise what was asked. */
  readonly amountMinor: number;
  /** "Visa ending 1111", "Phone (wallet) ending 4242": the brand and last four only. */
  readonly card: string;
  /**
   * Clearing the order now: `void` gives the money back to the card, `keep` leaves it paid (the
   * basket was paid in full), `check` asks the bank first (it cannot be cleared as if unpaid),
   * `none` when no money moved.
   */
  readonly onClear: 'void' | 'keep' | 'check' | 'none';
}

/** What the kiosk publishes (`kiosk.state`). */
export interface KioskState {
  readonly step: KioskStep;
  readonly basket: KioskBasket;
  /** False while staff have taken the kiosk out of service; the screen shows `outOfServiceMessage`. */
  readonly inService: boolean;
  readonly outOfServiceMessage: string | null;
  /** The languages the store offers, first the default ("en", "es"); the welcome offers a choice when more than one. */
  readonly languages: readonly string[];
  /** `kiosk.idleResetSeconds`: inactivity before the "Do you need more time?" prompt. */
  readonly idleResetSeconds: number;
  /** `kiosk.staffIdleSeconds`: a staff session idle this long ends (the core refuses its commands after). */
  readonly staffIdleSeconds: number;
  /** This visit's payments, oldest first, for the staff panel (empty at the welcome). */
  readonly payments: readonly KioskPaymentView[];
  /** After the basket is paid: whether the customer's receipt was printed, and why not when it failed. */
  readonly receipt: { readonly printed: boolean; readonly problem: string | null } | null;
  /**
   * Why a member of staff must come before the customer goes on (a payment's outcome the bank has
   * not confirmed, a void that failed); the customer cannot pay or leave the basket until staff do.
   * Null otherwise.
   */
  readonly staffNeeded: string | null;
  /** The open call for staff (the kiosk's own before the customer's), or null when none is open. */
  readonly staffCall: StaffCallView | null;
  /** Why the last barcode from the kiosk's own (serial) scanner was refused, for the screen; null after anything else. */
  readonly scanProblem: string | null;
  /**
   * What kind of problem: `refused` (a code the store does not know, or a scan the kiosk cannot
   * take now) or `unreadable` (the scanner's keys made no code: scan again). Null with no problem.
   */
  readonly scanProblemKind: 'refused' | 'unreadable' | null;
}

const quantity = z.number().int().min(1, { error: 'a quantity is at least 1' }).max(99, { error: 'at most 99' });
const itemId = z.string().min(1).max(40);

export const kioskCommands = {
  'kiosk.state': command<KioskState>()('The kiosk\u2019s step, basket and service state.', noArgs),
  'kiosk.catalogue': command<KioskCatalogue>()(
    'The store\u2019s catalogue and tax rates the kiosk sells from.',
    noArgs,
  ),
  'kiosk.start': command<KioskState>()('The customer touched the welcome screen: an empty basket opens.', noArgs),
  'kiosk.scan': command<KioskState>()(
    'A barcode the scanner read: one more of its item in the basket. An unknown barcode is refused naming it.',
    z
      .object({
        barcode: z.string().regex(/^[0-9A-Za-z-]{1,32}$/, { error: 'a barcode is 1 to 32 letters or digits' }),
      })
      .strict(),
  ),
  'kiosk.add': command<KioskState>()(
    'An item picked from the catalogue on screen: `quantity` more of it in the basket.',
    z.object({ itemId, quantity: quantity.default(1) }).strict(),
  ),
  'kiosk.setQuantity': command<KioskState>()(
    'Sets a line\u2019s quantity; 0 removes the line. Refused once the basket is locked, unless staff are signed in.',
    z.object({ itemId, quantity: z.number().int().min(0).max(99) }).strict(),
  ),
  'kiosk.pay': command<SaleSummary>()(
    'Pays what the basket still owes, by card (the reader) or on the phone (wallet.enabled), with the basket\u2019s lines as the cart. Resolves with the payment\u2019s SaleSummary; a fully paid basket moves to the receipt step.',
    z
      .object({
        tender: z.enum(['card', 'wallet']),
        /** The visit's language (the welcome's choice): the phone's pay page speaks it; the store's first when absent. */
        language: z
          .string()
          .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'a language code such as "en" or "es-MX"' })
          .optional(),
      })
      .strict(),
  ),
  'kiosk.receipt': command<KioskState>()(
    'The customer\u2019s receipt choice for the paid basket: print every payment\u2019s customer copy, or none. Moves to the thanks step.',
    z.object({ print: z.boolean() }).strict(),
  ),
  'kiosk.finish': command<KioskState>()(
    'Ends the customer\u2019s visit (after thanks): the sale and basket are cleared and the welcome shows. Refused while money is owed.',
    noArgs,
  ),
  'kiosk.abandon': command<KioskState>()(
    'The customer left (idle reset) or chose to cancel the order: a running payment is canceled, payments approved on an unpaid basket are voided, the basket is cleared and the welcome shows.',
    z
      .object({
        reason: z.enum(['idle', 'customer', 'staff']),
        /**
         * Staff only: the order ids staff were shown would be voided, and confirmed. A clear that
         * would void anything else (a payment the bank approved since) is refused and shown again.
         */
        voids: z.array(z.string().min(1).max(19)).max(20).optional(),
      })
      .strict(),
  ),
  'kiosk.voidPayment': command<KioskState>()(
    'Staff void one approved payment of the customer\u2019s visit (never an earlier visit\u2019s: that is History\u2019s), after confirming its amount, card and order; the basket owes it again. A manager\u2019s.',
    z.object({ orderId: z.string().min(1).max(19) }).strict(),
  ),
  'kiosk.callStaff': command<KioskState>()(
    'The customer asks for a member of staff (from the help screen): the store\u2019s call channel is called, once while a call is open. Cleared when staff sign in at the kiosk.',
    noArgs,
  ),
  'kiosk.setService': command<KioskState>()(
    'Staff take the kiosk out of service (with the sign\u2019s words) or back in. Staff only.',
    z.object({ inService: z.boolean(), message: z.string().trim().min(1).max(80).optional() }).strict(),
  ),
} as const;

export const kioskEvents = {
  'kiosk.state': event<KioskState>('The kiosk\u2019s step, basket or service state changed.'),
} as const;
