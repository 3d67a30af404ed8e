import { decimal, httpBadRequest, stamps, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import type { SettledBatch, SettledEntry } from './settled-batch';
import type { EmulatedTransaction } from './ledger';

/**
 * settlestat's one-letter statuses (gateway-openapi.yaml, txns.setlstat): the emulator's batches
 * are accepted or rejected whole-transaction, so it answers Y (Accepted) and N (Rejected); F, P,
 * T and W are processor conditions it does not emulate.
 */
export const settledLetters = { Accepted: 'Y', Rejected: 'N' } as const;

/**
 * The card brand of a token: the emulator's tokens carry the account's first two digits after
 * the leading 9 (FACTS.md), read by the guides' test-card prefixes. cardtype holds four characters.
 */
export function cardtypeOfToken(token: string): string | undefined {
  if (!/^9\d{2}/.test(token)) return undefined;
  const prefix = Number(token.slice(1, 3));
  if (prefix >= 40 && prefix <= 49) return 'VISA';
  if (prefix >= 51 && prefix <= 55) return 'MC';
  if (prefix === 34 || prefix === 37) return 'AMEX';
  if (prefix === 60 || prefix === 62 || prefix === 64 || prefix === 65) return 'DISC';
  if (prefix === 36) return 'DINR';
  if (prefix === 35) return 'JCB';
  return undefined;
}

/**
 * Closes every open batch (or one merchant's): its queued captures become Accepted, or
 * Rejected when named in `reject`, and the batch gets its host status. Returns the batches.
 */
export function settleOpenBatches(
  context: EmulatorContext,
  options: { merchid?: string; reject?: readonly string[] } = {},
): SettledBatch[] {
  const { date, dateTime } = stamps(context.clock);
  const reject = new Set(options.reject ?? []);
  const settled: SettledBatch[] = [];
  for (const [merchid, batchid] of [...context.openBatches]) {
    if (options.merchid && options.merchid !== merchid) continue;
    context.openBatches.delete(merchid);
    const members = context.ledger.inBatch(merchid, batchid);
    for (const t of members) {
      if (t.setlstat !== 'Queued for Capture') continue;
      t.setlstat = reject.has(t.retref) ? 'Rejected' : 'Accepted';
      t.settledate = dateTime;
      context.ledger.save(t);
    }
    const live = members.filter((t) => t.setlstat === 'Accepted' || t.setlstat === 'Rejected');
    const rejected = live.filter((t) => t.setlstat === 'Rejected').length;
    const hoststat = live.length === 0 ? 'EB' : rejected === 0 ? 'GB' : rejected === live.length ? 'RB' : 'MB';
    const batchsource = context.batchSources.get(batchid) ?? members.find((t) => t.batchsource)?.batchsource;
    context.batchSources.delete(batchid);
    const batch: SettledBatch = {
      ...(batchsource ? { batchsource } : {}),
      batchid,
      merchid,
      hoststat,
      hostbatch: `${batchid}${date.slice(4)}`,
      respproc: members[0]?.respproc ?? 'RPCT',
      date: date.slice(4),
      // Only what was sent for settlement is listed: a voided capture left the batch.
      txns: live.map((t) => entry(t)),
      returned: false,
    };
    context.settledBatches.push(batch);
    settled.push(batch);
  }
  return settled;
}

function entry(t: EmulatedTransaction): SettledEntry {
  const amount = t.captured ?? 0;
  const cardtype = cardtypeOfToken(t.token);
  return {
    retref: t.retref,
    setlamount: decimal(t.kind === 'refund' ? -amount : amount),
    ...(t.orderid ? { salesdoc: t.orderid } : {}),
    setlstat: t.setlstat === 'Rejected' ? settledLetters.Rejected : settledLetters.Accepted,
    ...(t.authcode ? { authcode: t.authcode } : {}),
    ...(cardtype ? { cardtype } : {}),
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
  if (!merchid) return httpBadRequest('merchid: required');
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

/**
 * settlestatByBatchSource (POST {merchid, batchsource}, "Manually Managing Gateway Batches"): the
 * merchant's settled batches of that batch source, each with its charge and refund counts and
 * totals and its transactions, as the guide's example; an empty list when there are none (the
 * guide shows no empty answer).
 */
export function settlementByBatchSource(context: EmulatorContext, body: Record<string, unknown>): EmulatorAnswer {
  const { merchid, batchsource } = body;
  if (typeof merchid !== 'string' || !/^\d{1,16}$/.test(merchid))
    return httpBadRequest('merchid: required, 1 to 16 digits');
  if (typeof batchsource !== 'string' || batchsource === '' || batchsource.length > 40)
    return httpBadRequest('batchsource: required, at most 40 characters');
  const batches = context.settledBatches.filter((b) => b.merchid === merchid && b.batchsource === batchsource);
  return {
    status: 200,
    body: batches.map(({ returned: _r, date: _d, txns, ...batch }) => {
      const amounts = txns.map((t) => Math.round(Number(t.setlamount) * 100));
      const charges = amounts.filter((a) => a >= 0);
      const refunds = amounts.filter((a) => a < 0);
      const sum = (list: number[]) => list.reduce((total, a) => total + a, 0);
      return {
        ...batch,
        chargecnt: charges.length,
        chargetotal: decimal(sum(charges)),
        refundcnt: refunds.length,
        refundtotal: decimal(-sum(refunds)),
        txns: txns.map(({ setlamount, setlstat, salesdoc, retref }) => ({
          setlamount,
          setlstat,
          ...(salesdoc ? { salesdoc } : {}),
          retref,
        })),
      };
    }),
  };
}
