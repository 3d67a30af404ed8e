import { CardDeck } from './CardDeck';
import { ScenarioGuide } from './ScenarioGuide';
import './training.css';

/** Beside every counter screen in training: the scenario guide and the card deck. */
export function TrainingPanel() {
  return (
    <aside className="training-panel" aria-label="Training">
      <ScenarioGuide />
      <CardDeck />
    </aside>
  );
}
