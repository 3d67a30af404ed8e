import type { CurrentSale, SurchargeNotice, TerminalPhase, TerminalState } from '../ipc/contract';
import type { Clock } from '../../platform/clock';

/**
 * The payment state machine's moves: from each state, the states it may go to. A sale runs
 * idle → awaiting-card → card-read → (confirm-fee) → (signature) → authorizing → its outcome (resolving first
 * when the answer was lost) → (printing) → done; every human step may go back to idle (cancel,
 * timeout, a read error), and a journal that cannot be written stops authorizing with nothing
 * sent. Captures, voids, refunds and reprints are `working`. Anything else is a bug, and
 * `enter` throws rather than publish it.
 */
export const terminalMoves: Readonly<Record<TerminalPhase, readonly TerminalPhase[]>> = {
  starting: ['idle', 'offline'],
  idle: ['awaiting-card', 'authorizing', 'working', 'offline', 'idle'],
  // awaiting-card again: the words change ("Chip card: insert it") while the same card is awaited.
  'awaiting-card': ['awaiting-card', 'card-read', 'idle'],
  'card-read': ['confirm-fee', 'signature', 'authorizing', 'idle'],
  // The customer accepted the surcharge (signature or authorizing next), or declined it (idle).
  'confirm-fee': ['signature', 'authorizing', 'idle'],
  signature: ['authorizing', 'idle'],
  authorizing: ['approved', 'partial', 'declined', 'retry', 'unknown', 'stored', 'resolving', 'idle'],
  // partial: a lost answer the gateway has as a partial approval is one, as a live answer is.
  resolving: ['approved', 'partial', 'declined', 'unknown', 'done'],
  approved: ['printing', 'done'],
  partial: ['printing', 'done'],
  declined: ['printing', 'done'],
  retry: ['done'],
  unknown: ['done'],
  // Stored offline (ADR 074): its slip says OFFLINE.
  stored: ['printing', 'done'],
  printing: ['done'],
  done: ['idle', 'awaiting-card', 'authorizing', 'working', 'offline'],
  working: ['printing', 'done', 'idle'],
  offline: ['idle', 'offline'],
};

/** Holds the payment state machine's published state; the terminal service is its only writer. */
export interface TerminalStateStore {
  current(): TerminalState;
  /** Moves to `phase`; throws when the move is not one of `terminalMoves`. */
  enter(phase: TerminalPhase, detail?: string | null): void;
  /** Moves to `confirm-fee` showing `surcharge`; the notice goes with the next move out of it. */
  askFee(surcharge: SurchargeNotice): void;
  /**
   * Replaces the customer's sale (null between sales); the phase stays. Published at once with
   * `publish`, else with the next phase (so each move of a sale is one event).
   */
  setSale(sale: CurrentSale | null, publish?: boolean): void;
  onChange(listener: (state: TerminalState) => void): () => void;
}

/** Starts in `starting`; the composition root moves it to `idle` once the core is ready. */
export function createTerminalStateStore(clock: Pick<Clock, 'now'>): TerminalStateStore {
  let state: TerminalState = { phase: 'starting', since: clock.now(), detail: null, sale: null };
  const listeners = new Set<(state: TerminalState) => void>();
  const publish = () => {
    for (const listener of [...listeners]) listener(state);
  };
  const move = (phase: TerminalPhase, detail: string | null, surcharge?: SurchargeNotice) => {
    if (!terminalMoves[state.phase].includes(phase))
      throw new Error(`terminal: no move from ${state.phase} to ${phase}`);
    state = { phase, since: clock.now(), detail, sale: state.sale, ...(surcharge ? { surcharge } : {}) };
    publish();
  };
  return {
    current: () => state,
    enter(phase, detail = null) {
      move(phase, detail);
    },
    askFee(surcharge) {
      move('confirm-fee', surcharge.words, surcharge);
    },
    setSale(sale, now = false) {
      state = { ...state, sale };
      if (now) publish();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
