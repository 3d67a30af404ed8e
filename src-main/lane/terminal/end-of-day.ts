import type { GatewayClient } from '../gateway/client';
import { GatewayError, ValidationError } from '../gateway/errors';
import type { EndOfDayReport } from '../ipc/contract';
import { LaneError } from '../errors';
import type { Journal, JournalEntry } from '../journal/journal';
import { wasForwarded } from '../offline/offline-findings';
import { orderMoney, tookEffect } from './order-money';
import { reconcile } from './reconciliation';

/** What the end of day needs: the journal, the gateway, the lane's terminal id (its order ids' prefix), the clock. */
export interface EndOfDayDependencies {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'settlementStatus' | 'inquire'>;
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
  // Taken offline and not sent yet (ADR 074): counted apart, never as approved.
  if (entry.state === 'stored') return 'stored';
  const approved = tookEffect(entry);
  // Sent later and not approved (ADR 078): the customer left with the goods; a manager acts on it.
  if (entry.operation === 'auth' && !approved && wasForwarded(entry)) return 'offline-declined';
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
 * What an approval of the day still holds by the day's end: an approval counts what was approved
 * (a partial approval less than asked), less what a partial void took off that day. A sale voided
 * whole that day counts once, under Voided (its void row), so undefined here. Later days' rows
 * are left out, so a past day's report does not change when a sale is voided the day after.
 */
function stillApproved(journal: Journal, entry: JournalEntry, range: { to: number }): number | undefined {
  const rows = journal.list({ orderId: entry.orderId, limit: 1000 }).filter((row) => row.createdAt < range.to);
  const money = orderMoney(entry.orderId, rows);
  if (money.fullyVoided) return undefined;
  const approved = entry.outcome?.amountMinor ?? entry.amountMinor;
  return approved - Math.sign(approved) * money.voidedMinor;
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
    const amountMinor = status === 'approved' ? stillApproved(deps.journal, entry, range) : entry.amountMinor;
    if (amountMinor === undefined) continue;
    const total = totals.get(status) ?? { count: 0, amountMinor: 0 };
    total.count += 1;
    total.amountMinor += amountMinor;
    totals.set(status, total);
  }
  const order: DayStatus[] = [
    'approved',
    'declined',
    'captured',
    'voided',
    'refunded',
    'unknown',
    'stored',
    'offline-declined',
    'not-sent',
  ];
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
      reconciliation: await reconcile(deps, dayEntries, range, batches),
      gatewayProblem: null,
    };
  } catch (error) {
    if (error instanceof ValidationError) throw new LaneError('invalid', error.message, error.field);
    if (!(error instanceof GatewayError)) throw error;
    return {
      query: reportQuery,
      batches: [],
      journal,
      reconciliation: await reconcile(deps, dayEntries, range, []),
      gatewayProblem: `The gateway's settlement status could not be read: ${error.message}`,
    };
  }
}
