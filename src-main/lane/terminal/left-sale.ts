import { LaneError } from '../errors';
import type { RecoveryFinding } from '../ipc/contract';
import { formatMinorUnits } from '../../platform/money';
import type { Journal, JournalEntry } from '../journal/journal';
import type { Logger } from '../../platform/log/logger';
import type { TerminalStateStore } from './state-store';

/** Who chose to leave a sale whose outcome is unknown. */
export interface LeaveChoice {
  /** The signed-in person, as the session names them. */
  readonly by: string;
}

/**
 * Before New sale ends the customer's sale: while its last payment's outcome is unknown (the
 * answer lost, recovery still asking), the sale is not ended by a key press. Only an explicit
 * choice leaves it, and the journal keeps who chose, so the outcome recovery finds later is
 * told to the counter as a left sale (the customer may have paid another way meanwhile).
 */
export function checkLeavingUnknown(
  lane: { readonly state: TerminalStateStore; readonly journal: () => Journal; readonly logger: Logger },
  leave: LeaveChoice | undefined,
): void {
  const sale = lane.state.current().sale;
  const last = sale?.results.at(-1);
  if (!sale || sale.running || last?.outcome !== 'unknown') return;
  const journal = lane.journal();
  const open = journal.unresolved().find((entry) => entry.operation === 'auth' && entry.orderId === last.orderId);
  // Settled since (a finding says what it became): New sale is the ordinary way on.
  if (!open) return;
  const amount = formatMinorUnits(last.requestedMinor);
  if (!leave)
    throw new LaneError(
      'refused',
      `The outcome of order ${last.orderId} (${amount}) is not known yet: the customer may have been charged. Check with the gateway, or choose to leave the sale.`,
    );
  journal.markLeft(open.id, leave.by);
  lane.logger.warn(
    { orderId: last.orderId, amountMinor: last.requestedMinor, by: leave.by },
    'terminal: a sale was left while its outcome was unknown; the customer may have been charged',
  );
}

/** A finding of a sale somebody left while its outcome was unknown, in the words the counter's banner shows. */
export function leftSaleFinding(entry: JournalEntry, finding: RecoveryFinding): RecoveryFinding {
  const leftBy = typeof entry.detail?.leftBy === 'string' ? entry.detail.leftBy : null;
  if (entry.operation !== 'auth' || leftBy === null) return finding;
  const amount = formatMinorUnits(finding.amountMinor);
  const order = `order ${finding.orderId}`;
  const message =
    finding.outcome === 'approved'
      ? `The customer was charged: ${amount} was approved for ${order} after the sale was left. If they paid another way, void it in History.`
      : finding.outcome === 'not-charged'
        ? `The customer was not charged: ${order} for ${amount} did not go through (voided or never processed) after the sale was left. Nothing to give back.`
        : `${finding.message} (${order} for ${amount} was left while its outcome was unknown.)`;
  return { ...finding, leftBy, message };
}
