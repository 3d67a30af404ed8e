/** Settlement status of an emulated transaction, as the spec's state table names them. */
export type Setlstat =
  'Authorized' | 'Queued for Capture' | 'Accepted' | 'Rejected' | 'Zero Amount' | 'Voided' | 'Declined';

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
  /** The stored profile the authorization used or created. */
  profileid?: string;
  acctid?: string;
}

/**
 * Where transactions live. In memory by default; the interface is what a SQLite-backed
 * ledger implements so a training day survives a restart.
 */
export interface Ledger {
  add(transaction: EmulatedTransaction): void;
  /** Persists changes made to a transaction already added (state, amounts, batch). */
  save(transaction: EmulatedTransaction): void;
  get(retref: string): EmulatedTransaction | undefined;
  byOrderId(orderid: string): EmulatedTransaction[];
  all(): EmulatedTransaction[];
}

export function createMemoryLedger(): Ledger {
  const byRetref = new Map<string, EmulatedTransaction>();
  return {
    add(transaction) {
      if (byRetref.has(transaction.retref)) throw new Error(`retref ${transaction.retref} is already in the ledger`);
      byRetref.set(transaction.retref, transaction);
    },
    // In memory the object is the record: nothing more to write.
    save: () => undefined,
    get: (retref) => byRetref.get(retref),
    byOrderId: (orderid) => [...byRetref.values()].filter((t) => t.orderid === orderid && t.kind !== 'refund'),
    all: () => [...byRetref.values()],
  };
}
