/** One settled batch, as settlestat reports it. */
export interface SettledBatch {
  readonly batchid: string;
  readonly merchid: string;
  /** GB all accepted, MB some rejected, RB all rejected, EB empty. */
  readonly hoststat: 'GB' | 'MB' | 'RB' | 'EB';
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
