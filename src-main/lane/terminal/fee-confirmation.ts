import { LaneError } from '../errors';
import type { SurchargeNotice } from '../ipc/contract';
import type { TerminalStateStore } from './state-store';

/** The counter's question "the card pays this surcharge: go on?", and the cashier's answer to it. */
export interface FeeConfirmation {
  /**
   * Shows `notice` (the state machine in `confirm-fee`, the notice published with it) and waits:
   * true once the cashier confirms, false when the sale is canceled (`signal`).
   */
  ask(notice: SurchargeNotice, signal: AbortSignal): Promise<boolean>;
  /** The cashier confirms the fee the sale waits on; refused when none waits. */
  confirm(): { confirmed: true };
}

/** The surcharge's confirmation over the lane's state machine: one question at a time, as one payment runs at a time. */
export function createFeeConfirmation(state: Pick<TerminalStateStore, 'askFee'>): FeeConfirmation {
  let waiting: ((accepted: boolean) => void) | undefined;
  return {
    ask(notice, signal) {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve(false);
        const answer = (accepted: boolean) => {
          if (waiting !== answer) return;
          waiting = undefined;
          signal.removeEventListener('abort', declined);
          resolve(accepted);
        };
        const declined = () => answer(false);
        // Ready for Confirm before the screens hear of the fee.
        waiting = answer;
        signal.addEventListener('abort', declined, { once: true });
        state.askFee(notice);
      });
    },
    confirm() {
      if (!waiting) throw new LaneError('refused', 'No sale is waiting for a surcharge to be confirmed.');
      waiting(true);
      return { confirmed: true };
    },
  };
}
