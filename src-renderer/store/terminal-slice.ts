import type { StateCreator } from 'zustand';
import type { PosApi, RecoveryItem, TerminalState } from '../../src-main/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-store';

export interface TerminalSlice {
  terminal: TerminalState | null;
  refreshTerminal(): Promise<void>;
  /** Applies a `terminal.state` event. */
  setTerminal(state: TerminalState): void;
  /** Money-moving calls whose outcome is not known yet: being checked, or waiting for a person. */
  recoveryQueue: RecoveryItem[];
  refreshRecoveryQueue(): Promise<void>;
  /** Applies a `terminal.recoveryQueue` event. */
  setRecoveryQueue(queue: RecoveryItem[]): void;
}

export const createTerminalSlice =
  (pos: PosApi): StateCreator<PosState, [], [], TerminalSlice> =>
  (set) => ({
    terminal: null,
    async refreshTerminal() {
      try {
        set({ terminal: unwrap(await pos.terminal.state()) });
      } catch {
        // The connection slice already tells the cashier the terminal is unreachable.
      }
    },
    setTerminal: (terminal) => set({ terminal }),
    recoveryQueue: [],
    async refreshRecoveryQueue() {
      try {
        set({ recoveryQueue: unwrap(await pos.terminal.recoveryQueue()) });
      } catch {
        // As above: unreachable is shown once, by the connection slice.
      }
    },
    setRecoveryQueue: (recoveryQueue) => set({ recoveryQueue }),
  });
