import type { JournalEntry } from '../../src-main/lane/journal/journal';

/** What the gateway's ledger keeps of one transaction, as the emulator stores it (memory or SQLite). */
export interface LedgerTransaction {
  readonly retref: string;
  readonly orderid?: string | undefined;
  readonly amount: number;
  readonly respstat: string;
  readonly setlstat?: string;
  readonly kind?: string;
}

/** The journal against the ledger: each disagreement and each double charge, in words. */
export interface LedgerAgreement {
  /** Empty when they agree. */
  readonly disagreements: readonly string[];
  /** Orders the gateway holds more than one live approval for: a customer charged twice. */
  readonly doubleCharges: readonly string[];
  readonly journalRows: number;
  readonly ledgerRows: number;
}

/** An approval that still holds the customer's money: approved and not voided. */
export const isLiveApproval = (transaction: LedgerTransaction) =>
  transaction.respstat === 'A' && transaction.setlstat !== 'Voided';

/**
 * Every journal row against the gateway's ledger (the soak's and the random-kills test's check):
 * no row left pending or unknown; a row with the gateway's answer has that transaction, with its
 * order, outcome and approved amount; a sale the journal settled without an answer (never
 * processed, voided, not sent) holds no live approval; every transaction the gateway recorded is
 * one the journal knows; and no order is approved twice. `completedOnly` (the soak, where no
 * answer is ever lost) also counts a recovered row as a disagreement. Capture, void and refund
 * rows are checked for being settled only: neither caller makes them.
 */
export function journalAgainstLedger(
  rows: readonly JournalEntry[],
  transactions: readonly LedgerTransaction[],
  options: { completedOnly?: boolean } = {},
): LedgerAgreement {
  const byRetref = new Map(transactions.map((transaction) => [transaction.retref, transaction]));
  const byOrder = new Map<string, LedgerTransaction[]>();
  for (const transaction of transactions) {
    if (transaction.kind === 'refund' || transaction.orderid === undefined) continue;
    byOrder.set(transaction.orderid, [...(byOrder.get(transaction.orderid) ?? []), transaction]);
  }
  const disagreements: string[] = [];
  const known = new Set<string>();
  const settledWithoutAnswer = new Set<string>();
  for (const row of rows) {
    if (row.state === 'pending' || row.state === 'unknown') {
      disagreements.push(`order ${row.orderId}: journal state ${row.state}`);
      continue;
    }
    if (options.completedOnly && row.state !== 'completed')
      disagreements.push(`order ${row.orderId}: journal state ${row.state}`);
    if (row.operation !== 'auth') continue;
    const retref = row.outcome?.retref;
    if (retref) {
      known.add(retref);
      const recorded = byRetref.get(retref);
      const approvedMinor = Math.abs(row.outcome?.amountMinor ?? row.amountMinor);
      if (!recorded) disagreements.push(`order ${row.orderId}: retref ${retref} is not in the gateway's ledger`);
      else if (recorded.orderid !== row.orderId)
        disagreements.push(`retref ${retref}: the gateway has order ${recorded.orderid}, the journal ${row.orderId}`);
      else if (recorded.respstat !== row.outcome?.respstat)
        disagreements.push(
          `order ${row.orderId}: the gateway says ${recorded.respstat}, the journal ${row.outcome?.respstat}`,
        );
      else if (recorded.respstat === 'A' && Math.abs(recorded.amount) !== approvedMinor)
        disagreements.push(
          `order ${row.orderId}: the gateway authorized ${recorded.amount}, the journal ${approvedMinor}`,
        );
      continue;
    }
    settledWithoutAnswer.add(row.orderId);
    const attempts = byOrder.get(row.orderId) ?? [];
    if (row.state === 'not-sent' && attempts.length > 0)
      disagreements.push(
        `order ${row.orderId}: the journal says not sent, the gateway has ${attempts.length} transaction(s)`,
      );
    if (attempts.some(isLiveApproval))
      disagreements.push(
        `order ${row.orderId}: the journal settled it as not charged (${row.note ?? row.state}), the gateway holds a live approval`,
      );
  }
  for (const transaction of transactions) {
    if (known.has(transaction.retref) || transaction.kind === 'refund') continue;
    // A sale recovered by voiding it leaves the voided transaction, which no row names by retref.
    if (
      transaction.orderid !== undefined &&
      settledWithoutAnswer.has(transaction.orderid) &&
      !isLiveApproval(transaction)
    )
      continue;
    disagreements.push(
      `retref ${transaction.retref} (order ${transaction.orderid ?? 'none'}, respstat ${transaction.respstat}): the gateway recorded it, the journal does not know it`,
    );
  }
  const doubleCharges = [...byOrder]
    .filter(([, attempts]) => attempts.filter(isLiveApproval).length > 1)
    .map(([orderId, attempts]) => `order ${orderId}: ${attempts.filter(isLiveApproval).length} live approvals`);
  return { disagreements, doubleCharges, journalRows: rows.length, ledgerRows: transactions.length };
}
