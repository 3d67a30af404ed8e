import type { StateCreator } from 'zustand';
import type {
  JournalRefusal,
  PosApi,
  RecoveryFinding,
  RecoveryItem,
  TerminalState,
} from '../../src-main/lane/ipc/contract';
import { unwrap } from '../pos/call-error';
import type { PosState } from './pos-state';

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
  /** What recovery settled that nobody has acknowledged yet (a crash, a lost answer settled later). */
  findings: RecoveryFinding[];
  /** After printing a finding's receipt: whether it printed, or why not; by entry id. */
  findingPrints: Record<number, string>;
  findingError: string | null;
  refreshFindings(): Promise<void>;
  /** Applies a `terminal.findings` event. */
  setFindings(findings: RecoveryFinding[]): void;
  /** `managerPin`: a cashier acknowledging an offline decline gives a manager's PIN. */
  acknowledgeFinding(entryId: number, managerPin?: string): Promise<void>;
  printFinding(entryId: number): Promise<void>;
}

export const createTerminalSlice =
  (pos: PosApi): StateCreator<PosState, [], [], TerminalSlice> =>
  (set, get) => ({
    terminal: null,
    async refreshTerminal() {
      try {
        get().setTerminal(unwrap(await pos.terminal.state()));
      } catch {
        // The connection slice already tells the cashier the terminal is unreachable.
      }
    },
    setTerminal(terminal) {
      set({ terminal });
      get().adoptSale(terminal.sale);
    },
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
    findings: [],
    findingPrints: {},
    findingError: null,
    async refreshFindings() {
      try {
        set({ findings: unwrap(await pos.terminal.findings()) });
      } catch {
        // As above.
      }
    },
    setFindings: (findings) => set({ findings }),
    async acknowledgeFinding(entryId, managerPin) {
      try {
        set({
          findings: unwrap(await pos.terminal.acknowledgeFinding({ entryId, ...(managerPin ? { managerPin } : {}) })),
          findingError: null,
        });
      } catch (error) {
        set({ findingError: error instanceof Error ? error.message : String(error) });
      }
    },
    async printFinding(entryId) {
      try {
        const printed = unwrap(await pos.terminal.printFinding({ entryId }));
        set((state) => ({
          findingPrints: {
            ...state.findingPrints,
            [entryId]: printed.printed
              ? 'The receipt printed: both copies.'
              : `The receipt did not print: ${printed.problem ?? 'no printer'}.`,
          },
          findingError: null,
        }));
      } catch (error) {
        set({ findingError: error instanceof Error ? error.message : String(error) });
      }
    },
  });

declare module './pos-state' {
  interface PosSlices {
    terminal: TerminalSlice;
  }
}
