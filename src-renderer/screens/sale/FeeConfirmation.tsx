import { useEffect } from 'react';
import type { SurchargeNotice } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';

/**
 * The surcharge the card would pay, for the cashier and the customer on the same screen: the
 * amount, the fee and the new total, in the main process's words. Enter (or Confirm) authorizes;
 * Escape (or Cancel) ends the sale with nothing charged. Keys are taken in the capture phase, so
 * the sale screen's own Enter does not start anything else.
 */
export function FeeConfirmation({
  notice,
  onConfirm,
  onCancel,
}: {
  notice: SurchargeNotice;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'Enter' && event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key === 'Enter') onConfirm();
      else onCancel();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onConfirm, onCancel]);
  return (
    <section className="fee-confirmation" aria-labelledby="fee-confirmation-title" data-testid="fee-confirmation">
      <h2 id="fee-confirmation-title">Credit card surcharge</h2>
      <p role="status">{notice.words}</p>
      {notice.card ? (
        <p
          className={notice.card.lookupFailed ? 'fee-card-kind fee-card-kind-failed' : 'fee-card-kind'}
          data-testid="fee-card-kind"
          data-kind={notice.card.kind}
        >
          {notice.card.words}
        </p>
      ) : null}
      <dl>
        <dt>Amount</dt>
        <dd>{formatMoney(notice.amountMinor)}</dd>
        <dt>Surcharge</dt>
        <dd>{formatMoney(notice.feeMinor)}</dd>
        <dt>Total</dt>
        <dd data-testid="fee-total">{formatMoney(notice.totalMinor)}</dd>
      </dl>
      <p>Show the customer. Confirm only if they accept the surcharge; Cancel charges nothing.</p>
      <button type="button" onClick={onConfirm}>
        Confirm <kbd>Enter</kbd>
      </button>
      <button type="button" className="danger" onClick={onCancel}>
        Cancel <kbd>Esc</kbd>
      </button>
    </section>
  );
}
