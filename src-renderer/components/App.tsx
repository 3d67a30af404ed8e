import { useShallow } from 'zustand/react/shallow';
import { usePos } from '../store/use-pos';
import { CounterApp } from './CounterApp';
import { KioskApp, SignaturePanel } from './deferred-screens';
import { JournalRefusalNotice } from './JournalRefusalNotice';
import { StatusBar } from './StatusBar';
import { TerminalPhasePanel } from './TerminalPhasePanel';
import { TrainingBanner } from './TrainingBanner';

/**
 * The shell every screen lives in: the training banner, the screen, the status bar. A counter
 * lane shows the cashier's app once the terminal is reachable; a kiosk shows the self-checkout,
 * with the status bar (terminal id, devices, version: staff's words) only in its staff mode.
 */
export function App() {
  const { training, mode, signing, connection, known, staffMode } = usePos(
    useShallow((state) => ({
      staffMode: state.staffMode,
      training: state.info?.training ?? false,
      mode: state.info?.mode ?? 'counter',
      signing: state.signature.state !== 'idle',
      connection: state.connection,
      known: state.info !== null && state.staffKnown,
    })),
  );
  const counter = mode === 'counter' && connection === 'open' && known;
  return (
    <div className={`app app-${mode}${training ? ' app-training' : ''}`}>
      {/* One grid row for what stays on top of every screen: the training stamp, a journal refusal. */}
      <div className="app-top">
        {training ? <TrainingBanner /> : null}
        <JournalRefusalNotice />
      </div>
      {mode === 'kiosk' ? (
        <KioskApp />
      ) : counter ? (
        <CounterApp signing={signing} />
      ) : signing ? (
        <SignaturePanel />
      ) : (
        <TerminalPhasePanel />
      )}
      {mode === 'kiosk' && !staffMode ? null : <StatusBar />}
    </div>
  );
}
