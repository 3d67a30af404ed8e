/**
 * The one contract between the renderer and the main process.
 *
 * Every command is a name, a zod schema for its arguments and a result type; every event is a
 * name and a payload type. Both transports (Electron IPC and the browser-mode WebSocket bridge)
 * are derived from this file, and the renderer imports it for types only, so nothing here may
 * hold a secret, a credential or card data beyond a masked PAN.
 */
import { z } from 'zod';
import { cartTotalMinor, type CartLine } from './cart';
import type { TerminalPhase } from './sale-phases';
import { cardEntries, cardTenders, type CardEntry, type SaleTender } from './tenders';

export { cancelablePhases, salePhases, terminalPhases, type SalePhase, type TerminalPhase } from './sale-phases';
export { cardEntries, cardTenders, saleTenders, type CardEntry, type CardTender, type SaleTender } from './tenders';

// ---------------------------------------------------------------------------------------------
// Domain types that cross the boundary
// ---------------------------------------------------------------------------------------------

export const terminalModes = ['counter', 'kiosk'] as const;
export type TerminalMode = (typeof terminalModes)[number];

/** Which shell hosts the renderer: the Electron app, or the Node host serving a browser. */
export type ShellKind = 'electron' | 'browser';

export interface AppInfo {
  readonly name: 'Lanepoint';
  readonly version: string;
  readonly mode: TerminalMode;
  /** Training mode: embedded gateway emulator, emulated devices, its own journal, no real money. */
  readonly training: boolean;
  readonly terminalId: string;
  readonly shell: ShellKind;
}

export const deviceKinds = ['card-reader', 'signature-pad', 'printer'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export type DeviceTransportKind = 'serial' | 'hid' | 'keyboard-wedge' | 'tcp' | 'usb' | 'emulated';

export type DeviceStatus = 'connected' | 'connecting' | 'disconnected' | 'error';

export interface DeviceInfo {
  /** Stable id from settings, e.g. "reader-1". */
  readonly id: string;
  readonly kind: DeviceKind;
  /** What the cashier calls it, e.g. "Counter card reader". */
  readonly name: string;
  readonly transport: DeviceTransportKind;
  /** True for the emulated peers used in training mode. */
  readonly emulated: boolean;
  readonly status: DeviceStatus;
  /** The last error in words a store's IT person can act on, or null. */
  readonly lastError: string | null;
}

/** A card as the screen may show it: masked, never the track or a clear number. */
export interface CardSummary {
  readonly entryMode: 'swipe' | 'chip' | 'contactless' | 'fallback-swipe' | 'keyed';
  readonly maskedPan: string;
  readonly lastFour: string;
  readonly network: string;
  readonly name: string | null;
  readonly expiry: string | null;
  /** "pin", "signature", "pin-and-signature", "none", ... or null for swipe and keyed. */
  readonly cvm: string | null;
  readonly aid: string | null;
  readonly applicationLabel: string | null;
  readonly encrypted: boolean;
}

export const presentMethods = ['insert', 'tap', 'swipe'] as const;

/** One card of the training deck (assets/test-cards.json), as the card-deck panel shows it. */
export interface TestCardInfo {
  readonly id: string;
  readonly label: string;
  readonly network: string;
  readonly scenario: string;
  /** Masked like any card on screen, although these are public test numbers. */
  readonly maskedPan: string;
  readonly methods: ReadonlyArray<(typeof presentMethods)[number]>;
  /** The suggested sale amount for the scenario, e.g. "25.00". */
  readonly amount: string;
  readonly note: string;
}

/** The most points a signature may carry over the contract: the pads keep no more either. */
const maxSignaturePoints = 20_000;

/**
 * A signature as strokes in its capturing surface's coordinates: a pad's extent, or the on-screen
 * drawing area in CSS pixels. The codec scales them into the receipt canvas.
 */
export const signatureStrokesSchema = z
  .object({
    width: z.number().positive().max(100_000),
    height: z.number().positive().max(100_000),
    strokes: z
      .array(z.array(z.object({ x: z.number().finite(), y: z.number().finite() }).strict()).min(1).max(maxSignaturePoints), { error: 'expected a list of strokes, each a list of points' })
      .min(1, { error: 'nothing was signed' })
      .max(1000),
  })
  .strict()
  .superRefine((signature, context) => {
    let points = 0;
    signature.strokes.forEach((stroke, index) => {
      points += stroke.length;
      if (stroke.some((point) => point.x < 0 || point.y < 0 || point.x > signature.width || point.y > signature.height)) {
        context.addIssue({ code: 'custom', path: ['strokes', index], message: `a point lies outside the ${signature.width} x ${signature.height} surface` });
      }
    });
    if (points > maxSignaturePoints) context.addIssue({ code: 'custom', path: ['strokes'], message: `more than ${maxSignaturePoints} points` });
  });
export type SignatureStrokesInput = z.input<typeof signatureStrokesSchema>;

export const signatureSources = ['pad', 'screen'] as const;
export type SignatureSource = (typeof signatureSources)[number];

/** The signature capture as the screens see it. */
export interface SignatureSession {
  /** `idle`: no capture; `capturing`: waiting for the signer; `accepted`: a signature is ready. */
  readonly state: 'idle' | 'capturing' | 'accepted';
  readonly source: SignatureSource | null;
  /** The pad being signed on, and its extent for drawing its live ink to scale. */
  readonly deviceId: string | null;
  readonly extent: { readonly width: number; readonly height: number } | null;
  /** True when the pad is the training pad, which can sign recorded signatures. */
  readonly emulated: boolean;
  /** The accepted signature, while `state` is `accepted`. */
  readonly result: SignatureResult | null;
  /** True when a sale waits on this capture and the store lets a signed-in cashier skip it (`terminal.skipSignature`). */
  readonly skippable?: boolean;
}

/** The accepted signature as it will be sent and printed (the image, never anything about the card). */
export interface SignatureResult {
  /** Characters of the gateway string (at most 6144). */
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly lineWidth: number;
  /** True when the line or canvas shrank to fit 6144 characters. */
  readonly reduced: boolean;
  /** The image as the gateway will receive it, decoded back: a PNG data URL for the preview. */
  readonly png: string;
}

/** A sale's result as the screens show it: masked card, never the track. */
export interface SaleSummary {
  readonly outcome: 'approved' | 'partial' | 'declined' | 'retry' | 'not-charged' | 'unknown';
  /** What was asked: a sale (captured), an authorization to capture later, a forced credit, an ACH check or a stored-profile sale. */
  readonly tender: SaleTender;
  readonly orderId: string;
  readonly requestedMinor: number;
  readonly approvedMinor: number;
  readonly authcode: string | null;
  /** Why it was not approved, in words for the cashier. */
  readonly reason: string | null;
  readonly maskedPan: string;
  readonly entryMode: string;
  readonly signatureRequired: boolean;
  /** The cashier id that chose to go on without the signature the rules asked for, when one did. */
  readonly signatureSkippedBy?: string;
  readonly printed: boolean;
  readonly printProblem: string | null;
  /** The customer's receipt as printed, a PNG data URL for the preview; null when there is none. */
  readonly receiptPng: string | null;
}

/** Why money goes back, from a short list: the journal keeps it and the refund slip prints it. */
export const refundReasons = ['returned', 'damaged', 'wrong-amount', 'charged-twice', 'goodwill'] as const;
export type RefundReason = (typeof refundReasons)[number];
/** The reasons in the words the slip prints (the renderer keeps its own copy: ADR 002). */
export const refundReasonWords: Record<RefundReason, string> = {
  returned: 'Goods returned',
  damaged: 'Damaged or faulty',
  'wrong-amount': 'Charged the wrong amount',
  'charged-twice': 'Charged twice',
  goodwill: 'Goodwill',
};

/** A capture, void or refund as the screens show it. */
export interface FollowUpSummary {
  readonly operation: 'capture' | 'void' | 'refund';
  /** not-applied: the answer was lost and the gateway shows nothing changed (safe to try again). */
  readonly outcome: 'approved' | 'declined' | 'retry' | 'unknown' | 'not-applied';
  readonly orderId: string;
  /** Captured, voided or refunded, in minor units. */
  readonly amountMinor: number;
  /** After a void: what the authorization still holds. */
  readonly remainingMinor: number | null;
  /** A refund's own retrieval reference. */
  readonly retref: string | null;
  readonly reason: string | null;
  readonly printed: boolean;
  readonly printProblem: string | null;
}

/** One journal row as the history screen shows it: masked card, the gateway's answer, how it stands. */
export interface JournalEntryView {
  readonly id: number;
  readonly operation: 'auth' | 'capture' | 'void' | 'refund' | 'voidByOrderId';
  readonly orderId: string;
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  readonly entryMode: string | null;
  readonly state: 'pending' | 'completed' | 'unknown' | 'resolved' | 'not-sent';
  readonly createdAt: number;
  readonly respstat: string | null;
  readonly resptext: string | null;
  readonly authcode: string | null;
  readonly retref: string | null;
  readonly note: string | null;
  /** A sale's row: what its money did since, from the order's journal rows; null on other rows. */
  readonly money: OrderMoneyView | null;
  /** A refund's reason, as chosen from the list; null otherwise. */
  readonly reason: RefundReason | null;
}

/** What one order's money did, as the lane's journal knows it (minor units). */
export interface OrderMoneyView {
  /** The sale as asked. */
  readonly requestedMinor: number;
  /** What the gateway approved: less than asked for a partial approval, 0 when declined. */
  readonly approvedMinor: number;
  /** What the sale leaves to settle (captured; 0 once voided in full or for an authorization not captured yet). */
  readonly capturedMinor: number;
  readonly voidedMinor: number;
  readonly fullyVoided: boolean;
  readonly refundedMinor: number;
  /** A refund whose answer was lost and nobody has settled: it may have paid out. */
  readonly refundsInDoubt: number;
  /** How it was tendered (sale, authorize, forced-credit, ach, profile), when the journal kept it. */
  readonly tender: string | null;
}

/** A sale's customer's stored cards (the gateway's profile), masked: never a number or a token. */
export interface StoredCardsView {
  /** False when the sale used or created no stored profile (or it was deleted since). */
  readonly hasProfile: boolean;
  readonly cards: ReadonlyArray<{
    /** The account's id within the profile: what deleting names. */
    readonly acctid: string;
    /** The last four digits only, e.g. "****1443". */
    readonly maskedPan: string;
    readonly brand: string | null;
    /** The account authorizations use when only the profile is named. */
    readonly isDefault: boolean;
  }>;
}

/** What the journal and the gateway say about an order id. */
export interface LookupResult {
  readonly entries: readonly JournalEntryView[];
  /** The gateway's records for the order id now (inquireByOrderid), one per attempt. */
  readonly gateway: ReadonlyArray<{
    readonly retref: string | null;
    readonly amountMinor: number | null;
    readonly respstat: string | null;
    readonly resptext: string | null;
    readonly setlstat: string | null;
    readonly voidable: boolean;
    readonly refundable: boolean;
  }>;
  /** Why the gateway could not be asked, when it could not. */
  readonly gatewayProblem: string | null;
}

/** The day's settlement status and the lane's own totals. */
export interface EndOfDayReport {
  /** MMDD or the batch id asked for. */
  readonly query: { readonly date: string } | { readonly batchid: string };
  readonly batches: ReadonlyArray<{
    readonly batchid: string | null;
    readonly hoststat: string | null;
    readonly hostbatch: string | null;
    readonly count: number;
    readonly totalMinor: number;
    readonly refundsMinor: number;
  }>;
  /** The lane's journal for the day, by status: what the chart draws. */
  readonly journal: ReadonlyArray<{ readonly status: 'approved' | 'declined' | 'voided' | 'refunded' | 'captured' | 'unknown' | 'not-sent'; readonly count: number; readonly amountMinor: number }>;
  /**
   * The lane's day netted as the gateway settles it (sales as captured, voids to nothing,
   * refunds negative) beside what the batches settled of this lane's orders, order by order.
   */
  readonly reconciliation: {
    /** What the lane's day should settle. */
    readonly laneMinor: number;
    /** What the reported batches settled of the orders this lane made that day; null when no batch is reported. */
    readonly gatewayMinor: number | null;
    /** Orders where the two differ (only when a batch is reported). */
    readonly differences: ReadonlyArray<{ readonly orderId: string; readonly laneMinor: number; readonly gatewayMinor: number | null; readonly why: string }>;
  };
  readonly gatewayProblem: string | null;
}

/** An entry the recovery queue still works on, or one waiting for a person. */
export interface RecoveryItem {
  readonly entryId: number;
  readonly operation: JournalEntryView['operation'];
  readonly orderId: string;
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  readonly since: number;
  readonly note: string | null;
  /** True when only a person can settle it (a refund whose answer was lost). */
  readonly needsPerson: boolean;
}

export interface TerminalState {
  readonly phase: TerminalPhase;
  /** Epoch milliseconds when this phase began, from the injected clock. */
  readonly since: number;
  /** A short line for the status bar, e.g. "Waiting for card". */
  readonly detail: string | null;
  /** The customer's sale the main process holds, so a screen that connects mid-sale shows it; null between sales. */
  readonly sale: CurrentSale | null;
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
  /** Why the last attempt stopped with nothing charged (canceled, no card in time); null otherwise. */
  readonly problem: string | null;
}

/**
 * What recovery decided for a payment whose outcome nobody saw (found at start after a crash, or
 * settled in the background after a lost answer), kept until a signed-in person acknowledges it.
 */
export interface RecoveryFinding {
  readonly entryId: number;
  readonly operation: JournalEntryView['operation'];
  readonly orderId: string;
  /** What the payment moved: for a partial approval the approved amount, not the amount asked. */
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  /** start: after a restart; background: while the lane ran. */
  readonly source: 'start' | 'background';
  readonly foundAt: number;
  /**
   * approved / not-charged for a payment (unclear when the gateway refused the safety void, so a
   * person looks first); applied / not-applied for a capture, void or refund.
   */
  readonly outcome: 'approved' | 'not-charged' | 'unclear' | 'applied' | 'not-applied';
  readonly authcode: string | null;
  readonly retref: string | null;
  /** What it became and what to do, in the cashier's words: "Approved: authcode 123456, hand over the goods". */
  readonly message: string;
  /** Whether there is a receipt to print (an approval found later). */
  readonly receipt: boolean;
}

/**
 * Why the lane refuses to sell because of its journal: it `missing` (deleted), `emptied` (cut
 * to 0 bytes), `replaced` (another file in its place), `damaged`, `newer-schema` (a newer
 * Lanepoint wrote it; never downgraded), or `unreadable`. `message` names the file and the
 * cause in plain words; `acknowledgeable` says whether a manager's `journal.acknowledge` lets
 * the lane sell again (a new journal, the damaged one kept aside; or the replacement accepted).
 */
export interface JournalRefusal {
  readonly cause: 'missing' | 'emptied' | 'replaced' | 'damaged' | 'newer-schema' | 'unreadable';
  readonly file: string;
  readonly message: string;
  readonly acknowledgeable: boolean;
}

/** One line of the counter's cart: what was sold, how many, the unit price and the line's tax. */
export const cartLineSchema = z
  .object({
    description: z.string().trim().min(1, { error: 'a line needs a description' }).max(26, { error: 'a line\u2019s description is at most 26 characters' }),
    quantity: z.number().int().min(1).max(9999),
    unitMinor: z.number().int().min(0).max(9_999_999),
    taxMinor: z.number().int().min(0).max(9_999_999).default(0),
  })
  .strict();
export type { CartLine } from './cart';

/** A keyed card as the screen echoes it while the cashier types: never more than the first six and last four. */
export interface KeyedEntryView {
  /** True while a sale waits for a keyed card. */
  readonly active: boolean;
  /** Where the next digit goes. */
  readonly field: 'account' | 'expiry' | 'cvv';
  /** "4788 25•• •••• 1443" */
  readonly account: string;
  /** "12/28" */
  readonly expiry: string;
  /** One dot per digit. */
  readonly cvv: string;
  /** Why the card was refused, naming the field; null while typing. */
  readonly problem: string | null;
}

export const staffRoles = ['cashier', 'manager'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Who is signed in on the lane. */
export interface StaffSession {
  readonly cashierId: string;
  readonly name: string;
  readonly role: StaffRole;
  /** Epoch milliseconds of the sign-in. */
  readonly since: number;
}

/** Training's practice sign-ins, shown on the sign-in screen (never real staff). */
export interface TrainingLogin {
  readonly cashierId: string;
  readonly pin: string;
  readonly name: string;
  readonly role: StaffRole;
}

/** The settings a manager may change from the Settings screen, by their path in settings.json. */
export const editableSettings = [
  'merchantId',
  'gateway.url',
  'terminalId',
  'mode',
  'training',
  'payments.tips',
  'payments.forcedCredit',
  'payments.ach',
  'payments.cardTimeoutSeconds',
  'payments.confirmAboveMinor',
  'signature.policy',
  'signature.capture',
  'signature.allowSkip',
  'staff.refundLimitMinor',
  'kiosk.idleResetSeconds',
  'printer.profile',
  // The device lists, as JSON text (their shapes are in README, "Settings").
  'devices',
  'signaturePads',
  'printers',
] as const;
export type EditableSetting = (typeof editableSettings)[number];
export type SettingValue = string | number | boolean;

/** The Settings screen's view: values, where they come from, what waits for a restart; never a secret. */
export interface SettingsView {
  readonly values: Readonly<Record<EditableSetting, SettingValue>>;
  /** The choices of the settings that have a fixed set of them. */
  readonly choices: Readonly<Partial<Record<EditableSetting, readonly string[]>>>;
  /** Settings an environment variable overrides (setting → variable): saving them changes the file only. */
  readonly overridden: Readonly<Partial<Record<EditableSetting, string>>>;
  /** Saved settings that take effect when Lanepoint restarts. */
  readonly restartNeeded: readonly EditableSetting[];
  /** The gateway user name when one is stored, and whether a password is; never the password. */
  readonly credentials: { readonly username: string | null; readonly passwordSet: boolean };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/**
 * A command's declaration. `result` is a phantom: it carries the result type for the derived
 * client and is never set at runtime.
 */
export interface CommandSpec<Args extends z.ZodType, Result> {
  readonly summary: string;
  readonly args: Args;
  readonly result?: Result;
}

function command<Result>() {
  return <Args extends z.ZodType>(summary: string, args: Args): CommandSpec<Args, Result> => ({
    summary,
    args,
  });
}

const noArgs = z.object({}).strict();

/**
 * The most the gateway's amount fields hold, in minor units: 12 characters, "999999999.99"
 * (gateway/money.ts refuses more before anything is sent).
 */
export const maxAmountMinor = 99_999_999_999;

/**
 * An amount in minor units, up to what the gateway takes. The limit is checked before the
 * integer check, so a huge number is refused with the gateway's limit, not JavaScript's.
 */
function amountMinorFrom(min: 0 | 1) {
  return z
    .number()
    .min(min, { error: min === 0 ? 'an amount cannot be negative' : 'an amount is at least 0.01' })
    .max(maxAmountMinor, { error: 'an amount is at most 999,999,999.99: the gateway\u2019s amount field holds 12 characters' })
    .int({ error: 'an amount is a whole number of cents (minor units)' });
}

/**
 * A manager's PIN, given with a command only a manager may run (a void; a refund above the
 * lane's limit; settling a lost refund by hand; changing settings) when a cashier is signed in.
 */
const managerPin = z.string().regex(/^\d{4,8}$/, { error: 'a manager PIN is 4 to 8 digits' }).optional();

export const commands = {
  'session.current': command<StaffSession | null>()('Who is signed in on this lane, or null.', noArgs),
  'session.signIn': command<StaffSession>()(
    'Signs a cashier or a manager in with their id and PIN. Repeated wrong PINs lock the id for a minute.',
    z
      .object({
        cashierId: z.string().regex(/^\d{1,8}$/, { error: 'a cashier id is 1 to 8 digits' }),
        pin: z.string().regex(/^\d{4,8}$/, { error: 'a PIN is 4 to 8 digits' }),
      })
      .strict(),
  ),
  'session.signOut': command<{ readonly signedOut: boolean }>()('Signs the cashier out; the lane waits for the next sign-in.', noArgs),
  'session.trainingLogins': command<TrainingLogin[]>()('Training: the practice sign-ins; empty outside training.', noArgs),
  'settings.get': command<SettingsView>()('The settings the Settings screen shows and edits.', noArgs),
  'settings.update': command<SettingsView>()(
    'Checks and saves changed settings (a manager\u2019s); a wrong value fails naming the setting in `field`.',
    z
      .object({
        changes: z
          .partialRecord(z.enum(editableSettings, { error: 'not a setting the Settings screen changes' }), z.union([z.string().max(2048), z.number(), z.boolean()]))
          .refine((changes) => Object.keys(changes).length > 0, { error: 'nothing to change' }),
        managerPin,
      })
      .strict(),
  ),
  'settings.setCredentials': command<SettingsView>()(
    'Stores the live gateway\u2019s user name and password in the secret store (a manager\u2019s).',
    z
      .object({
        username: z.string().min(1, { error: 'the gateway user name is empty' }).max(64),
        password: z.string().min(1, { error: 'the gateway password is empty' }).max(128),
        managerPin,
      })
      .strict(),
  ),
  'settings.testCredentials': command<{ readonly ok: boolean; readonly message: string }>()(
    'Signs in to the gateway with the stored credentials and asks about the merchant: what a live sale would meet.',
    noArgs,
  ),
  'app.info': command<AppInfo>()('Version, mode and training flag of this terminal.', noArgs),
  'devices.list': command<DeviceInfo[]>()(
    'Configured devices with their status, optionally of one kind.',
    z.object({ kind: z.enum(deviceKinds).optional() }).strict(),
  ),
  'devices.readCard': command<CardSummary>()(
    'Reads one card on a card reader (the devices screen\u2019s test read); masked.',
    z
      .object({
        deviceId: z.string().max(32).optional(),
        timeoutSeconds: z.number().int().min(1).max(120).default(30),
      })
      .strict(),
  ),
  'devices.cancelRead': command<{ readonly canceled: boolean }>()(
    'Cancels a test read in progress on a card reader.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'devices.keystroke': command<{ readonly consumed: boolean }>()(
    'Browser mode: one keystroke for the keyboard-mode card reader\u2019s wedge, sent as it is typed (the main process times it on arrival). `consumed` keys are card data or held back; held keys a person typed are released by `seq` in `devices.keysReleased`, to this screen only.',
    z
      .object({
        /** One character, or a key name such as "Enter". */
        key: z.string().min(1).max(16),
        /** The page's number for this keystroke, rising: the release names it, never the key itself. */
        seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      })
      .strict(),
  ),
  'devices.testCards': command<TestCardInfo[]>()('Training: the card deck.', noArgs),
  'devices.presentTestCard': command<{ readonly presented: true }>()(
    'Training: inserts, taps or swipes a card of the deck on the emulated reader.',
    z
      .object({
        cardId: z.string().min(1).max(64),
        method: z.enum(presentMethods),
        /** Sale amount in minor units, for the chip record; the card\u2019s suggested amount by default. */
        amountMinor: amountMinorFrom(0).optional(),
        deviceId: z.string().max(32).optional(),
      })
      .strict(),
  ),
  'terminal.state': command<TerminalState>()('The payment state machine\u2019s current phase.', noArgs),
  'terminal.sale': command<SaleSummary>()(
    'Runs a card sale for the amount: read, signature when required, authorize through the journal, print. `tender` authorize holds the amount for a later capture; forced-credit returns money without a sale (where the merchant is configured for it). A repeated command for the same amount while it runs joins it (one authorization).',
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
      })
      .strict()
      .superRefine((sale, context) => {
        if (!sale.cart) return;
        const total = cartTotalMinor(sale.cart) + (sale.tipMinor ?? 0);
        if (total !== sale.amountMinor) {
          context.addIssue({ code: 'custom', path: ['cart'], message: `the cart and tip come to ${total} cents, not the amount of ${sale.amountMinor} cents` });
        }
      }),
  ),
  'terminal.achSale': command<SaleSummary>()(
    'An electronic check sale from a keyed bank account (routing number and account number; checking or savings).',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        routing: z.string().regex(/^\d{9}$/, { error: 'the routing (ABA) number is 9 digits' }),
        account: z.string().regex(/^\d{4,17}$/, { error: 'the bank account number is 4 to 17 digits' }),
        accountType: z.enum(['checking', 'savings']),
        name: z.string().min(1).max(30),
      })
      .strict(),
  ),
  'terminal.profileSale': command<SaleSummary>()(
    'A sale on a card-on-file customer\u2019s stored profile ("<20-digit profile id>/<account id>").',
    z
      .object({
        amountMinor: amountMinorFrom(1),
        profile: z.string().regex(/^\d{20}\/\d{1,3}$/, { error: 'a stored profile is written <20-digit profile id>/<1-3 digit account id>' }),
      })
      .strict(),
  ),
  'terminal.keyEntry': command<KeyedEntryView>()(
    'One key of a keyed card (a digit, Backspace, Tab or Enter), straight to the main process; the answer is the masked echo.',
    z.object({ key: z.string().regex(/^(\d|Backspace|Tab|Enter)$/, { error: 'a digit, Backspace, Tab or Enter' }) }).strict(),
  ),
  'terminal.cancel': command<{ readonly canceled: boolean }>()('Cancels the sale at a human step (waiting for the card or the signature).', noArgs),
  'terminal.skipSignature': command<{ readonly skipped: true }>()(
    'The signed-in cashier chooses to go on without the signature the sale waits for, where the store allows it (signature.allowSkip); journaled with who chose it.',
    noArgs,
  ),
  'terminal.capture': command<FollowUpSummary>()(
    'Captures an authorization by its order id, with a tip where the merchant takes tips (refused otherwise).',
    z.object({ orderId: z.string().min(1).max(19), tipMinor: amountMinorFrom(0).optional() }).strict(),
  ),
  'terminal.void': command<FollowUpSummary>()(
    'Voids a sale or authorization by its order id: all of it, or part while it is only authorized. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ orderId: z.string().min(1).max(19), amountMinor: amountMinorFrom(1).optional(), managerPin }).strict(),
  ),
  'terminal.refund': command<FollowUpSummary>()(
    'Refunds a settled sale by its order id: the amount always given (the screen offers what is left, never assumes it) and a reason from the list. Above the lane\u2019s refund limit a cashier gives `managerPin`.',
    z.object({ orderId: z.string().min(1).max(19), amountMinor: amountMinorFrom(1), reason: z.enum(refundReasons), managerPin }).strict(),
  ),
  'terminal.reprint': command<{ readonly printed: boolean; readonly problem: string | null; readonly png: string }>()(
    'Prints a sale\u2019s receipt again, marked DUPLICATE, from what the journal kept.',
    z.object({ orderId: z.string().min(1).max(19), copy: z.enum(['merchant', 'customer']).optional() }).strict(),
  ),
  'terminal.lookup': command<LookupResult>()(
    'What the journal and the gateway say about an order id (inquire by order id) or a retrieval reference (inquire).',
    z
      // The gateway's orderid is up to 50 characters: an order made elsewhere for this merchant can be asked about too.
      .object({ orderId: z.string().min(1).max(50).optional(), retref: z.string().regex(/^\d{1,14}$/, { error: 'a retrieval reference is up to 14 digits' }).optional() })
      .strict()
      .refine((args) => (args.orderId === undefined) !== (args.retref === undefined), { error: 'give an order id or a retrieval reference', path: ['orderId'] }),
  ),
  'terminal.history': command<JournalEntryView[]>()(
    'The journal, newest first: by last four, amount, order id or a day (YYYY-MM-DD, the lane\u2019s local day).',
    z
      .object({
        lastFour: z.string().regex(/^\d{4}$/, { error: 'the last four digits' }).optional(),
        amountMinor: amountMinorFrom(0).optional(),
        orderId: z.string().min(1).max(19).optional(),
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a day as YYYY-MM-DD' }).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
  ),
  'terminal.storedCards': command<StoredCardsView>()(
    'The stored cards of the customer of a sale (the profile the sale used or created, as the gateway keeps it), masked.',
    z.object({ orderId: z.string().min(1).max(19) }).strict(),
  ),
  'terminal.deleteStoredCard': command<StoredCardsView>()(
    'Deletes one stored card of a sale\u2019s customer at the gateway; the cards left. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ orderId: z.string().min(1).max(19), acctid: z.string().regex(/^\d{1,3}$/, { error: 'a stored card\u2019s account id is 1 to 3 digits' }), managerPin }).strict(),
  ),
  'terminal.addSignature': command<{ readonly saved: boolean; readonly reason: string | null }>()(
    'Sends the signature just accepted (signature.accept or signature.submit) to the gateway for an approved sale that was not signed when paid (sigcap). Moves no money.',
    z.object({ orderId: z.string().min(1).max(19) }).strict(),
  ),
  'terminal.endOfDay': command<EndOfDayReport>()(
    'Settlement status by date (MMDD; today when neither is given) or batch id, with the lane\u2019s totals for the day.',
    z
      .object({
        date: z.string().regex(/^\d{4}$/, { error: 'a date as MMDD' }).optional(),
        batchid: z.string().min(1).max(12).optional(),
      })
      .strict(),
  ),
  'terminal.recoveryQueue': command<RecoveryItem[]>()('Entries whose outcome is not known yet, checked again in the background.', noArgs),
  'terminal.settleByHand': command<RecoveryItem[]>()(
    'Records what a person found for an entry only a person can settle (a refund whose answer was lost): whether it took effect. Returns the queue.',
    z.object({ entryId: z.number().int().min(1), applied: z.boolean(), note: z.string().min(1).max(200), managerPin }).strict(),
  ),
  'journal.refusal': command<JournalRefusal | null>()('Why the lane refuses to sell because of its journal, or null when it is in order.', noArgs),
  'journal.acknowledge': command<JournalRefusal | null>()(
    'A manager has seen the journal refusal: a new journal is started (a damaged one kept aside) or the replacement accepted, and the lane sells again. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
  'terminal.recover': command<{ readonly settled: number; readonly open: number }>()('Checks the recovery queue with the gateway now.', noArgs),
  'terminal.newSale': command<TerminalState>()(
    'Ends the customer\u2019s sale the lane holds, for the next customer; refused while a payment runs or money is still owed after a partial approval.',
    noArgs,
  ),
  'terminal.findings': command<RecoveryFinding[]>()('What recovery settled that nobody has acknowledged yet.', noArgs),
  'terminal.acknowledgeFinding': command<RecoveryFinding[]>()(
    'The signed-in person saw what recovery found for an entry; returns what is left to acknowledge.',
    z.object({ entryId: z.number().int().min(1) }).strict(),
  ),
  'terminal.printFinding': command<{ readonly printed: boolean; readonly problem: string | null; readonly png: string }>()(
    'Prints the receipt of an approval recovery found later (the customer never got one).',
    z.object({ entryId: z.number().int().min(1) }).strict(),
  ),
  'printers.testPrint': command<{ readonly printed: true }>()(
    'Prints a test page; fails with what to do when the printer needs attention (the page is kept and prints on resume).',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.resume': command<{ readonly held: number }>()(
    'The operator loaded paper, closed the cover or turned the printer on: held jobs print now.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.discardHeld': command<{ readonly discarded: number }>()(
    'Gives up the jobs held for a printer problem.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'printers.lastPage': command<{ readonly png: string | null; readonly lines: readonly string[] }>()(
    'Training: the last page the emulated printer printed from the bytes it received, as a PNG data URL and its text.',
    z.object({ deviceId: z.string().max(32).optional() }).strict(),
  ),
  'training.loseNextAnswer': command<{ readonly armed: true }>()(
    'Training: the built-in gateway processes the next authorization but its answer is lost on the way back, so the lane\u2019s recovery runs.',
    noArgs,
  ),
  'training.reset': command<{ readonly reset: true }>()(
    'Starts training\u2019s built-in gateway afresh: its store (the practice day) is set aside for support and a new one made. A manager\u2019s: a cashier gives `managerPin`.',
    z.object({ managerPin }).strict(),
  ),
  'training.settleBatches': command<{ readonly batches: number }>()(
    'Training: the built-in gateway closes its open batches now, as the processor does overnight, so settled sales can be refunded.',
    noArgs,
  ),
  'signature.session': command<SignatureSession>()('The signature capture\u2019s state.', noArgs),
  'signature.begin': command<SignatureSession>()(
    'Starts a signature capture on a pad or on the screen (by default as the `signature.capture` setting says). Ends any capture in progress.',
    z
      .object({
        source: z.enum(signatureSources).optional(),
        deviceId: z.string().max(32).optional(),
      })
      .strict(),
  ),
  'signature.clear': command<SignatureSession>()('Throws the strokes so far away; the capture goes on.', noArgs),
  'signature.accept': command<SignatureResult>()('Accepts what was signed on the pad.', noArgs),
  'signature.submit': command<SignatureResult>()(
    'Accepts a signature drawn on the screen, as strokes in the drawing area\u2019s CSS pixels.',
    z.object({ signature: signatureStrokesSchema }).strict(),
  ),
  'signature.cancel': command<{ readonly canceled: boolean }>()('Ends the capture without a signature.', noArgs),
  'signature.recorded': command<string[]>()('Training: the names of the recorded signatures the training pad can sign.', noArgs),
  'signature.replay': command<{ readonly signed: true }>()(
    'Training: the training pad signs a recorded signature during a capture, in real time.',
    z.object({ name: z.string().min(1).max(64) }).strict(),
  ),
} as const;

export type CommandName = keyof typeof commands;
export const commandNames = Object.keys(commands) as CommandName[];

/** What a caller passes (before defaults are applied). */
export type CommandArgs<N extends CommandName> = z.input<(typeof commands)[N]['args']>;
/** What a handler receives (validated, defaults applied). */
export type ParsedCommandArgs<N extends CommandName> = z.output<(typeof commands)[N]['args']>;
export type CommandResult<N extends CommandName> =
  (typeof commands)[N] extends CommandSpec<z.ZodType, infer R> ? R : never;

// ---------------------------------------------------------------------------------------------
// Events (main → renderer)
// ---------------------------------------------------------------------------------------------

export interface EventSpec<Payload> {
  readonly summary: string;
  readonly payload?: Payload;
}

function event<Payload>(summary: string): EventSpec<Payload> {
  return { summary };
}

export const events = {
  'session.changed': event<StaffSession | null>('A cashier signed in or out.'),
  'devices.changed': event<DeviceInfo[]>('The device list or a device\u2019s status changed.'),
  'terminal.state': event<TerminalState>('The payment state machine moved to another phase.'),
  'terminal.keyEntry': event<KeyedEntryView>('The keyed card being typed changed: its masked echo, the field, a refusal.'),
  'terminal.recoveryQueue': event<RecoveryItem[]>('The recovery queue changed: an entry joined it, or was settled.'),
  'journal.refusal': event<JournalRefusal | null>('The lane started refusing to sell because of its journal, or a manager\u2019s acknowledgement ended it.'),
  'terminal.findings': event<RecoveryFinding[]>('Recovery settled an entry nobody saw settle, or a finding was acknowledged.'),
  'signature.session': event<SignatureSession>('A signature capture began, was accepted, or ended.'),
  'signature.ink': event<{ readonly stroke: number; readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }> }>(
    'Points the signer just drew on the pad, in the pad\u2019s coordinates, for the live preview.',
  ),
  'signature.cleared': event<Record<string, never>>('The strokes so far were thrown away (Clear on the screen or the pad).'),
  'devices.keysReleased': event<{ readonly seqs: readonly number[] }>(
    'Keystrokes the card reader wedge held back that a person typed, by the `seq` the page gave them: sent only to the screen that typed them, which types them now, in order. It never carries the keys (a PIN, a keyed card number).',
  ),
} as const;

export type EventName = keyof typeof events;
export const eventNames = Object.keys(events) as EventName[];
export type EventPayload<N extends EventName> =
  (typeof events)[N] extends EventSpec<infer P> ? P : never;

// ---------------------------------------------------------------------------------------------
// The wire
// ---------------------------------------------------------------------------------------------

export const commandErrorCodes = [
  /** The arguments failed the command's schema; `field` names the first bad one. */
  'invalid_argument',
  /** No command of that name exists in this contract. */
  'unknown_command',
  /** The caller may not do this (wrong sender, missing manager approval). */
  'forbidden',
  /** The request was understood but cannot be done now; the message says why. */
  'failed_precondition',
  /** A bug or an unexpected fault; details are in the terminal log under `ref`. */
  'internal',
  /** The renderer could not reach the main process (browser mode: the bridge is down). */
  'unavailable',
  /** Too many commands from one screen at once, or too often; the message says when to try again. */
  'resource_exhausted',
] as const;
export type CommandErrorCode = (typeof commandErrorCodes)[number];

export interface CommandError {
  readonly code: CommandErrorCode;
  readonly message: string;
  /** Dotted path of the argument that was wrong, for `invalid_argument`. */
  readonly field?: string;
  /** Correlates with the terminal log for `internal` errors. */
  readonly ref?: string;
}

export type CommandReply<R = unknown> =
  | { readonly ok: true; readonly result: R }
  | { readonly ok: false; readonly error: CommandError };

/** Messages on the browser-mode WebSocket bridge. */
export type BridgeClientMessage = {
  readonly type: 'command';
  readonly id: number;
  readonly name: string;
  readonly args?: unknown;
};

export type BridgeServerMessage =
  | ({ readonly type: 'reply'; readonly id: number } & CommandReply)
  | { readonly type: 'event'; readonly name: EventName; readonly payload: unknown };

/** The Electron IPC channel names, derived from the contract so both sides agree. */
export const ipcChannels = {
  command: (name: CommandName) => `pos:command:${name}`,
  event: 'pos:event',
} as const;

/**
 * The generic half of `window.pos`: call any command by name, listen to any event. A command
 * resolves with its reply envelope rather than throwing, because an Error crossing Electron's
 * contextBridge keeps only its message and would lose `code` and `field`. A transport failure
 * (the bridge is down) is a reply too, with code `unavailable`.
 */
export interface PosTransport {
  call<N extends CommandName>(name: N, args?: CommandArgs<N>): Promise<CommandReply<CommandResult<N>>>;
  onEvent<N extends EventName>(
    name: N,
    listener: (payload: EventPayload<N>) => void,
    options?: { signal?: AbortSignal },
  ): () => void;
}

type NamespaceOf<N extends string> = N extends `${infer NS}.${string}` ? NS : never;
type ActionOf<N extends string, NS extends string> = N extends `${NS}.${infer A}` ? A : never;

/**
 * The named half of `window.pos`, derived from the command names: `pos.devices.list({ kind })`
 * calls `devices.list`. A new command in `commands` appears here with no hand-written type.
 */
export type PosActions = {
  readonly [NS in NamespaceOf<CommandName>]: {
    readonly [A in ActionOf<CommandName, NS>]: `${NS}.${A}` extends infer N extends CommandName
      ? (args?: CommandArgs<N>) => Promise<CommandReply<CommandResult<N>>>
      : never;
  };
};

/** What the Electron preload exposes as `window.pos`; the WebSocket client implements it too. */
export type PosApi = PosTransport & PosActions;
