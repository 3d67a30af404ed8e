/** One settled batch, as settlestat reports it. */
export interface SettledBatch {
  readonly batchid: string;
  readonly merchid: string;
  /**
   * developer-guides.md, settlestatByBatchSource's hoststat: GB accepted, MB some transactions
   * accepted and some rejected, BB transmitted but every transaction rejected, RB the batch
   * rejected by the processor, EB empty (no valid transactions).
   */
  readonly hoststat: 'GB' | 'MB' | 'BB' | 'RB' | 'EB';
  readonly hostbatch: string;
  readonly respproc: string;
  /** The batch source it was opened with, or its captures carried; absent when none. */
  readonly batchsource?: string;
  /** MMDD of the settlement, for settlestat?date=. */
  readonly date: string;
  readonly txns: ReadonlyArray<SettledEntry>;
  /** Set once settlestat with merchid alone has returned it. */
  returned: boolean;
}

/** One transaction of a settled batch, with settlestat's txns fields. */
export interface SettledEntry {
  readonly retref: string;
  readonly setlamount: string;
  readonly salesdoc?: string;
  readonly setlstat: string;
  readonly authcode?: string;
  readonly cardtype?: string;
}
