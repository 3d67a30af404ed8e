import type { GatewayClient } from '../gateway/client';
import { GatewayError, ValidationError } from '../gateway/errors';
import type { SettlementBatch } from '../gateway/settlement';
import type { EndOfDayReport } from '../ipc/contract';
import { LaneError } from '../core/errors';
import { lanePrefix, type Journal, type JournalEntry } from '../journal/journal';
import { orderMoney, tookEffect } from './order-money';

/** What the end of day needs: the journal, the gateway, the lane's terminal id (its order ids' prefix), the clock. */
export interface EndOfDayDependencies {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'settlementStatus'>;
  readonly merchid: string;
  readonly terminalId: string;
  readonly now: () => number;
}

/** The lane's local day [start, end) in epoch milliseconds, from YYYY-MM-DD or a Date. */
export function localDay(day: string | Date): { from: number; to: number } {
  const date =
    typeof day === 'string' ? new Date(`${day}T00:00:00`) : new Date(day.getFullYear(), day.getMonth(), day.getDate());
  if (Number.isNaN(date.getTime())) throw new LaneError('invalid', `"${String(day)}" is not a day`, 'day');
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { from: date.getTime(), to: next.getTime() };
}

type DayStatus = EndOfDayReport['journal'][number]['status'];

/** Which bar of the day's chart a journal row belongs to. */
function dayStatus(entry: JournalEntry): DayStatus | undefined {
  if (entry.state === 'pending' || entry.state === 'unknown') return 'unknown';
  if (entry.state === 'not-sent') return 'not-sent';
  const approved = tookEffect(entry);
  if (entry.operation === 'auth')
    return approved ? 'approved' : entry.outcome?.respstat === 'C' ? 'declined' : undefined;
  if (!approved) return undefined;
  return entry.operation === 'void' || entry.operation === 'voidByOrderId'
    ? 'voided'
    : entry.operation === 'refund'
      ? 'refunded'
      : 'captured';
}

/**
 * End of day: the gateway's settlement status by date (MMDD) or batch id, and the lane's own
 * journal for the day by status. When the gateway cannot be reached the journal's part still
 * comes back, with the reason.
 */
export async function endOfDay(
  deps: EndOfDayDependencies,
  query: { date?: string; batchid?: string },
): Promise<EndOfDayReport> {
  if (query.date && query.batchid) throw new LaneError('invalid', 'Ask by date or by batch id, not both.', 'batchid');
  const today = new Date(deps.now());
  const mmdd =
    query.date ?? `${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  const reportQuery = query.batchid ? { batchid: query.batchid } : { date: mmdd };
  // The journal's day is the MMDD in this year, or last year's when that day is still ahead.
  let year = today.getFullYear();
  const month = Number(mmdd.slice(0, 2)) - 1;
  const dayOfMonth = Number(mmdd.slice(2, 4));
  if (new Date(year, month, dayOfMonth).getTime() > today.getTime()) year -= 1;
  const range = localDay(new Date(year, month, dayOfMonth));
  const totals = new Map<DayStatus, { count: number; amountMinor: number }>();
  const dayEntries = deps.journal.list({ ...range, limit: 100_000 });
  for (const entry of dayEntries) {
    const status = dayStatus(entry);
    if (!status) continue;
    const total = totals.get(status) ?? { count: 0, amountMinor: 0 };
    total.count += 1;
    // An approval counts what was approved (a partial approval less than asked); anything else what was asked.
    total.amountMinor +=
      entry.operation === 'auth' && status === 'approved' && entry.outcome?.amountMinor !== undefined
        ? entry.outcome.amountMinor
        : entry.amountMinor;
    totals.set(status, total);
  }
  const order: DayStatus[] = ['approved', 'declined', 'captured', 'voided', 'refunded', 'unknown', 'not-sent'];
  const journal = order.filter((status) => totals.has(status)).map((status) => ({ status, ...totals.get(status)! }));
  try {
    const batches = await deps.client.settlementStatus({ merchid: deps.merchid, ...reportQuery });
    return {
      query: reportQuery,
      batches: batches.map((batch) => ({
        batchid: batch.batchid ?? null,
        hoststat: batch.hoststat ?? null,
        hostbatch: batch.hostbatch ?? null,
        count: batch.txns.length,
        totalMinor: batch.txns.reduce((sum, txn) => sum + (txn.setlamount ?? 0), 0),
        refundsMinor: batch.txns.reduce((sum, txn) => sum + Math.min(0, txn.setlamount ?? 0), 0),
      })),
      journal,
      reconciliation: reconcile(deps, dayEntries, range, batches),
      gatewayProblem: null,
    };
  } catch (error) {
    if (error instanceof ValidationError) throw new LaneError('invalid', error.message, error.field);
    if (!(error instanceof GatewayError)) throw error;
    return {
      query: reportQuery,
      batches: [],
      journal,
      reconciliation: reconcile(deps, dayEntries, range, []),
      gatewayProblem: `The gateway's settlement status could not be read: ${error.message}`,
    };
  }
}

const minor = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/**
 * The lane's day against the batches, order by order, netted the way the gateway settles: a
 * sale counts what was captured (nothing once voided, the rest after a partial void), a refund
 * counts negative, a forced credit too, and an authorization nobody captured counts nothing.
 * A batch entry is matched to the journal row that answered with its retref; one the journal
 * does not know is this lane's when its order id (salesdoc) carries the lane's prefix. Entries
 * of other lanes, and of this lane's other days, are left out.
 */
function reconcile(
  deps: EndOfDayDependencies,
  dayEntries: readonly JournalEntry[],
  range: { from: number; to: number },
  batches: readonly SettlementBatch[],
): EndOfDayReport['reconciliation'] {
  const lane = new Map<string, number>();
  const add = (map: Map<string, number>, orderId: string, amount: number) =>
    map.set(orderId, (map.get(orderId) ?? 0) + amount);
  for (const entry of dayEntries) {
    if (!tookEffect(entry)) continue;
    if (entry.operation === 'auth') {
      const money = orderMoney(entry.orderId, deps.journal.list({ orderId: entry.orderId, limit: 1000 }));
      add(lane, entry.orderId, money.forcedCredit ? -money.approvedMinor : money.capturedMinor);
    } else if (entry.operation === 'refund') {
      add(lane, entry.orderId, -Math.abs(entry.outcome?.amountMinor ?? entry.amountMinor));
    }
  }
  const laneMinor = [...lane.values()].reduce((sum, amount) => sum + amount, 0);
  if (batches.length === 0) return { laneMinor, gatewayMinor: null, differences: [] };
  const gateway = new Map<string, number>();
  const rejected = new Set<string>();
  const unknownToJournal = new Set<string>();
  const prefix = `${lanePrefix(deps.terminalId)}-`;
  for (const txn of batches.flatMap((batch) => batch.txns)) {
    const answered = txn.retref
      ? deps.journal
          .list({ retref: txn.retref, limit: 50 })
          .find((row) => (row.operation === 'auth' || row.operation === 'refund') && row.outcome?.retref === txn.retref)
      : undefined;
    let orderId: string;
    if (answered) {
      if (answered.createdAt < range.from || answered.createdAt >= range.to) continue;
      orderId = answered.orderId;
    } else if (txn.salesdoc?.startsWith(prefix)) {
      orderId = txn.salesdoc;
      unknownToJournal.add(orderId);
    } else {
      continue;
    }
    // A rejected entry settled nothing, whatever amount it carries.
    if (txn.setlstat === 'N') rejected.add(orderId);
    add(gateway, orderId, txn.setlstat === 'N' ? 0 : (txn.setlamount ?? 0));
  }
  const differences: Array<EndOfDayReport['reconciliation']['differences'][number]> = [];
  for (const orderId of new Set([...lane.keys(), ...gateway.keys()])) {
    const laneAmount = lane.get(orderId) ?? 0;
    const gatewayAmount = gateway.has(orderId) ? gateway.get(orderId)! : null;
    if (gatewayAmount === laneAmount || (gatewayAmount === null && laneAmount === 0)) continue;
    const why =
      gatewayAmount === null
        ? `the lane has ${minor(laneAmount)} for it; the gateway settled nothing of it in these batches`
        : unknownToJournal.has(orderId) && !lane.has(orderId)
          ? `the gateway settled ${minor(gatewayAmount)}; this lane\u2019s journal has no sale under this order id`
          : rejected.has(orderId)
            ? `the processor rejected it: the lane has ${minor(laneAmount)}, the gateway settled ${minor(gatewayAmount)}`
            : `the lane has ${minor(laneAmount)}; the gateway settled ${minor(gatewayAmount)}`;
    differences.push({ orderId, laneMinor: laneAmount, gatewayMinor: gatewayAmount, why });
  }
  differences.sort((a, b) => a.orderId.localeCompare(b.orderId));
  return { laneMinor, gatewayMinor: [...gateway.values()].reduce((sum, amount) => sum + amount, 0), differences };
}
