import { useRef, useState, type FormEvent } from 'react';
import type { StoredCardInitiator } from '../../../src-main/lane/ipc/contract';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { usePosActions, usePosFields } from '../../store/use-pos';
import './stored-card-charge.css';

const initiators: ReadonlyArray<{ value: StoredCardInitiator; words: string }> = [
  { value: 'customer', words: 'Customer-initiated: the customer is here, or asked for this charge' },
  { value: 'scheduled', words: 'Scheduled payment the customer agreed to (merchant-initiated)' },
];

const outcomeWords: Record<string, string> = {
  approved: 'Approved',
  partial: 'Partially approved',
  declined: 'Declined',
};

/**
 * Charges one of the customer's stored cards (ADR 089): the amount, and who starts the charge
 * (the customer, or the schedule they agreed to), chosen each time, never assumed. The card is not
 * present, so no signature is asked. The answer says what was charged and which kind it was.
 */
export function StoredCardCharge({
  orderId,
  profile,
  cardWords,
  onClose,
}: {
  orderId: string;
  /** "<profile id>/<account id>" of the stored card. */
  profile: string;
  /** The card as the list shows it, e.g. "Visa ****1443". */
  cardWords: string;
  onClose: () => void;
}) {
  const { charge, charging, error } = usePosFields({
    charge: 'storedCardCharge',
    charging: 'chargingStoredCard',
    error: 'storedCardChargeError',
  });
  const actions = usePosActions();
  const [amount, setAmount] = useState('');
  const [initiated, setInitiated] = useState<StoredCardInitiator | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const amountField = useRef<HTMLInputElement>(null);
  const close = () => {
    actions.clearStoredCardCharge();
    onClose();
  };
  const dialog = useModalDialog<HTMLFormElement>(amountField, close);
  const summary = sent && charge?.orderId === orderId ? charge.summary : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (summary) return close();
    const amountMinor = parseMoney(amount);
    if (amountMinor === null || amountMinor === 0) return setProblem('Key the amount to charge, e.g. 12.00.');
    if (!initiated) return setProblem('Choose who starts this charge: the customer, or the schedule they agreed to.');
    setProblem(null);
    setSent(true);
    void actions.chargeStoredCard({ orderId, profile, amountMinor, initiated });
  };

  return (
    <div className="dialog-backdrop">
      <form
        ref={dialog}
        {...modalDialogProps({ labelledBy: 'stored-charge-heading', className: 'stored-charge-dialog' })}
        onSubmit={submit}
        data-testid="stored-charge-dialog"
      >
        <h2 id="stored-charge-heading">Charge the card on file: {cardWords}</h2>
        {summary ? (
          <div role="status" data-testid="stored-charge-result" data-outcome={summary.outcome}>
            <p data-testid="stored-charge-headline">
              {outcomeWords[summary.outcome] ?? summary.outcome}: {formatMoney(summary.approvedMinor)} charged to the
              card on file{summary.reason ? ` (${summary.reason})` : ''}.
            </p>
            {summary.cardOnFile ? <p data-testid="stored-charge-kind">{summary.cardOnFile.words}</p> : null}
            <p>Order {summary.orderId}. No signature: the card was not present.</p>
          </div>
        ) : (
          <>
            <label htmlFor="stored-charge-amount">Amount to charge</label>
            <input
              id="stored-charge-amount"
              ref={amountField}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={charging}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={problem !== null}
              data-testid="stored-charge-amount"
            />
            <fieldset className="refund-reasons stored-charge-kind" disabled={charging}>
              <legend>Who starts this charge</legend>
              {initiators.map(({ value, words }) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="stored-charge-initiated"
                    value={value}
                    checked={initiated === value}
                    onChange={() => setInitiated(value)}
                    data-testid={`stored-charge-${value}`}
                  />{' '}
                  {words}
                </label>
              ))}
            </fieldset>
          </>
        )}
        <Alert message={problem ?? (sent ? error : null)} className="history-error" testId="stored-charge-error" />
        <div className="dialog-actions">
          <button
            type="submit"
            className="primary"
            disabled={charging}
            aria-busy={charging}
            data-testid="stored-charge-submit"
          >
            {summary ? 'Done' : charging ? 'Charging\u2026' : 'Charge the card'} <kbd>Enter</kbd>
          </button>
          {summary ? null : (
            <button type="button" onClick={close} disabled={charging}>
              Cancel <kbd>Esc</kbd>
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
