/**
 * What the journal records: a money-moving call's row, its outcome and state, and how a row maps
 * to and from the SQLite table. Shapes only; journal.ts is the store.
 */

/** The calls that move money: each is journaled before it leaves and completed after. */
export const journalOperations = ['auth', 'capture', 'void', 'refund', 'voidByOrderId'] as const;
export type JournalOperation = (typeof journalOperations)[number];

/**
 * - `pending`: written, the request may or may not have left (a crash here is resolved at start);
 * - `completed`: the gateway's answer is recorded;
 * - `unknown`: the request may have arrived and the answer was lost: recovery runs;
 * - `resolved`: recovery learned the outcome (found, voided, or never processed);
 * - `not-sent`: the request certainly did not leave (it failed validation or could not connect);
 * - `stored`: an offline payment (ADR 074): never sent yet, its request sealed beside the row
 *   (offline_payments) until the forwarder sends it; not lost, so recovery leaves it alone.
 */
export type JournalState = 'pending' | 'completed' | 'unknown' | 'resolved' | 'not-sent' | 'stored';

/** What is known before the request: no track, TLV, CVV or full card number, by construction. */
export interface JournalIntent {
  readonly operation: JournalOperation;
  readonly orderId: string;
  readonly amountMinor: number;
  /** At most the first six and last four digits, the rest masked. */
  readonly maskedPan?: string;
  readonly entryMode?: string;
  /** The authorization a capture, void or refund acts on. */
  readonly originalRetref?: string;
  /**
   * What recovery needs beyond the amount, never card data: the tip in a capture, the amount a
   * partial void should leave, how an authorization was tendered (card, ACH, stored profile).
   */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
}

/** The gateway's answer, as much of it as the journal keeps. */
export interface JournalOutcome {
  readonly respstat?: string;
  readonly respcode?: string;
  readonly resptext?: string;
  readonly retref?: string;
  readonly authcode?: string;
  readonly batchid?: string;
  readonly setlstat?: string;
  /** The gateway's emvTagData string and receipt object, for reprints. */
  readonly emvTagData?: string;
  readonly receipt?: unknown;
  readonly amountMinor?: number;
  /** A surcharge or fee the gateway added, included in `amountMinor` (ADR 067). */
  readonly feeMinor?: number;
  /** The fee's kind (S surcharge, C convenience, F service), format (percent, flat) and value, for the slip's fee line. */
  readonly feeType?: string;
  readonly feeFormat?: string;
  readonly feeValue?: string;
  /**
   * The stored profile the authorization used or created (ids, not card data): a card-on-file
   * consent's record. The profile id in dotted groups of four (journaled.ts `journaledProfileId`).
   */
  readonly profileid?: string;
  readonly acctid?: string;
  /** The address check's answer (`avsresp`) of a keyed card's billing address, so History says it too (ADR 088). */
  readonly avsresp?: string;
  /** A capture, void or refund whose answer was lost: whether recovery found it took effect. */
  readonly applied?: boolean;
}

export interface JournalEntry extends JournalIntent {
  readonly id: number;
  readonly state: JournalState;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly outcome: JournalOutcome | null;
  /** Why it is unknown or how it was resolved, in words. */
  readonly note: string | null;
  /** Who was signed in when it was written, and the shift then open (ADR 065); absent on older rows. */
  readonly cashier?: string;
  readonly shiftId?: number;
}

export interface JournalFilter {
  readonly orderId?: string;
  readonly lastFour?: string;
  readonly amountMinor?: number;
  readonly operation?: JournalOperation;
  /** The gateway's reference: the row it answered, and the follow-ups that acted on it. */
  readonly retref?: string;
  /** The sale's tender as its authorization row keeps it (`authorize`: the holds captured later). */
  readonly tender?: string;
  readonly from?: number;
  readonly to?: number;
  readonly limit?: number;
}

/** Where recovery settled an entry nobody saw settle: at start (a crash or power cut mid-payment) or in the background (a lost answer). */
export type FindingSource = 'start' | 'background';

/** A row of the entries table as SQLite returns it. */
export interface Row {
  id: number;
  operation: JournalOperation;
  order_id: string;
  amount_minor: number;
  masked_pan: string | null;
  entry_mode: string | null;
  original_retref: string | null;
  detail: string | null;
  state: JournalState;
  outcome: string | null;
  note: string | null;
  created_at: number;
  updated_at: number;
  cashier?: string | null;
  shift_id?: number | null;
}

/** A row as the journal hands it out: optional columns left out, JSON columns parsed. */
export function toEntry(row: Row): JournalEntry {
  return {
    id: row.id,
    operation: row.operation,
    orderId: row.order_id,
    amountMinor: row.amount_minor,
    ...(row.masked_pan !== null ? { maskedPan: row.masked_pan } : {}),
    ...(row.entry_mode !== null ? { entryMode: row.entry_mode } : {}),
    ...(row.original_retref !== null ? { originalRetref: row.original_retref } : {}),
    ...(row.detail !== null ? { detail: JSON.parse(row.detail) as Record<string, string | number | boolean> } : {}),
    state: row.state,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as JournalOutcome),
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(typeof row.cashier === 'string' ? { cashier: row.cashier } : {}),
    ...(typeof row.shift_id === 'number' ? { shiftId: row.shift_id } : {}),
  };
}

/** The rest of a partly approved sale, taken outside the lane (cash, a check) and recorded by a cashier. */
export interface OutsideTender {
  readonly id: number;
  /** The partly approved sale's order. */
  readonly orderId: string;
  readonly amountMinor: number;
  /** The cashier id that recorded it. */
  readonly recordedBy: string;
  readonly createdAt: number;
}
