import type { FollowUpSummary } from '../ipc/contract';
import type { CustomerSale } from './customer-sale';
import { followUp, type FollowUpArgs } from './follow-up';
import type { LaneAccess } from './lane-access';
import { followUpWords } from './sale-summary';
import type { TerminalStateStore } from './state-store';
import { refuseWhileUnrecorded } from './unrecorded-sale';
import type { Logger } from '../../platform/log/logger';

/** The operations on a sale after it: a capture, a void, a refund. */
export type FollowUpOperation = 'capture' | 'void' | 'refund';

export interface FollowUpDeskOptions {
  readonly customerSale: CustomerSale;
  readonly lane: () => Promise<LaneAccess>;
  readonly state: TerminalStateStore;
  /** Whether the merchant takes tips (a capture may then exceed the authorization). */
  readonly tips: () => boolean;
  readonly logger?: Pick<Logger, 'error'>;
}

/**
 * Runs one follow-up under the lane's one-operation guard (refused, before anything is sent, while
 * the journal holds an outcome it could not record) (the same one again joins it), with
 * the state machine saying what is being done and how it ended; a payment of the current sale
 * the journal shows voided is marked so, so no screen counts it as paid.
 */
export function followUpDesk(options: FollowUpDeskOptions) {
  const { customerSale, lane, state } = options;
  return (operation: FollowUpOperation, args: FollowUpArgs): Promise<FollowUpSummary> =>
    customerSale.single(`${operation}:${args.orderId}:${args.amountMinor ?? ''}:${args.tipMinor ?? ''}`, async () => {
      const deps = await lane();
      // What the journal could not record after it left is written first; while any stays held, nothing new goes.
      refuseWhileUnrecorded(() => deps.journal, 'Nothing new can be sent');
      state.enter('working', `${followUpWords[operation]} order ${args.orderId}`);
      try {
        const onPrinting = () => state.enter('printing', 'Printing the slips');
        const summary = await followUp(
          { ...deps, tips: options.tips(), onPrinting, ...(options.logger ? { logger: options.logger } : {}) },
          operation,
          args,
        );
        // Whatever the void's answer, the journal says what the sale's approvals are now.
        if (operation === 'void') customerSale.followJournal();
        state.enter(
          'done',
          `${followUpWords[operation]}: ${summary.outcome}${summary.reason ? `, ${summary.reason}` : ''}`,
        );
        return summary;
      } catch (error) {
        state.enter('idle', null);
        throw error;
      }
    });
}
