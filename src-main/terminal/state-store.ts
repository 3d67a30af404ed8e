import type { TerminalPhase, TerminalState } from '../ipc/contract';
import type { Clock } from '../core/clock';

/**
 * Holds the payment state machine's published phase. The state machine itself (a later issue)
 * is the only writer; the shells only read and subscribe.
 */
export interface TerminalStateStore {
  current(): TerminalState;
  enter(phase: TerminalPhase, detail?: string | null): void;
  onChange(listener: (state: TerminalState) => void): () => void;
}

/** Starts in `starting`; the composition root moves it to `idle` once the core is ready. */
export function createTerminalStateStore(clock: Clock): TerminalStateStore {
  let state: TerminalState = { phase: 'starting', since: clock.now(), detail: null };
  const listeners = new Set<(state: TerminalState) => void>();
  return {
    current: () => state,
    enter(phase, detail = null) {
      state = { phase, since: clock.now(), detail };
      for (const listener of [...listeners]) listener(state);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
