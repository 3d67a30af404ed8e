import { LaneError } from '../errors';
import { containsCardNumber, type Journal } from '../journal/journal';
import type { ParsedCommandArgs, RecoveryFinding, RecoveryItem } from '../ipc/contract';
import { recoveryQueue } from './history';
import type { Recovery } from './recovery';

/** What a person does with what recovery left (part of the terminal service). */
export interface FindingsDesk {
  /** What recovery settled that nobody has acknowledged yet. */
  findings(): RecoveryFinding[];
  /** `by` (who is signed in) saw the finding; what is left. */
  acknowledgeFinding(entryId: number, by: string): RecoveryFinding[];
  /** The receipts (merchant and customer copy) of an approval recovery found; the customer copy for the screen. */
  printFinding(entryId: number): Promise<{ printed: boolean; problem: string | null; png: string }>;
  /** Records what a person found for an entry waiting for one; returns the queue. */
  settleByHand(args: Omit<ParsedCommandArgs<'terminal.settleByHand'>, 'managerPin'>): RecoveryItem[];
}

/**
 * What a person does with what recovery left: the findings nobody has acknowledged (seen, and an
 * approval's receipts printed as originals), and the entries only a person can settle.
 */
export function findingsDesk(desk: {
  readonly recovery: Recovery;
  readonly journal: () => Journal;
  /** Prints an order's receipt from the journal; `duplicate: false` for a first print. */
  readonly reprint: (request: {
    orderId: string;
    copy: 'merchant' | 'customer';
    duplicate: boolean;
  }) => Promise<{ printed: boolean; problem: string | null; png: string }>;
}): FindingsDesk {
  return {
    findings: () => desk.recovery.findings(),
    acknowledgeFinding(entryId, by) {
      if (!desk.recovery.findings().some((finding) => finding.entryId === entryId))
        throw new LaneError(
          'refused',
          `Nothing found by recovery for entry ${entryId} waits to be acknowledged.`,
          'entryId',
        );
      return desk.recovery.acknowledge(entryId, by);
    },
    async printFinding(entryId) {
      const finding = desk.recovery.findings().find((candidate) => candidate.entryId === entryId);
      if (!finding?.receipt)
        throw new LaneError(
          'refused',
          `Entry ${entryId} has no approval found by recovery, so there is no receipt to print.`,
          'entryId',
        );
      // The customer never got a receipt: both copies print as originals, not as duplicates.
      const merchant = await desk.reprint({ orderId: finding.orderId, copy: 'merchant', duplicate: false });
      const customer = await desk.reprint({ orderId: finding.orderId, copy: 'customer', duplicate: false });
      return {
        printed: merchant.printed && customer.printed,
        problem: merchant.problem ?? customer.problem,
        png: customer.png,
      };
    },
    settleByHand({ entryId, applied, note }) {
      const journal = desk.journal();
      const item = recoveryQueue(journal).find((candidate) => candidate.entryId === entryId);
      if (!item) throw new LaneError('refused', `Entry ${entryId} is not in the recovery queue.`, 'entryId');
      if (!item.needsPerson)
        throw new LaneError(
          'refused',
          `Entry ${entryId} is still being checked with the gateway; only entries waiting for a person are settled by hand.`,
          'entryId',
        );
      if (containsCardNumber(note))
        throw new LaneError(
          'invalid',
          'The note looks like it holds a card number: describe what was checked instead.',
          'note',
        );
      journal.resolve(entryId, `settled by hand: ${applied ? 'took effect' : 'did not take effect'}; ${note}`, {
        applied,
      });
      desk.recovery.publish();
      return recoveryQueue(journal);
    },
  };
}
