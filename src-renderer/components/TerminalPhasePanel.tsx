import type { TerminalPhase } from '../../src-main/lane/ipc/contract';
import { usePosFields } from '../store/use-pos';
import { Alert } from './Alert';

/** What the terminal is doing, in the cashier's words (a kiosk shows its own screens, src-renderer/kiosk). */
const headlines: Record<TerminalPhase, string> = {
  starting: 'Starting the terminal\u2026',
  idle: 'Ready for the next sale',
  'awaiting-card': 'Waiting for the card',
  'card-read': 'Card read',
  'confirm-fee': 'Confirm the surcharge',
  signature: 'Waiting for the signature',
  authorizing: 'Authorizing\u2026',
  resolving: 'Checking the outcome with the gateway',
  approved: 'Approved',
  partial: 'Partially approved',
  declined: 'Declined',
  retry: 'Not approved: try again',
  unknown: 'Outcome being checked',
  stored: 'Stored offline: sent when the gateway is back',
  printing: 'Printing the receipt',
  done: 'Done',
  working: 'Working\u2026',
  offline: 'Gateway unreachable',
};

/** The centre of the counter's screen before anyone signs in, or while the terminal is out of reach. */
export function TerminalPhasePanel() {
  const { terminal, sessionError, connection, connectionHint } = usePosFields({
    terminal: 'terminal',
    sessionError: 'sessionError',
    connection: 'connection',
    connectionHint: 'connectionHint',
  });
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
  return (
    <main className={`phase-panel phase-${phase}`} aria-live="polite">
      <h1 data-testid="phase-headline">{headlines[phase]}</h1>
      {terminal?.detail ? <p className="phase-detail">{terminal.detail}</p> : null}
      <Alert message={sessionError} className="phase-error" />
    </main>
  );
}
