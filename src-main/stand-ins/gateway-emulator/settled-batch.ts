/** One settled batch, as settlestat reports it. */
export interface SettledBatch {
  readonly batchid: string;
  readonly merchid: string;
  /**
   * developer-guides.md, settlestatByBatchSource's hoststat: GB accepted, MB some transactions
   * accepted and some rejected, BB transmitted but every transaction rejected, RB the batch
   * rejected by the processor, EB empty (no valid transactions); while held, blank queued for the
   * processor, SB sent but not confirmed, ND no confirmation within the timeout window.
   */
  readonly hoststat: 'GB' | 'MB' | 'BB' | 'RB' | 'EB' | '' | 'SB' | 'ND';
  /** Closed but not settled yet (blank, SB, ND): the next settlement confirms it. */
  readonly held?: boolean;
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
  /** Absent while the batch is held: no letter means "awaiting the processor". */
  readonly setlstat?: string;
  readonly authcode?: string;
  readonly cardtype?: string;
}
