import { decimal, stamps, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import { settlementStatusLetters } from '../gateway/settlement';
import type { EmulatedTransaction, Setlstat } from './ledger';

/** One settled batch, as settlestat reports it. */
export interface SettledBatch {
  readonly batchid: string;
  readonly merchid: string;
  /** GB all accepted, MB some rejected, RB all rejected, EB empty. */
  readonly hoststat: 'GB' | 'MB' | 'RB' | 'EB';
  readonly hostbatch: string;
  readonly respproc: string;
  /** MMDD of the settlement, for settlestat?date=. */
  readonly date: string;
  readonly txns: ReadonlyArray<{ retref: string; setlamount: string; salesdoc?: string; setlstat: string }>;
  /** Set once settlestat with merchid alone has returned it. */
  returned: boolean;
}

const oneLetter: Record<Setlstat, string> = settlementStatusLetters;

/**
 * Closes every open batch (or one merchant's): its queued captures become Accepted, or
 * Rejected when named in `reject`, and the batch gets its host status. Returns the batches.
 */
export function settleOpenBatches(context: EmulatorContext, options: { merchid?: string; reject?: readonly string[] } = {}): SettledBatch[] {
  const { date, dateTime } = stamps(context.clock);
  const reject = new Set(options.reject ?? []);
  const settled: SettledBatch[] = [];
  for (const [merchid, batchid] of [...context.openBatches]) {
    if (options.merchid && options.merchid !== merchid) continue;
    context.openBatches.delete(merchid);
    const members = context.ledger.all().filter((t) => t.batchid === batchid && t.merchid === merchid);
    for (const t of members) {
      if (t.setlstat !== 'Queued for Capture') continue;
      t.setlstat = reject.has(t.retref) ? 'Rejected' : 'Accepted';
      t.settledate = dateTime;
      context.ledger.save(t);
    }
    const live = members.filter((t) => t.setlstat === 'Accepted' || t.setlstat === 'Rejected');
    const rejected = live.filter((t) => t.setlstat === 'Rejected').length;
    const hoststat = live.length === 0 ? 'EB' : rejected === 0 ? 'GB' : rejected === live.length ? 'RB' : 'MB';
    const batch: SettledBatch = {
      batchid,
      merchid,
      hoststat,
      hostbatch: `${batchid}${date.slice(4)}`,
      respproc: members[0]?.respproc ?? 'RPCT',
      date: date.slice(4),
      txns: members.map((t) => entry(t)),
      returned: false,
    };
    context.settledBatches.push(batch);
    settled.push(batch);
  }
  return settled;
}

function entry(t: EmulatedTransaction) {
  const amount = t.captured ?? 0;
  return {
    retref: t.retref,
    setlamount: decimal(t.kind === 'refund' ? -amount : t.setlstat === 'Voided' ? 0 : amount),
    ...(t.orderid ? { salesdoc: t.orderid } : {}),
    setlstat: oneLetter[t.setlstat],
  };
}

/** Runs the daily settlement once the injected clock passes the next cut-off. */
export function settleIfDue(context: EmulatorContext): void {
  while (context.clock.now() >= context.nextSettlementAt.value) {
    settleOpenBatches(context);
    context.nextSettlementAt.value += 24 * 60 * 60 * 1000;
  }
}

/** settlestat: by date (MMDD), by batchid, or merchid alone for batches not returned before. */
export function settlementStatus(context: EmulatorContext, query: URLSearchParams): EmulatorAnswer {
  const merchid = query.get('merchid');
  if (!merchid) return { status: 400, body: 'merchid: required' };
  const date = query.get('date');
  const batchid = query.get('batchid');
  let batches = context.settledBatches.filter((b) => b.merchid === merchid);
  if (date) batches = batches.filter((b) => b.date === date);
  else if (batchid) batches = batches.filter((b) => b.batchid === batchid);
  else {
    batches = batches.filter((b) => !b.returned);
    for (const batch of batches) batch.returned = true;
  }
  if (batches.length === 0) return { status: 200, body: 'Null Batches' };
  return { status: 200, body: batches.map(({ returned: _r, date: _d, ...batch }) => batch) };
}
