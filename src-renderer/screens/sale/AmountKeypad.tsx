import { formatMoney } from '../../../src-main/platform/money';
import { usePos } from '../../store/use-pos';

const keys = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'] as const;

/**
 * The amount, keyed the way a register keys it: digits push in from the right ("1", "2", "5"
 * is $1.25). The keyboard's digits, Backspace and Escape work the same (SaleScreen listens).
 */
export function AmountKeypad({ disabled }: { disabled: boolean }) {
  const digits = usePos((state) => state.amountDigits);
  const typeDigit = usePos((state) => state.typeDigit);
  const eraseDigit = usePos((state) => state.eraseDigit);
  const clearAmount = usePos((state) => state.clearAmount);
  return (
    <div className="amount-keypad" role="group" aria-label="Amount keypad">
      {keys.map((key) => (
        <button key={key} type="button" disabled={disabled} onClick={() => [...key].forEach(typeDigit)} tabIndex={-1}>
          {key}
        </button>
      ))}
      <button
        type="button"
        disabled={disabled || digits === ''}
        onClick={eraseDigit}
        tabIndex={-1}
        aria-label="Erase the last digit"
      >
        &#9003;
      </button>
      <button type="button" className="keypad-clear" disabled={disabled} onClick={clearAmount}>
        Clear <kbd>Esc</kbd>
      </button>
      <output className="visually-hidden" aria-live="polite">
        {formatMoney(Number(digits || '0'))}
      </output>
    </div>
  );
}
