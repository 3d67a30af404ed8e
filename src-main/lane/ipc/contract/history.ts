/** The journal as the history screen reads it, a lookup at the gateway, and the end of the day. */
import { z } from 'zod';
import type { RefundReason, VoidReason } from '../refund-reasons';
import type { SaleSummary } from './sale';
import { amountMinorFrom } from './schemas';
import { command } from './spec';

/** One journal row as the history screen shows it: masked card, the gateway's answer, how it stands. */
export interface JournalEntryView {
  readonly id: number;
  readonly operation: 'auth' | 'capture' | 'void' | 'refund' | 'voidByOrderId';
  readonly orderId: string;
  readonly amountMinor: number;
  readonly maskedPan: string | null;
  readonly entryMode: string | null;
  readonly state: 'pending' | 'completed' | 'unknown' | 'resolved' | 'not-sent' | 'stored';
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
  /** A void's reason, as chosen from the list (absent or null on other rows). */
  readonly voidReason?: VoidReason | null;
  /** A sale's card brand as the receipt prints it ("VISA"), so a void or refund names the card (absent or null on other rows). */
  readonly brand?: string | null;
  /** A sale's address check (a keyed card's billing address), in the words the sale's result used; absent or null otherwise. */
  readonly avs?: SaleSummary['avs'] | null;
}

/** What one order's money did, as the lane's journal knows it (minor units). */
export interface OrderMoneyView {
  /** The sale as asked. */
  readonly requestedMinor: number;
  /** What the gateway approved: less than asked for a partial approval, 0 when declined. */
  readonly approvedMinor: number;
  /** What the sale leaves to settle (captured; 0 once voided in full or for an authorization not captured yet). */
  readonly capturedMinor: number;
  /** Taken off the authorization by voids, in full or in part. */
  readonly voidedMinor: number;
  /** A void of all of it went through: nothing of the sale remains. */
  readonly fullyVoided: boolean;
  /** Refunds the gateway approved (or recovery found took effect). */
  readonly refundedMinor: number;
  /** Refunds whose answer was lost and nobody has settled yet: they may have paid out. */
  readonly refundsInDoubt: number;
  /** How it was tendered (a name from `saleTenders`, ipc/tenders.ts), when the journal kept it. */
  readonly tender: string | null;
  /** Which follow-ups the journal already rules out, and why in the cashier's words (terminal/order-money.ts). */
  readonly usedUp: FollowUpsUsedUp;
}

/**
 * For each follow-up of a sale, why the journal already says it cannot go (the words the screen
 * shows by its disabled button), or null when it may be tried (the gateway still has its say).
 */
export interface FollowUpsUsedUp {
  readonly void: string | null;
  readonly refund: string | null;
  readonly capture: string | null;
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
  readonly journal: ReadonlyArray<{
    readonly status:
      | 'approved'
      | 'declined'
      | 'voided'
      | 'refunded'
      | 'captured'
      | 'unknown'
      | 'not-sent'
      | 'stored'
      /** Taken offline, sent later and not approved: the customer left with the goods. */
      | 'offline-declined';
    readonly count: number;
    readonly amountMinor: number;
  }>;
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
    readonly differences: ReadonlyArray<{
      readonly orderId: string;
      readonly laneMinor: number;
      readonly gatewayMinor: number | null;
      readonly why: string;
    }>;
    /** Of the lane's day, what waits in the open batch (a capture after the last settlement, a refund of a settled sale). */
    readonly pendingMinor: number;
    /**
     * Follow-ups that settle in another batch than those reported, as inquire tells: `pending`
     * while they wait for the next batch, or settled in a batch not among these. They are no difference.
     */
    readonly later: ReadonlyArray<{
      readonly orderId: string;
      readonly amountMinor: number;
      readonly batchid: string | null;
      readonly pending: boolean;
      readonly why: string;
    }>;
  };
  readonly gatewayProblem: string | null;
}

export const historyCommands = {
  'terminal.lookup': command<LookupResult>()(
    'What the journal and the gateway say about an order id (inquire by order id) or a retrieval reference (inquire).',
    z
      // The gateway's orderid is up to 50 characters: an order made elsewhere for this merchant can be asked about too.
      .object({
        orderId: z.string().min(1).max(50).optional(),
        retref: z
          .string()
          .regex(/^\d{1,14}$/, { error: 'a retrieval reference is up to 14 digits' })
          .optional(),
      })
      .strict()
      .refine((args) => (args.orderId === undefined) !== (args.retref === undefined), {
        error: 'give an order id or a retrieval reference',
        path: ['orderId'],
      }),
  ),
  'terminal.history': command<JournalEntryView[]>()(
    'The journal, newest first: by last four, amount, order id or a day (YYYY-MM-DD, the lane\u2019s local day).',
    z
      .object({
        lastFour: z
          .string()
          .regex(/^\d{4}$/, { error: 'the last four digits' })
          .optional(),
        amountMinor: amountMinorFrom(0).optional(),
        orderId: z.string().min(1).max(19).optional(),
        day: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a day as YYYY-MM-DD' })
          .optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
  ),
  'terminal.endOfDay': command<EndOfDayReport>()(
    'Settlement status by date (MMDD; today when neither is given) or batch id, with the lane\u2019s totals for the day.',
    z
      .object({
        date: z
          .string()
          .regex(/^\d{4}$/, { error: 'a date as MMDD' })
          .optional(),
        batchid: z.string().min(1).max(12).optional(),
      })
      .strict(),
  ),
} as const;
