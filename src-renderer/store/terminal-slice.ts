import type { StateCreator } from 'zustand';
import type { PosApi, TerminalState } from '../../src-main/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-store';

export interface TerminalSlice {
  terminal: TerminalState | null;
  refreshTerminal(): Promise<void>;
  /** Applies a `terminal.state` event. */
  setTerminal(state: TerminalState): void;
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
  });
