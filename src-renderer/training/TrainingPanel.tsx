import { usePos } from '../store/use-pos';
import { CardDeck } from './CardDeck';
import { ScenarioGuide } from './ScenarioGuide';
import { TrainingPhone } from './TrainingPhone';
import { TrainingTerminal } from './TrainingTerminal';
import { TrainingCustomerDisplay } from './TrainingCustomerDisplay';
import './training.css';

/**
 * Beside every counter screen in training: the scenario guide, the customer's display, the phone (where the lane takes
 * phone payments), and the payment terminal where the lane takes cards on an integrated terminal,
 * or else the card deck for its own reader (a lane on a terminal reads no card itself).
 */
export function TrainingPanel() {
  const walletEnabled = usePos((state) => state.walletEnabled);
  const onTerminal = usePos((state) => state.trainingTerminal !== null);
  return (
    <aside className="training-panel" aria-label="Training">
      <ScenarioGuide />
      <TrainingCustomerDisplay />
      {walletEnabled ? <TrainingPhone /> : null}
      <TrainingTerminal />
      {onTerminal ? null : <CardDeck />}
    </aside>
  );
}
