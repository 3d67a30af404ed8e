import { useState } from 'react';
import { cartTotalMinor } from '../../../src-main/lane/ipc/cart';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { usePos } from '../../store/use-pos';
import { Alert } from '../../components/Alert';

const shares = [15, 18, 20] as const;

/** Tip entry, where the merchant takes tips: a share of the amount, or an amount of its own. */
export function TipEntry({ disabled }: { disabled: boolean }) {
  const tipMinor = usePos((state) => state.tipMinor);
  const setTip = usePos((state) => state.setTip);
  const baseMinor = usePos((state) =>
    state.cart.length > 0 ? cartTotalMinor(state.cart) : Number(state.amountDigits || '0'),
  );
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <fieldset className="tip-entry" disabled={disabled}>
      <legend>Tip</legend>
      <div className="tip-choices">
        <button type="button" aria-pressed={tipMinor === 0} onClick={() => setTip(0)}>
          No tip
        </button>
        {shares.map((share) => {
          const amount = Math.round((baseMinor * share) / 100);
          return (
            <button
              key={share}
              type="button"
              aria-pressed={tipMinor > 0 && tipMinor === amount}
              disabled={baseMinor === 0}
              onClick={() => setTip(amount)}
            >
              {share}% ({formatMoney(amount)})
            </button>
          );
        })}
      </div>
      <label className="tip-custom">
        Other tip
        <input
          value={custom}
          inputMode="decimal"
          size={8}
          onChange={(event) => {
            const text = event.target.value;
            setCustom(text);
            const minor = text.trim() === '' ? 0 : parseMoney(text);
            setProblem(minor === null ? 'A tip is an amount such as 2.50.' : null);
            if (minor !== null) setTip(minor);
          }}
        />
      </label>
      <Alert message={problem} />
      <p className="tip-now">Tip: {formatMoney(tipMinor)}</p>
    </fieldset>
  );
}

/**
 * The sale's tip at the counter: keyed here, or, with a customer display connected, the
 * customer's to choose there when the cashier presses Pay (ADR 087).
 */
export function CounterTip() {
  const onDisplay = usePos((state) => (state.customerView?.displays ?? 0) > 0);
  const tipMinor = usePos((state) => state.tipMinor);
  if (!onDisplay) return <TipEntry disabled={false} />;
  return (
    <p className="tip-now" data-testid="customer-tip">
      Tip: {tipMinor > 0 ? formatMoney(tipMinor) : 'the customer chooses it on their display when you press Pay.'}
    </p>
  );
}
