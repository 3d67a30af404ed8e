import type { ReactNode } from 'react';
import { usePos } from '../store/use-pos';

/**
 * A training control (a deck card, a scenario step): it leaves the focus where the cashier was
 * (the amount, a field), since a mouse press on it does not take the focus.
 */
export function TrainingButton({
  onPress,
  testId,
  label,
  children,
}: {
  onPress: () => void;
  testId: string;
  /** The accessible name, where the visible words are not enough. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/** The amount a card is presented for: the sale being paid, else (undefined) the card's own suggestion. */
export function useSaleAmount(): number | undefined {
  return usePos((state) => (state.saleStage === 'paying' ? state.saleTotalMinor() : undefined));
}
