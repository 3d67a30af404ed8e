/** Settlement status of an emulated transaction, as the spec's state table names them. */
export type Setlstat =
  | 'Authorized'
  | 'Queued for Capture'
  | 'Accepted'
  | 'Rejected'
  | 'Zero Amount'
  | 'Voided'
  | 'Declined'
  // The settlement conditions of gateway-openapi.yaml's txns.setlstat F, T and W, by its names.
  | 'Format Error'
  | 'Token Decrypt'
  | 'Amount under review';

/** A fee an authorization carried (a surcharge), in the reference's field names; money in minor units. */
export interface EmulatedFee {
  readonly amountMinor: number;
  /** fee_type: S surcharge (C, F, N as configured). */
  readonly type: string;
  /** fee_format: percent or flat. */
  readonly format: string;
  /** fee_value: the configured percentage or flat amount. */
  readonly value: string;
  /** fee_merchid: the linked MID; "" when not applicable. */
  readonly merchid: string;
}

/** One authorization (or refund) the emulator has answered. Money in minor units. */
export interface EmulatedTransaction {
  readonly retref: string;
  readonly merchid: string;
  readonly orderid: string | undefined;
  readonly receiptRequested: boolean;
  /** What the answer's `account` held: a token, or the masked number when tokenize was Y. */
  readonly account: string;
  readonly token: string;
  readonly lastfour: string;
  readonly name: string | undefined;
  readonly currency: string;
  /** The authorized amount. */
  readonly amount: number;
  /** What is still authorized after partial voids. */
  remaining: number;
  /** The captured amount once captured. */
  captured: number | null;
  readonly respstat: 'A' | 'B' | 'C';
  readonly respcode: string;
  readonly respproc: string;
  readonly resptext: string;
  readonly authcode: string | undefined;
  setlstat: Setlstat;
  batchid: string | undefined;
  capturedate: string | undefined;
  settledate: string | undefined;
  /** YYYYMMDD */
  readonly authdate: string;
  readonly entrymode: string | undefined;
  readonly userfields: ReadonlyArray<Readonly<Record<string, string>>>;
  readonly receipt: Readonly<Record<string, string>> | undefined;
  /** Sent with the authorization, or added later by sigcap. */
  signature: string | undefined;
  /** The EMV tag data answered with the authorization (a JSON object as a string). */
  readonly emvTagData?: string | undefined;
  /** sale, refund (a reversal of a sale, with its own retref), forced credit or verification. */
  readonly kind: 'sale' | 'refund' | 'forced-credit' | 'verification';
  /** For a refund: the sale it refunds. */
  readonly refundOf: string | undefined;
  /** The expiry (MMYY) the authorization answered, for inquire. */
  expiry?: string;
  /** Y for a corporate or purchase card, as the authorization answered it. */
  commcard?: string;
  /** The surcharge included in `amount`, when the authorization carried one. */
  fee?: EmulatedFee;
  /** The caller's batch id (auth's or capture's batchsource), for settlestatByBatchSource. */
  batchsource?: string;
  /** Approved on a voice authorization code (PPS 01): it cannot be voided (PPS 70), only refunded. */
  voice?: boolean;
  /** The stored profile the authorization used or created. */
  profileid?: string;
  acctid?: string;
  /** The stored-credential flags the authorization carried: cof C (customer-initiated) or M (merchant-initiated). */
  cof?: string;
  /** Y a scheduled, recurring payment; N a one-time payment. */
  cofscheduled?: string;
}

/**
 * Where transactions live. In memory by default; the interface is what a SQLite-backed
 * ledger implements so a training day survives a restart. A transaction a method returns is
 * the record: change it, then `save` it.
 */
export interface Ledger {
  add(transaction: EmulatedTransaction): void;
  /** Persists changes made to a transaction already added (state, amounts, batch). */
  save(transaction: EmulatedTransaction): void;
  get(retref: string): EmulatedTransaction | undefined;
  /** The order's transactions other than refunds, oldest first. */
  byOrderId(orderid: string): EmulatedTransaction[];
  /** The merchant's transactions in this batch, oldest first. */
  inBatch(merchid: string, batchid: string): EmulatedTransaction[];
  /** The refunds of this sale, oldest first. */
  refundsOf(retref: string): EmulatedTransaction[];
  /** The highest numeric retref held, 0 when empty (retrefs continue above it after a restart). */
  highestRetref(): number;
  /** Every transaction, oldest first (funding and tests; a long day makes this large). */
  all(): EmulatedTransaction[];
  /** How many transactions are held in memory (a bounded cache in front of a file, or all of them). */
  resident(): number;
}

export function createMemoryLedger(): Ledger {
  const byRetref = new Map<string, EmulatedTransaction>();
  const where = (keep: (t: EmulatedTransaction) => boolean) => [...byRetref.values()].filter(keep);
  return {
    add(transaction) {
      if (byRetref.has(transaction.retref)) throw new Error(`retref ${transaction.retref} is already in the ledger`);
      byRetref.set(transaction.retref, transaction);
    },
    // In memory the object is the record: nothing more to write.
    save: () => undefined,
    get: (retref) => byRetref.get(retref),
    byOrderId: (orderid) => where((t) => t.orderid === orderid && t.kind !== 'refund'),
    inBatch: (merchid, batchid) => where((t) => t.batchid === batchid && t.merchid === merchid),
    refundsOf: (retref) => where((t) => t.refundOf === retref),
    highestRetref: () => [...byRetref.keys()].reduce((highest, retref) => Math.max(highest, Number(retref) || 0), 0),
    all: () => [...byRetref.values()],
    resident: () => byRetref.size,
  };
}
