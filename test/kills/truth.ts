import type { EmulatedTransaction } from '../../src-main/stand-ins/gateway-emulator/ledger';
import type { RecoveryFinding, TerminalState } from '../../src-main/lane/ipc/contract';
import type { JournalEntry } from '../../src-main/lane/journal/journal';
import { isLiveApproval } from '../support/ledger-agreement';
import type { CardChoice } from './plan';

/** One customer at the counter: what they owe, what the page was told was approved, their orders. */
export interface Customer {
  readonly id: number;
  readonly amountMinor: number;
  approvedMinor: number;
  readonly orderIds: string[];
  done: boolean;
}

/** The payment running when the host died, as the page knew it. */
export interface InFlight {
  readonly customer: Customer;
  readonly amountMinor: number;
  readonly card: CardChoice;
  /** Every phase the page was told since this payment was asked for. */
  readonly phases: string[];
  presented: boolean;
}

export interface ScreenVerdict {
  /** Each way what the page is told disagrees with what the gateway holds; empty when it tells the truth. */
  readonly problems: string[];
  /** What the cashier now believes was approved for the killed payment. */
  readonly toldApprovedMinor: number;
  /** The page was told the card was declined before the kill. */
  readonly toldDeclined: boolean;
}

const money = (minor: number) => (minor / 100).toFixed(2);

/**
 * What the restarted lane tells the page, against the gateway: a finding says "Approved" exactly
 * when the gateway holds a live approval for its order (and for the amount it holds), "Not
 * charged" only when it holds none; a payment the gateway approved is never left to a blank New
 * sale unless the page had already been told it was approved before the host died; a page told
 * "Approved" before the kill was told the truth; the lane is idle with nothing left to recover.
 */
export function checkScreenAfterRestart(input: {
  readonly payment: InFlight | undefined;
  readonly row: JournalEntry | undefined;
  readonly findings: readonly RecoveryFinding[];
  readonly state: TerminalState;
  readonly queue: readonly unknown[];
  readonly ledger: (orderId: string) => EmulatedTransaction[];
  /** The orders of the customer at the counter when the host died, whose sale nobody closed. */
  readonly openSaleOrders: readonly string[];
}): ScreenVerdict {
  const { payment, row, findings, state } = input;
  const problems: string[] = [];
  const live = (orderId: string) => input.ledger(orderId).filter(isLiveApproval);
  const held = (orderId: string) => live(orderId).reduce((sum, transaction) => sum + transaction.amount, 0);
  if (input.queue.length > 0)
    problems.push(`${input.queue.length} journal row(s) still unresolved after the restart settled`);
  if (state.phase !== 'idle') problems.push(`after the restart the lane is in phase ${state.phase}, not idle`);

  for (const finding of findings) {
    const holding = held(finding.orderId);
    // The sale nobody closed is shown again whole (its earlier payments too); a closed one never.
    if (finding.orderId !== row?.orderId && !input.openSaleOrders.includes(finding.orderId))
      problems.push(
        `a finding about order ${finding.orderId}, neither the payment killed (${row?.orderId ?? 'none'}) nor one of the sale left open`,
      );
    if (finding.outcome === 'approved') {
      if (holding === 0)
        problems.push(
          `order ${finding.orderId}: the page is told "${finding.message}" but the gateway holds no live approval`,
        );
      else if (holding !== finding.amountMinor)
        problems.push(
          `order ${finding.orderId}: the page is told an approval of ${money(finding.amountMinor)} ("${finding.message}") but the gateway approved ${money(holding)}`,
        );
      if (!/^(Approved|Partially approved)/.test(finding.message))
        problems.push(`order ${finding.orderId}: an approval is worded "${finding.message}"`);
    } else if (finding.outcome === 'not-charged') {
      if (holding > 0)
        problems.push(
          `order ${finding.orderId}: the page is told "${finding.message}" but the gateway holds an approval of ${money(holding)}`,
        );
      if (!finding.message.startsWith('Not charged'))
        problems.push(`order ${finding.orderId}: "not charged" is worded "${finding.message}"`);
    } else if (finding.outcome !== 'unclear') {
      problems.push(`order ${finding.orderId}: a sale's finding says ${finding.outcome}`);
    }
  }

  if (!payment || !row) {
    return { problems, toldApprovedMinor: 0, toldDeclined: payment?.phases.includes('declined') ?? false };
  }
  const holding = held(row.orderId);
  const toldBefore = payment.phases.some((phase) => phase === 'approved' || phase === 'partial');
  const finding = findings.find((candidate) => candidate.entryId === row.id);
  const toldAfter = finding?.outcome === 'approved';
  if (holding > 0 && !toldBefore && !toldAfter) {
    const last = payment.phases.at(-1) ?? 'none';
    problems.push(
      `order ${row.orderId}: the gateway holds an approval of ${money(holding)} but the page was told neither before the kill (last phase ${last}) nor after the restart (${finding ? `"${finding.message}"` : 'a blank New sale'})`,
    );
  }
  if (holding === 0 && toldBefore)
    problems.push(
      `order ${row.orderId}: the page was told it was approved before the kill, but the gateway holds no live approval`,
    );
  return {
    problems,
    toldApprovedMinor: toldBefore || toldAfter ? holding : 0,
    toldDeclined: payment.phases.includes('declined'),
  };
}

/** One sale the driver started in an offline run: its order once known, and what the page was told. */
export interface StartedSale {
  readonly amountMinor: number;
  readonly card: CardChoice;
  /** The journal's order id: from the answer, or from the row found after the kill; undefined when no row was written. */
  orderId: string | undefined;
  /** What the page was told last: the sale's outcome, or its last phase before the kill. */
  told: string;
}

/** How every sale of an offline run ended up, once everything stored was forwarded. */
export interface SalesAccount {
  /** Told "stored" or "approved", but neither stored in the journal nor in the gateway's ledger. */
  readonly lost: string[];
  /** An order the gateway holds more than one live approval for. */
  readonly doubled: string[];
  /** Anything else that is not accounted for exactly once: two rows for an order, a row still waiting, a decline nobody is shown. */
  readonly unaccounted: string[];
  /** The sales by how they ended: completed approved, offline declined, declined, not charged... */
  readonly endings: Record<string, number>;
}

const toldTaken = (told: string) => told === 'stored' || told === 'approved' || told === 'partial';

/**
 * Every sale the driver started, after the network is back and the lane has forwarded all it
 * stored (issue 33): each order is in the journal exactly once, settled (completed or resolved;
 * none still stored, pending or unknown); one the page was told was stored or approved is in the
 * gateway's ledger (else it is lost); no order is charged twice; a stored payment the issuer
 * declined is an open finding a manager sees. A sale killed before its row was written was never
 * taken, and holds nothing at the gateway.
 */
export function accountForSales(input: {
  readonly sales: readonly StartedSale[];
  readonly rows: readonly JournalEntry[];
  /** Entry ids of the findings still open (not acknowledged). */
  readonly openFindings: ReadonlySet<number>;
  /** Whether the entry was taken offline (stored at some point). */
  readonly offline: (entryId: number) => boolean;
  readonly ledger: (orderId: string) => EmulatedTransaction[];
}): SalesAccount {
  const account: SalesAccount = { lost: [], doubled: [], unaccounted: [], endings: {} };
  const end = (how: string) => void (account.endings[how] = (account.endings[how] ?? 0) + 1);
  for (const sale of input.sales) {
    const what = `${sale.card.cardId} ${money(sale.amountMinor)} (told ${sale.told})`;
    if (sale.orderId === undefined) {
      if (toldTaken(sale.told)) account.lost.push(`${what}: the page was told so, but the journal has no row for it`);
      end('never taken');
      continue;
    }
    const orderId = sale.orderId;
    const rows = input.rows.filter((row) => row.operation === 'auth' && row.orderId === orderId);
    const transactions = input.ledger(orderId);
    const live = transactions.filter(isLiveApproval);
    if (live.length > 1) account.doubled.push(`order ${orderId}, ${what}: ${live.length} live approvals`);
    if (rows.length !== 1) {
      account.unaccounted.push(`order ${orderId}, ${what}: ${rows.length} journal rows`);
      if (rows.length === 0 && toldTaken(sale.told) && transactions.length === 0)
        account.lost.push(`order ${orderId}, ${what}: in neither the journal nor the gateway's ledger`);
      continue;
    }
    const row = rows[0]!;
    if (row.state === 'stored' || row.state === 'pending' || row.state === 'unknown') {
      account.unaccounted.push(`order ${orderId}, ${what}: still ${row.state} after the forwarding drained`);
      continue;
    }
    if (toldTaken(sale.told) && transactions.length === 0)
      account.lost.push(
        `order ${orderId}, ${what}: the journal settled it ${row.state} (${row.note ?? 'no note'}) and the gateway has no record`,
      );
    const offline = input.offline(row.id);
    const approved = live.length > 0;
    if (offline && !approved && !input.openFindings.has(row.id))
      account.unaccounted.push(`order ${orderId}, ${what}: stored offline, not approved, and no finding shows it`);
    end(
      `${offline ? 'offline ' : ''}${approved ? 'approved' : row.outcome?.respstat === 'C' ? 'declined' : 'not charged'}`,
    );
  }
  return account;
}
