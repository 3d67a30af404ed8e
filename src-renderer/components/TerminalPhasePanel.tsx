import { useShallow } from 'zustand/react/shallow';
import type { TerminalMode, TerminalPhase } from '../../src-main/ipc/contract';
import { usePos } from '../store/use-pos';
import { kioskOutcomeHeadline } from './kiosk-outcome';
import { KioskPayOnPhone } from './KioskPayOnPhone';

const headlines: Record<TerminalPhase, Record<TerminalMode, string>> = {
  starting: { counter: 'Starting the terminal\u2026', kiosk: 'One moment\u2026' },
  idle: { counter: 'Ready for the next sale', kiosk: 'Welcome' },
  'awaiting-card': { counter: 'Waiting for the card', kiosk: 'Insert, tap or swipe your card' },
  'card-read': { counter: 'Card read', kiosk: 'Card read' },
  signature: { counter: 'Waiting for the signature', kiosk: 'Please sign below' },
  authorizing: { counter: 'Authorizing\u2026', kiosk: 'Approving your payment\u2026' },
  resolving: { counter: 'Checking the outcome with the gateway', kiosk: 'One moment, please' },
  approved: { counter: 'Approved', kiosk: 'Approved: thank you' },
  partial: { counter: 'Partially approved', kiosk: 'Only part of the amount was approved' },
  declined: { counter: 'Declined', kiosk: 'Your card was declined' },
  retry: { counter: 'Not approved: try again', kiosk: 'Please try again' },
  unknown: { counter: 'Outcome being checked', kiosk: 'One moment, please' },
  printing: { counter: 'Printing the receipt', kiosk: 'Printing your receipt' },
  done: { counter: 'Done', kiosk: 'Approved: thank you' },
  working: { counter: 'Working\u2026', kiosk: 'One moment, please' },
  offline: { counter: 'Gateway unreachable', kiosk: 'This lane is temporarily closed' },
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
  // The phone pays: no card words. A finished payment is worded by its outcome for the customer, not by the phase.
  const phonePays = mode === 'kiosk' && sale?.running === true && sale.tender === 'wallet';
  const byPhone = phonePays && phase === 'awaiting-card';
  const headline = byPhone
    ? 'Pay on your phone'
    : phonePays && phase === 'card-read'
      ? 'Payment received from your phone'
      : phase === 'done' && mode === 'kiosk'
        ? kioskOutcomeHeadline(sale)
        : headlines[phase][mode];
  return (
    <main className={`phase-panel phase-${phase}`} aria-live="polite">
      <h1 data-testid="phase-headline">{headline}</h1>
      {terminal?.detail && !byPhone ? <p className="phase-detail">{terminal.detail}</p> : null}
      {mode === 'kiosk' ? <KioskPayOnPhone /> : null}
      {sessionError ? (
        <p className="phase-error" role="alert">
          {sessionError}
        </p>
      ) : null}
    </main>
  );
}
