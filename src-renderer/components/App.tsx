import { usePos } from '../store/use-pos';
import { SignaturePanel } from './SignaturePanel';
import { StatusBar } from './StatusBar';
import { TerminalPhasePanel } from './TerminalPhasePanel';
import { TrainingBanner } from './TrainingBanner';

/** The shell every screen lives in: training banner, the current screen, the status bar. */
export function App() {
  const training = usePos((state) => state.info?.training ?? false);
  const mode = usePos((state) => state.info?.mode ?? 'counter');
  const signing = usePos((state) => state.signature.state !== 'idle');
  return (
    <div className={`app app-${mode}${training ? ' app-training' : ''}`}>
      {training ? <TrainingBanner /> : null}
      {signing ? <SignaturePanel /> : <TerminalPhasePanel />}
      <StatusBar />
    </div>
  );
}
