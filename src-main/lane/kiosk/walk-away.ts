import type { Clock } from '../../platform/clock';
import type { TerminalPhase } from '../ipc/sale-phases';
import type { TerminalStateStore } from '../terminal/state-store';

/** The steps of a kiosk payment that wait on the customer: a customer gone leaves them waiting. */
const waitingOnCustomer: readonly TerminalPhase[] = ['awaiting-card', 'signature'];

/** The screen's "Do you need more time?" wait (src-renderer/kiosk/KioskApp.tsx), in seconds. */
export const moreTimeSeconds = 30;

/**
 * The core's limit on a kiosk payment waiting for a customer who is gone: the screen's own idle
 * wait with its prompt, doubled as accessibility mode doubles it. The screen acts first; this
 * limit holds when the screen cannot (closed, crashed, or a page that never asks).
 */
export function walkAwayLimitMs(idleResetSeconds: number): number {
  return 2 * (idleResetSeconds + moreTimeSeconds) * 1000;
}

/**
 * Watches the lane's phase while a kiosk payment runs: once it has waited `limitMs` at the card
 * or the signature without moving on, `onWalkAway` runs (once per wait).
 */
export function watchWalkAway(options: {
  readonly terminal: Pick<TerminalStateStore, 'current' | 'onChange'>;
  readonly limitMs: number;
  readonly setTimer: Clock['setTimer'];
  /** True while the kiosk's own payment runs (not a staff action at the counter's screens). */
  readonly paying: () => boolean;
  readonly onWalkAway: () => void;
}): { stop(): void } {
  let armed: { phase: TerminalPhase; since: number; cancel: () => void } | undefined;
  const disarm = () => {
    armed?.cancel();
    armed = undefined;
  };
  const stopWatching = options.terminal.onChange((state) => {
    const waiting = waitingOnCustomer.includes(state.phase) && options.paying();
    if (!waiting) return disarm();
    if (armed && armed.phase === state.phase && armed.since === state.since) return;
    disarm();
    const cancel = options.setTimer(() => {
      armed = undefined;
      options.onWalkAway();
    }, options.limitMs);
    armed = { phase: state.phase, since: state.since, cancel };
  });
  return {
    stop() {
      stopWatching();
      disarm();
    },
  };
}
