import { useYesNoKeys } from './use-yes-no-keys';
import { modalDialogProps } from '../../components/modal-dialog';
import { formatMoney } from '../../../src-main/platform/money';

/**
 * Asked before the card when a sale is above the merchant's limit (payments.confirmAboveMinor):
 * 999,999.99 is one slip of the finger. Focus starts on "No", so a habitual second Enter goes
 * back to the amount; charging takes Y or a click on the amount itself.
 */
export function AmountConfirmation({
  amountMinor,
  limitMinor,
  onConfirm,
  onCancel,
}: {
  amountMinor: number;
  limitMinor: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const back = useYesNoKeys(onConfirm, onCancel);
  return (
    <div className="dialog-backdrop">
      <div
        {...modalDialogProps({ labelledBy: 'confirm-amount-heading', describedBy: 'confirm-amount-what' })}
        data-testid="confirm-amount"
      >
        <h2 id="confirm-amount-heading">Charge {formatMoney(amountMinor)}?</h2>
        <p id="confirm-amount-what">
          That is more than {formatMoney(limitMinor)}. Check the amount with the customer before the card is asked for.
        </p>
        <div className="dialog-actions">
          <button type="button" className="primary" onClick={onConfirm}>
            Yes, charge {formatMoney(amountMinor)} <kbd>Y</kbd>
          </button>
          <button type="button" ref={back} onClick={onCancel}>
            No, change the amount <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
