import {
  BadRequest,
  decimal,
  httpBadRequest,
  stamps,
  type EmulatorAnswer,
  type EmulatorContext,
} from './emulator-context';
import type { SettledBatch, SettledEntry } from './settled-batch';
import type { EmulatedTransaction } from './ledger';

/**
 * settlestat's one-letter statuses (gateway-openapi.yaml, txns.setlstat) by the ledger's status:
 * Y Accepted, N Rejected, F Format Error ("did not transmit for settlement"), T Token Decrypt
 * ("not settled due to a token decryption error"), W Amount under review ("First Data North and
 * Rapid Connect only ... transmitted ... placed under review"). P (PIN debit) is "Vantiv only":
 * the emulator models RPCT and FNOR, so no batch of it shows P.
 */
export const settledLetters = {
  Accepted: 'Y',
  Rejected: 'N',
  'Format Error': 'F',
  'Token Decrypt': 'T',
  'Amount under review': 'W',
} as const;
type SettledStatus = keyof typeof settledLetters;
const settledStatuses = Object.keys(settledLetters) as SettledStatus[];

/** The ledger status a settlement control's letter puts on a transaction (Y is the default). */
const statusOfLetter = new Map(
  Object.entries(settledLetters).map(([status, letter]) => [letter as string, status as SettledStatus]),
);

/** What the trainer or a test asks of one settlement (the emulator's settle control). */
export interface SettlementOptions {
  readonly merchid?: string;
  /** Retrefs the processor rejects for funding (N). */
  readonly reject?: readonly string[];
  /** Hold the batches at blank, SB or ND instead of settling them. */
  readonly hold?: Hold;
  /** Retrefs given another status by its settlestat letter: N, F, T or W. */
  readonly statuses?: Readonly<Record<string, string>>;
  /** The processor rejects the batch as a whole (RB): every transaction it carried is N. */
  readonly rejectBatch?: boolean;
}

/** The letters a settlement control may set on a transaction: Y is what settlement gives anyway. */
export const settableLetters: readonly string[] = ['N', 'F', 'T', 'W'];

/**
 * The batch's host status from what became of its transactions (developer-guides.md, hoststat):
 * F and T never left for the processor, so a batch of only those is "empty (contained no valid
 * transactions)", EB; of what was transmitted, all rejected is BB, some MB, none GB (a
 * transaction under review was not rejected). RB is the processor refusing the batch itself.
 */
function hostStatusOf(statuses: readonly SettledStatus[], batchRejected: boolean): SettledBatch['hoststat'] {
  const transmitted = statuses.filter((s) => s === 'Accepted' || s === 'Rejected' || s === 'Amount under review');
  if (transmitted.length === 0) return 'EB';
  if (batchRejected) return 'RB';
  const rejected = transmitted.filter((s) => s === 'Rejected').length;
  return rejected === 0 ? 'GB' : rejected === transmitted.length ? 'BB' : 'MB';
}

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
 * The host statuses of a batch closed but not yet settled (developer-guides.md, hoststat): blank
 * "Queued for the processor", SB "sent to the processor, but not yet confirmed", ND "sent ... but
 * no confirmation was received within the expected timeout window".
 */
export const heldStatuses = { queued: '', sent: 'SB', unconfirmed: 'ND' } as const;
export type Hold = keyof typeof heldStatuses;

/**
 * Closes every open batch (or one merchant's): its queued captures become Accepted, or the
 * status the options name for them, and the batch gets its host status. Batches held before
 * (blank, SB, ND) are confirmed the same way. With `hold`, open and held batches are instead
 * held at that status: their captures stay queued, can no longer be voided, and are not funded.
 * Returns the batches.
 */
export function settleOpenBatches(context: EmulatorContext, options: SettlementOptions = {}): SettledBatch[] {
  const { date, dateTime } = stamps(context.clock);
  const asked = new Map<string, SettledStatus>();
  for (const retref of options.reject ?? []) asked.set(retref, 'Rejected');
  for (const [retref, letter] of Object.entries(options.statuses ?? {})) {
    const status = statusOfLetter.get(letter);
    if (status) asked.set(retref, status);
  }
  const mine = (merchid: string) => !options.merchid || options.merchid === merchid;
  const held = context.settledBatches.filter((b) => b.held && mine(b.merchid));
  const opened = [...context.openBatches].filter(([merchid]) => mine(merchid));
  const settled: SettledBatch[] = [];
  for (const [merchid, batchid, before] of [
    ...held.map((b) => [b.merchid, b.batchid, b] as const),
    ...opened.map(([merchid, batchid]) => [merchid, batchid, undefined] as const),
  ]) {
    if (!before) context.openBatches.delete(merchid);
    const members = context.ledger.inBatch(merchid, batchid);
    const batchsource =
      before?.batchsource ?? context.batchSources.get(batchid) ?? members.find((t) => t.batchsource)?.batchsource;
    context.batchSources.delete(batchid);
    const common = {
      ...(batchsource ? { batchsource } : {}),
      batchid,
      merchid,
      hostbatch: `${batchid}${date.slice(4)}`,
      respproc: members[0]?.respproc ?? 'RPCT',
      date: date.slice(4),
      returned: false,
    };
    let batch: SettledBatch;
    if (options.hold) {
      const queued = members.filter((t) => t.setlstat === 'Queued for Capture');
      // No settlestat letter names "awaiting the processor": a held batch's transactions carry none.
      batch = { ...common, hoststat: heldStatuses[options.hold], held: true, txns: queued.map((t) => entry(t, false)) };
    } else {
      const transmitted = (s: string) => s === 'Accepted' || s === 'Rejected' || s === 'Amount under review';
      for (const t of members) {
        if (t.setlstat !== 'Queued for Capture') continue;
        const status = asked.get(t.retref) ?? 'Accepted';
        t.setlstat = options.rejectBatch && transmitted(status) ? 'Rejected' : status;
        t.settledate = dateTime;
        context.ledger.save(t);
      }
      const live = members.filter((t) => (settledStatuses as string[]).includes(t.setlstat));
      const hoststat = hostStatusOf(
        live.map((t) => t.setlstat as SettledStatus),
        options.rejectBatch === true,
      );
      // Only what was sent for settlement is listed: a voided capture left the batch.
      batch = { ...common, hoststat, txns: live.map((t) => entry(t, true)) };
    }
    const at = before ? context.settledBatches.indexOf(before) : -1;
    if (at >= 0) context.settledBatches[at] = batch;
    else context.settledBatches.push(batch);
    settled.push(batch);
  }
  return settled;
}

/** Whether the transaction waits in a batch held at blank, SB or ND (closed, not settled). */
export function inHeldBatch(context: EmulatorContext, t: EmulatedTransaction): boolean {
  return context.settledBatches.some((b) => b.held && b.merchid === t.merchid && b.batchid === t.batchid);
}

function entry(t: EmulatedTransaction, settled: boolean): SettledEntry {
  const amount = t.captured ?? 0;
  const cardtype = cardtypeOfToken(t.token);
  return {
    retref: t.retref,
    setlamount: decimal(t.kind === 'refund' ? -amount : amount),
    ...(t.orderid ? { salesdoc: t.orderid } : {}),
    ...(settled ? { setlstat: settledLetters[t.setlstat as SettledStatus] ?? settledLetters.Accepted } : {}),
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
  return { status: 200, body: batches.map(({ returned: _r, date: _d, held: _h, ...batch }) => batch) };
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
    body: batches.map(({ returned: _r, date: _d, held: _h, txns, ...batch }) => {
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

/** The settle control's `statuses`: retref to one of the letters a settlement may set. */
function settlementStatuses(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new BadRequest('statuses: an object of retref to settlestat letter');
  const statuses: Record<string, string> = {};
  for (const [retref, letter] of Object.entries(value)) {
    if (typeof letter !== 'string' || !settableLetters.includes(letter))
      throw new BadRequest(`statuses.${retref}: one of ${settableLetters.join(', ')}`);
    statuses[retref] = letter;
  }
  return statuses;
}

/**
 * The emulator's settle control (POST /__emulator/settle): settles now, with `merchid` (one
 * merchant), `reject` (retrefs answered N), `statuses` (retref to N, F, T or W), `rejectBatch`
 * (the processor refuses the batch, RB) and `hold` (queued, sent or unconfirmed: blank, SB, ND). Answers each batch's id, merchant, host status and size.
 */
export function settleControl(context: EmulatorContext, body: Record<string, unknown>): EmulatorAnswer {
  const merchid = typeof body.merchid === 'string' ? body.merchid : undefined;
  const hold = body.hold === undefined ? undefined : (String(body.hold) as Hold);
  if (hold !== undefined && !(hold in heldStatuses))
    throw new BadRequest(`hold: one of ${Object.keys(heldStatuses).join(', ')}`);
  const batches = settleOpenBatches(context, {
    ...(merchid ? { merchid } : {}),
    reject: Array.isArray(body.reject) ? body.reject.map(String) : [],
    statuses: settlementStatuses(body.statuses),
    rejectBatch: body.rejectBatch === true,
    ...(hold ? { hold } : {}),
  });
  return {
    status: 200,
    body: batches.map(({ batchid, merchid: m, hoststat, txns }) => ({
      batchid,
      merchid: m,
      hoststat,
      txns: txns.length,
    })),
  };
}
