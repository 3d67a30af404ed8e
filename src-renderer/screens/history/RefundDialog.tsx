import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { JournalEntryView, RefundReason } from '../../../src-main/ipc/contract';
import { refundReasons as reasons, refundReasonWords } from '../../../src-main/ipc/refund-reasons';
import { formatMoney, parseMoney } from '../../format/money';
import { DialogActions, modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from './OrderDetail';
import { Alert } from '../../components/Alert';

/** "12.00" for the amount field: what a person would type. */
const typed = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/**
 * A refund in two steps: the amount (what is left offered, not assumed) and a reason from the
 * list, then a confirmation that repeats the card's last four and the amount. A refusal stays in
 * the dialog; a refund above the lane's limit asks a manager on top of it.
 */
export function RefundDialog({
  orderId,
  sale,
  askManager,
  onClose,
}: {
  orderId: string;
  sale: JournalEntryView | undefined;
  askManager: AskManager;
  onClose: () => void;
}) {
  const refund = usePos((state) => state.refundOrder);
  const leftMinor = sale?.money ? Math.max(0, sale.money.capturedMinor - sale.money.refundedMinor) : 0;
  const lastFour = sale?.maskedPan ? sale.maskedPan.slice(-4) : null;
  const [amount, setAmount] = useState(leftMinor > 0 ? typed(leftMinor) : '');
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [confirming, setConfirming] = useState<{ amountMinor: number; reason: RefundReason } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amountField = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog<HTMLFormElement>(amountField, () => (confirming ? setConfirming(null) : onClose()));
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else amountField.current?.focus();
  }, [confirming]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount);
    if (amountMinor === null || amountMinor === 0)
      return setProblem(`The amount to refund as money, e.g. ${typed(leftMinor || 500)}.`);
    if (leftMinor > 0 && amountMinor > leftMinor)
      return setProblem(`Only ${formatMoney(leftMinor)} of this sale is left to refund.`);
    if (!reason) return setProblem('Choose why the money goes back.');
    setProblem(null);
    setConfirming({ amountMinor, reason });
  };

  const send = async (managerPin?: string): Promise<void> => {
    if (!confirming) return;
    setBusy(true);
    try {
      const refusal = await refund({ orderId, ...confirming, ...(managerPin ? { managerPin } : {}) });
      if (refusal === null) return onClose();
      setProblem(refusal);
      setConfirming(null);
    } catch (error) {
      // Above the lane's limit: a manager approves on top of this dialog, and the same refund goes again.
      if (!(error instanceof PosCallError) || error.code !== 'forbidden' || managerPin) throw error;
      askManager(`Refund ${formatMoney(confirming.amountMinor)} of order ${orderId}`, (pin) => send(pin));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop">
      {confirming ? (
        <form
          ref={dialog}
          {...modalDialogProps({
            labelledBy: 'refund-heading',
            describedBy: 'refund-confirm',
            className: 'refund-dialog',
          })}
          onSubmit={(event) => (event.preventDefault(), void send())}
        >
          <h2 id="refund-heading">Confirm the refund</h2>
          <p id="refund-confirm" data-testid="refund-confirm">
            Refund <strong>{formatMoney(confirming.amountMinor)}</strong> to the card ending{' '}
            <strong>{lastFour ?? '\u2014'}</strong>? Reason: {refundReasonWords[confirming.reason]}.
          </p>
          <DialogActions
            submit={busy ? 'Refunding\u2026' : `Refund ${formatMoney(confirming.amountMinor)}`}
            back="Back"
            onBack={() => setConfirming(null)}
            busy={busy}
            holdBackWhileBusy
            submitRef={confirmButton}
          />
        </form>
      ) : (
        <form
          ref={dialog}
          {...modalDialogProps({ labelledBy: 'refund-heading', className: 'refund-dialog' })}
          onSubmit={next}
        >
          <h2 id="refund-heading">Refund order {orderId}</h2>
          <p>
            Card ending {lastFour ?? '\u2014'}.{' '}
            {leftMinor > 0
              ? `Left to refund: ${formatMoney(leftMinor)}.`
              : 'The lane\u2019s journal shows nothing settled to refund.'}
          </p>
          <label htmlFor="refund-amount">Amount to refund</label>
          <input
            id="refund-amount"
            ref={amountField}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={problem !== null}
          />
          <fieldset className="refund-reasons">
            <legend>Reason</legend>
            {reasons.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="refund-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />{' '}
                {refundReasonWords[value]}
              </label>
            ))}
          </fieldset>
          <Alert message={problem} className="dialog-problem" />
          <DialogActions submit="Next: confirm" back="Cancel" onBack={onClose} />
        </form>
      )}
    </div>
  );
}
