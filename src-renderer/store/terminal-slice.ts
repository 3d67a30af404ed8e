import type { StateCreator } from 'zustand';
import type { JournalRefusal, PosApi, RecoveryItem, TerminalState } from '../../src-main/ipc/contract';
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
  /** Why the lane refuses to sell because of its journal, or null. */
  journalRefusal: JournalRefusal | null;
  /** Why the manager's acknowledgement did not go through, in the main process's words. */
  journalAcknowledgeError: string | null;
  refreshJournalRefusal(): Promise<void>;
  /** Applies a `journal.refusal` event. */
  setJournalRefusal(refusal: JournalRefusal | null): void;
  acknowledgeJournal(): Promise<void>;
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
    journalRefusal: null,
    journalAcknowledgeError: null,
    async refreshJournalRefusal() {
      try {
        set({ journalRefusal: unwrap(await pos.journal.refusal()) });
      } catch {
        // As above: unreachable is shown once, by the connection slice.
      }
    },
    setJournalRefusal: (journalRefusal) => set({ journalRefusal, journalAcknowledgeError: null }),
    async acknowledgeJournal() {
      try {
        set({ journalRefusal: unwrap(await pos.journal.acknowledge({})), journalAcknowledgeError: null });
      } catch (error) {
        set({ journalAcknowledgeError: error instanceof Error ? error.message : String(error) });
      }
    },
  });
