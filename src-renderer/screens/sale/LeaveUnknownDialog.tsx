import { useRef, useState } from 'react';
import type { SaleSummary } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { Alert } from '../../components/Alert';

/**
 * Leaving a sale whose outcome is unknown is a choice, never a key press: the dialog says the
 * customer may have been charged, and that the lane tells what it became once it knows. Staying
 * (Escape) is the default; leaving goes to the core, which journals who chose it.
 */
export function LeaveUnknownDialog({
  sale,
  onLeave,
  onStay,
}: {
  sale: SaleSummary;
  /** Resolves with null when the sale was left, or the refusal in words. */
  onLeave: () => Promise<string | null>;
  onStay: () => void;
}) {
  const stay = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useModalDialog<HTMLFormElement>(stay, onStay);
  const card = sale.maskedPan ? ` on card \u2022\u2022\u2022\u2022${sale.maskedPan.slice(-4)}` : '';
  const leave = async () => {
    setBusy(true);
    const refusal = await onLeave();
    setBusy(false);
    setProblem(refusal);
  };
  return (
    <div className="dialog-backdrop">
      <form
        ref={dialog}
        {...modalDialogProps({
          labelledBy: 'leave-heading',
          describedBy: 'leave-warning',
          className: 'leave-dialog',
        })}
        onSubmit={(event) => (event.preventDefault(), void leave())}
      >
        <h2 id="leave-heading">Leave this sale without knowing its outcome?</h2>
        <p id="leave-warning" data-testid="leave-warning">
          The customer may have been charged {formatMoney(sale.requestedMinor)}
          {card} (order {sale.orderId}): the gateway has not said whether it approved. If you leave, the lane keeps
          asking and shows what it became at the top of the counter until somebody acknowledges it. If it was approved
          and the customer pays another way, void it in History.
        </p>
        <Alert message={problem} className="dialog-problem" />
        <div className="dialog-actions">
          <button ref={stay} type="button" className="primary" onClick={onStay}>
            Stay with this sale <kbd>Esc</kbd>
          </button>
          <button type="submit" className="danger" disabled={busy} data-testid="leave-unknown">
            Leave the sale: the customer may have been charged
          </button>
        </div>
      </form>
    </div>
  );
}
