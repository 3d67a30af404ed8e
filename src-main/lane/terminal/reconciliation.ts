import type { GatewayClient } from '../gateway/client';
import { GatewayError } from '../gateway/errors';
import type { SettlementBatch } from '../gateway/settlement';
import type { EndOfDayReport } from '../ipc/contract';
import { lanePrefix, type Journal, type JournalEntry } from '../journal/journal';
import { orderMoney, tookEffect } from './order-money';
import { judgeOrder, type UnsettledMovement } from './settlement-verdict';

/** What the reconciliation reads: the journal, inquire for follow-ups outside the batches, the lane's order-id prefix. */
export interface ReconciliationDependencies {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'inquire'>;
  readonly merchid: string;
  readonly terminalId: string;
}

type Reconciliation = EndOfDayReport['reconciliation'];

/** One money movement of the lane's day: what it settles (signed) under the retref the gateway answered. */
interface LaneMovement {
  readonly orderId: string;
  readonly operation: UnsettledMovement['operation'];
  readonly retref: string | undefined;
  readonly amountMinor: number;
}

/**
 * The day's movements netted the way the gateway settles: a sale counts what was captured
 * (nothing once voided, the rest after a partial void), a refund counts negative, a forced
 * credit too, and an authorization nobody captured counts nothing.
 */
function laneMovements(journal: Journal, dayEntries: readonly JournalEntry[]): LaneMovement[] {
  const movements: LaneMovement[] = [];
  for (const entry of dayEntries) {
    if (!tookEffect(entry)) continue;
    if (entry.operation === 'auth') {
      const rows = journal.list({ orderId: entry.orderId, limit: 1000 });
      const money = orderMoney(entry.orderId, rows);
      const capturedLater = rows.some((row) => row.operation === 'capture' && tookEffect(row));
      movements.push({
        orderId: entry.orderId,
        operation: capturedLater ? 'capture' : 'sale',
        retref: entry.outcome?.retref,
        amountMinor: money.forcedCredit ? -money.approvedMinor : money.capturedMinor,
      });
    } else if (entry.operation === 'refund') {
      movements.push({
        orderId: entry.orderId,
        operation: 'refund',
        retref: entry.outcome?.retref,
        amountMinor: -Math.abs(entry.outcome?.amountMinor ?? entry.amountMinor),
      });
    }
  }
  return movements;
}

/** Whether an order id of this lane (PREFIX-YYMMDD-NNNNN, the day in UTC) was made within the lane's local day. */
function madeThatDay(orderId: string, prefix: string, range: { from: number; to: number }): boolean {
  const yymmdd = orderId.slice(prefix.length, prefix.length + 6);
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const start = Date.UTC(2000 + Number(yymmdd.slice(0, 2)), Number(yymmdd.slice(2, 4)) - 1, Number(yymmdd.slice(4)));
  return start < range.to && start + 24 * 60 * 60 * 1000 > range.from;
}

/**
 * The lane's day against the batches, order by order. A batch entry is matched to the journal
 * row that answered with its retref (a refund's counted negative, whichever sign the processor
 * wrote); one the journal does not know is this lane's when its order id (salesdoc) carries
 * the lane's prefix and that day. Entries of other lanes and other days are left out. Where an
 * order differs, each of its movements missing from the batches is inquired: one queued for
 * the next batch, or settled in another, is said so and is no difference.
 */
export async function reconcile(
  deps: ReconciliationDependencies,
  dayEntries: readonly JournalEntry[],
  range: { from: number; to: number },
  batches: readonly SettlementBatch[],
): Promise<Reconciliation> {
  const add = (map: Map<string, number>, orderId: string, amount: number) =>
    map.set(orderId, (map.get(orderId) ?? 0) + amount);
  const movements = laneMovements(deps.journal, dayEntries);
  const lane = new Map<string, number>();
  for (const movement of movements) add(lane, movement.orderId, movement.amountMinor);
  const laneMinor = [...lane.values()].reduce((sum, amount) => sum + amount, 0);
  if (batches.length === 0) return { laneMinor, gatewayMinor: null, pendingMinor: 0, differences: [], later: [] };
  const gateway = new Map<string, number>();
  const rejected = new Set<string>();
  const unknownToJournal = new Set<string>();
  const inBatches = new Set<string>();
  const prefix = `${lanePrefix(deps.terminalId)}-`;
  for (const txn of batches.flatMap((batch) => batch.txns)) {
    if (txn.retref) inBatches.add(txn.retref);
    const answered = txn.retref
      ? deps.journal
          .list({ retref: txn.retref, limit: 50 })
          .find((row) => (row.operation === 'auth' || row.operation === 'refund') && row.outcome?.retref === txn.retref)
      : undefined;
    let orderId: string;
    if (answered) {
      if (answered.createdAt < range.from || answered.createdAt >= range.to) continue;
      orderId = answered.orderId;
    } else if (txn.salesdoc?.startsWith(prefix) && madeThatDay(txn.salesdoc, prefix, range)) {
      orderId = txn.salesdoc;
      unknownToJournal.add(orderId);
    } else {
      continue;
    }
    const settled = txn.setlamount ?? 0;
    // A rejected entry settled nothing, whatever amount it carries.
    if (txn.setlstat === 'N') rejected.add(orderId);
    add(gateway, orderId, txn.setlstat === 'N' ? 0 : answered?.operation === 'refund' ? -Math.abs(settled) : settled);
  }
  const differences: Array<Reconciliation['differences'][number]> = [];
  const later: Array<Reconciliation['later'][number]> = [];
  for (const orderId of new Set([...lane.keys(), ...gateway.keys()])) {
    const laneAmount = lane.get(orderId) ?? 0;
    const gatewayAmount = gateway.has(orderId) ? gateway.get(orderId)! : null;
    if (gatewayAmount === laneAmount || (gatewayAmount === null && laneAmount === 0)) continue;
    const unsettled: UnsettledMovement[] = [];
    for (const movement of movements) {
      if (movement.orderId !== orderId || movement.amountMinor === 0 || !movement.retref) continue;
      if (inBatches.has(movement.retref)) continue;
      const record = await deps.client.inquire({ merchid: deps.merchid, retref: movement.retref }).catch((error) => {
        if (error instanceof GatewayError) return undefined;
        throw error;
      });
      unsettled.push({
        operation: movement.operation,
        amountMinor: movement.amountMinor,
        setlstat: record?.setlstat ?? null,
        batchid: record?.batchid ?? null,
      });
    }
    const verdict = judgeOrder({
      laneMinor: laneAmount,
      gatewayMinor: gatewayAmount,
      rejected: rejected.has(orderId),
      unknownToJournal: unknownToJournal.has(orderId) && !lane.has(orderId),
      unsettled,
    });
    for (const item of verdict.later) later.push({ orderId, ...item });
    if (verdict.difference !== null)
      differences.push({ orderId, laneMinor: laneAmount, gatewayMinor: gatewayAmount, why: verdict.difference });
  }
  differences.sort((a, b) => a.orderId.localeCompare(b.orderId));
  later.sort((a, b) => a.orderId.localeCompare(b.orderId));
  return {
    laneMinor,
    gatewayMinor: [...gateway.values()].reduce((sum, amount) => sum + amount, 0),
    pendingMinor: later.filter((item) => item.pending).reduce((sum, item) => sum + item.amountMinor, 0),
    differences,
    later,
  };
}
