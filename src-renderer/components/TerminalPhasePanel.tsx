import { useShallow } from 'zustand/react/shallow';
import type { TerminalMode, TerminalPhase } from '../../src-main/ipc/contract';
import { usePos } from '../store/use-pos';
import { Alert } from './Alert';
import { kioskHeadline } from './kiosk-outcome';
import { KioskPayOnPhone } from './KioskPayOnPhone';

/** What the terminal is doing, in each audience's words: the cashier's at the counter, the customer's at the kiosk. */
const headlines: Record<TerminalMode, Record<TerminalPhase, string>> = {
  counter: {
    starting: 'Starting the terminal\u2026',
    idle: 'Ready for the next sale',
    'awaiting-card': 'Waiting for the card',
    'card-read': 'Card read',
    signature: 'Waiting for the signature',
    authorizing: 'Authorizing\u2026',
    resolving: 'Checking the outcome with the gateway',
    approved: 'Approved',
    partial: 'Partially approved',
    declined: 'Declined',
    retry: 'Not approved: try again',
    unknown: 'Outcome being checked',
    printing: 'Printing the receipt',
    done: 'Done',
    working: 'Working\u2026',
    offline: 'Gateway unreachable',
  },
  kiosk: {
    starting: 'One moment\u2026',
    idle: 'Welcome',
    'awaiting-card': 'Insert, tap or swipe your card',
    'card-read': 'Card read',
    signature: 'Please sign below',
    authorizing: 'Approving your payment\u2026',
    resolving: 'One moment, please',
    approved: 'Approved: thank you',
    partial: 'Only part of the amount was approved',
    declined: 'Your card was declined',
    retry: 'Please try again',
    unknown: 'One moment, please',
    printing: 'Printing your receipt',
    done: 'Approved: thank you', // never shown as it is: a finished payment is worded by its outcome
    working: 'One moment, please',
    offline: 'This lane is temporarily closed',
  },
};

/** The centre of the screen: what the terminal is doing now, in the words of its audience. */
export function TerminalPhasePanel() {
  const { terminal, mode, sessionError, connection, connectionHint } = usePos(
    useShallow((state) => ({
      terminal: state.terminal,
      mode: state.info?.mode ?? 'counter',
      sessionError: state.sessionError,
      connection: state.connection,
      connectionHint: state.connectionHint,
    })),
  );
  if (connection === 'closed') {
    return (
      <main className="phase-panel phase-unreachable" aria-live="polite">
        <h1 data-testid="phase-headline">Cannot reach the terminal</h1>
        <p className="phase-detail" role="alert">
          {connectionHint ??
            'Check that Lanepoint is still running on this computer. This screen reconnects on its own.'}
        </p>
      </main>
    );
  }
  const phase = terminal?.phase ?? 'starting';
  const sale = terminal?.sale ?? null;
  const headline = (mode === 'kiosk' ? kioskHeadline(phase, sale) : null) ?? headlines[mode][phase];
  // While the phone pays, its panel below says what to do: the phase's detail is about a card.
  const byPhone = mode === 'kiosk' && phase === 'awaiting-card' && sale?.tender === 'wallet' && sale.running;
  return (
    <main className={`phase-panel phase-${phase}`} aria-live="polite">
      <h1 data-testid="phase-headline">{headline}</h1>
      {terminal?.detail && !byPhone ? <p className="phase-detail">{terminal.detail}</p> : null}
      {mode === 'kiosk' ? <KioskPayOnPhone /> : null}
      <Alert message={sessionError} className="phase-error" />
    </main>
  );
}
