import { useEffect } from 'react';
import type { TestCardInfo } from '../../src-main/lane/ipc/contract';
import { usePos } from '../store/use-pos';
import { TrainingNote } from './TrainingNote';
import type { PresentMethod } from '../store/training-slice';
import { TrainingButton, useSaleAmount } from './training-controls';

const methodWords: Record<PresentMethod, string> = { insert: 'Insert', tap: 'Tap', swipe: 'Swipe' };

function DeckCard({ card }: { card: TestCardInfo }) {
  const present = usePos((state) => state.presentTestCard);
  const amountMinor = useSaleAmount();
  return (
    <li className="deck-card">
      <div className="deck-card-name">
        <strong>{card.label}</strong> <span className="deck-pan">…{card.maskedPan.slice(-4)}</span>
      </div>
      <p className="deck-note">{card.note}</p>
      <div className="deck-methods" role="group" aria-label={`Present ${card.label}`}>
        {card.methods.map((method) => (
          <TrainingButton
            key={method}
            onPress={() => void present(card, method, amountMinor)}
            testId={`deck-${card.id}-${method}`}
            label={`${methodWords[method]} ${card.label}`}
          >
            {methodWords[method]}
          </TrainingButton>
        ))}
      </div>
    </li>
  );
}

/** Training's card deck: any card of assets/test-cards.json, inserted, tapped or swiped into the training reader. */
export function CardDeck() {
  const cards = usePos((state) => state.testCards);
  const load = usePos((state) => state.loadTestCards);
  useEffect(() => {
    void load();
  }, [load]);
  const scenarios = [...new Set(cards.map((card) => card.scenario))];
  return (
    <section className="card-deck" aria-labelledby="card-deck-heading">
      <h2 id="card-deck-heading">Card deck</h2>
      <TrainingNote idle="Present a card when the screen asks for one." />
      {scenarios.map((scenario) => (
        <details key={scenario} className="deck-group" open={scenario === 'approve'}>
          <summary>{scenario.replace('-', ' ')}</summary>
          <ul>
            {cards
              .filter((card) => card.scenario === scenario)
              .map((card) => (
                <DeckCard key={card.id} card={card} />
              ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
