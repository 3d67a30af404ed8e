import type { RefObject } from 'react';
import type { SaleSummary } from '../../../src-main/ipc/contract';
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
  const byPhone = sale.tender === 'wallet';
  return (
    <>
      {byPhone ? (
        <button
          type="button"
          className="primary"
          ref={mainAction}
          onClick={() => void payByPhoneAgain()}
          data-testid="wallet-again"
        >
          New payment on the phone <kbd>Enter</kbd>
        </button>
      ) : null}
      <button
        type="button"
        className={byPhone ? '' : 'primary'}
        ref={byPhone ? undefined : mainAction}
        onClick={() => void tryAnotherCard()}
        data-testid="try-again"
      >
        {byPhone ? 'A card at the reader' : sale.outcome === 'declined' ? 'Another card' : 'Run the card again'}{' '}
        <kbd>{byPhone ? 'C' : 'Enter'}</kbd>
      </button>
    </>
  );
}
