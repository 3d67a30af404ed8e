/**
 * The rules that decide whether one order of the lane's day agrees with the settled batches.
 * Pure: the end of day gathers the facts (journal, batches, inquire) and asks here.
 *
 * A follow-up the gateway has not settled in the reported batches is not a difference by itself:
 * a capture made after the day's last settlement, or a refund of a sale that settled already,
 * waits in the open batch ("Queued for Capture" when inquired) and settles with the next one.
 * The settlestat reference says as much: for a transaction not yet settled, ask inquire.
 */
import { formatDecimal } from '../../platform/money';

/** One money movement of an order that the reported batches do not hold, as inquire reports it. */
export interface UnsettledMovement {
  /** `sale`: an authorization captured with it; `capture`: captured later; `refund`. */
  readonly operation: 'sale' | 'capture' | 'refund';
  /** What it settles, signed as the lane's day nets it (a refund negative). */
  readonly amountMinor: number;
  /** inquire's setlstat for its retref, or null when the gateway could not be asked. */
  readonly setlstat: string | null;
  /** inquire's batch id: the open batch it waits in, or the batch it settled in. */
  readonly batchid: string | null;
}

/** What is known of one order: the lane's net, what the reported batches settled of it, its movements outside them. */
export interface OrderFacts {
  readonly laneMinor: number;
  /** null when no entry of the reported batches is this order's. */
  readonly gatewayMinor: number | null;
  /** A batch entry of the order was rejected by the processor (setlstat N). */
  readonly rejected: boolean;
  /** The gateway settled it under this lane's order id, and the journal has nothing of it that day. */
  readonly unknownToJournal: boolean;
  readonly unsettled: readonly UnsettledMovement[];
}

/** A movement that settles in another batch than those reported, said in words. */
export interface LaterSettlement {
  readonly amountMinor: number;
  readonly batchid: string | null;
  /** True while it waits for the next batch; false when it settled in a batch not among those reported. */
  readonly pending: boolean;
  readonly why: string;
}

export interface OrderVerdict {
  /** Why the order differs, or null when it agrees (counting what settles in another batch). */
  readonly difference: string | null;
  readonly later: readonly LaterSettlement[];
}

const movementWords = (movement: UnsettledMovement) => {
  const amount = formatDecimal(Math.abs(movement.amountMinor));
  if (movement.operation === 'refund') return `a refund of ${amount}`;
  if (movement.operation === 'capture') return `a capture of ${amount}`;
  return movement.amountMinor < 0 ? `a credit of ${amount}` : `the sale's ${amount}`;
};

const batchWords = (batchid: string | null) => (batchid ? ` (batch ${batchid})` : '');

/** Where a movement outside the reported batches is: waiting for the next one, settled in another, or unknown. */
function laterSettlement(movement: UnsettledMovement): LaterSettlement | undefined {
  if (movement.setlstat === 'Queued for Capture')
    return {
      amountMinor: movement.amountMinor,
      batchid: movement.batchid,
      pending: true,
      why: `${movementWords(movement)} is pending, in the next batch${batchWords(movement.batchid)}`,
    };
  // Accepted in a batch the report does not show (another day's): settled, only elsewhere.
  if (movement.setlstat === 'Accepted')
    return {
      amountMinor: movement.amountMinor,
      batchid: movement.batchid,
      pending: false,
      why: `${movementWords(movement)} settled in ${movement.batchid ? `batch ${movement.batchid}` : 'another batch'}, not among these`,
    };
  // Rejected, voided, never captured, or the gateway could not be asked: no money settles for it.
  return undefined;
}

/**
 * Judges one order: the lane's net, less what settles in other batches (pending in the next one,
 * or settled in a batch not reported), against what the reported batches settled of it.
 */
export function judgeOrder(facts: OrderFacts): OrderVerdict {
  const later = facts.unsettled.map(laterSettlement).filter((item): item is LaterSettlement => item !== undefined);
  const expected = facts.laneMinor - later.reduce((sum, item) => sum + item.amountMinor, 0);
  const settled = facts.gatewayMinor ?? 0;
  if (expected === settled) return { difference: null, later };
  const elsewhere = later.length > 0 ? ' in these batches' : '';
  const lane = `the lane has ${formatDecimal(expected)}${elsewhere}`;
  const difference =
    facts.gatewayMinor === null
      ? `${lane} for it; the gateway settled nothing of it in these batches`
      : facts.unknownToJournal
        ? `the gateway settled ${formatDecimal(facts.gatewayMinor)}; this lane\u2019s journal has no sale under this order id`
        : facts.rejected
          ? `the processor rejected it: ${lane}, the gateway settled ${formatDecimal(facts.gatewayMinor)}`
          : `${lane}; the gateway settled ${formatDecimal(facts.gatewayMinor)}`;
  return { difference, later };
}
