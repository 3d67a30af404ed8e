import type { RefObject } from 'react';
import type { SaleSummary } from '../../../src-main/lane/ipc/contract';
import { usePos } from '../../store/use-pos';

/** True when the payment ended with nothing charged and the customer pays again: declined, or not charged. */
export function paysAgain(sale: SaleSummary): boolean {
  return sale.outcome === 'declined' || sale.outcome === 'retry' || sale.outcome === 'not-charged';
}

/**
 * The customer pays again after nothing was charged: another card (or the same one run again);
 * after a phone payment, a new one on the phone first (Enter) and a card at the reader (C).
 */
export function PayAgainActions({
  sale,
  mainAction,
}: {
  sale: SaleSummary;
  mainAction: RefObject<HTMLButtonElement | null>;
}) {
  const tryAnotherCard = usePos((state) => state.tryAnotherCard);
  const payByPhoneAgain = usePos((state) => state.payByPhoneAgain);
  const cardWords = sale.outcome === 'declined' ? 'Another card' : 'Run the card again';
  // The first choice is the main one: Enter does it, and focus starts there.
  const choices =
    sale.tender === 'wallet'
      ? [
          { words: 'New payment on the phone', key: 'Enter', testId: 'wallet-again', run: payByPhoneAgain },
          { words: 'A card at the reader', key: 'C', testId: 'try-again', run: tryAnotherCard },
        ]
      : [{ words: cardWords, key: 'Enter', testId: 'try-again', run: tryAnotherCard }];
  return (
    <>
      {choices.map((choice, index) => (
        <button
          key={choice.testId}
          type="button"
          className={index === 0 ? 'primary' : ''}
          ref={index === 0 ? mainAction : undefined}
          onClick={() => void choice.run()}
          data-testid={choice.testId}
        >
          {choice.words} <kbd>{choice.key}</kbd>
        </button>
      ))}
    </>
  );
}
