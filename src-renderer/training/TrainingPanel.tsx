import { usePos } from '../store/use-pos';
import { CardDeck } from './CardDeck';
import { ScenarioGuide } from './ScenarioGuide';
import { TrainingPhone } from './TrainingPhone';
import { TrainingTerminal } from './TrainingTerminal';
import './training.css';

/**
 * Beside every counter screen in training: the scenario guide, the phone (where the lane takes
 * phone payments), the payment terminal (where the lane takes cards on an integrated terminal)
 * and the card deck.
 */
export function TrainingPanel() {
  const walletEnabled = usePos((state) => state.walletEnabled);
  return (
    <aside className="training-panel" aria-label="Training">
      <ScenarioGuide />
      {walletEnabled ? <TrainingPhone /> : null}
      <TrainingTerminal />
      <CardDeck />
    </aside>
  );
}
