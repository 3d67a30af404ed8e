import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OpenAuthorization } from '../../../src-main/lane/ipc/contract';
import { voidReasons, voidReasonWords, type VoidReason } from '../../../src-main/lane/ipc/refund-reasons';
import { formatDecimal, formatMoney, parseMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { PosCallError } from '../../pos/call-error';
import { usePos } from '../../store/use-pos';
import type { AskManager } from '../history/ask-manager';

/**
 * Captures one hold: the final amount (the hold offered; less lets the rest go; more only where
 * the gateway lets the merchant capture more, its refusal shown here in words) and a tip where
 * the merchant takes tips.
 */
export function CaptureForm({
  target,
  tips,
  onClose,
}: {
  target: OpenAuthorization;
  tips: boolean;
  onClose: () => void;
}) {
  const capture = usePos((state) => state.captureAuthorization);
  const [amount, setAmount] = useState(formatDecimal(target.heldMinor));
  const [tip, setTip] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amountField = useRef<HTMLInputElement>(null);
  useEffect(() => amountField.current?.focus(), [target.orderId]);
  const amountMinor = parseMoney(amount);
  const tipMinor = tip.trim() === '' ? 0 : parseMoney(tip);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amountMinor === null || amountMinor === 0)
      return setProblem(`The final amount as money, e.g. ${formatDecimal(target.heldMinor)}.`);
    if (tipMinor === null) return setProblem('The tip as money, e.g. 5.00, or leave it empty.');
    setProblem(null);
    setBusy(true);
    const refusal = await capture({
      orderId: target.orderId,
      amountMinor,
      ...(tipMinor > 0 ? { tipMinor } : {}),
    });
    setBusy(false);
    if (refusal === null) return onClose();
    setProblem(refusal);
  };
  const total = (amountMinor ?? 0) + (tipMinor ?? 0);
  return (
    <form
      className="auth-form"
      aria-labelledby="auth-capture-heading"
      data-testid="auth-capture-form"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="auth-capture-heading">Capture order {target.orderId}</h2>
      <p>
        {formatMoney(target.heldMinor)} is held on {target.maskedPan ?? 'the card'}. Capture the final amount: less lets
        the rest go; more only where the gateway allows this store.
      </p>
      <label>
        Final amount
        <input
          ref={amountField}
          data-testid="auth-capture-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem !== null}
        />
      </label>
      {tips ? (
        <label>
          Tip
          <input
            data-testid="auth-capture-tip"
            inputMode="decimal"
            autoComplete="off"
            value={tip}
            onChange={(event) => setTip(event.target.value)}
          />
        </label>
      ) : null}
      <Alert message={problem} className="dialog-problem" />
      <p className="auth-form-actions">
        <button type="submit" className="primary" disabled={busy} data-testid="auth-capture-submit">
          {busy ? 'Capturing\u2026' : `Capture ${formatMoney(total)}`}
        </button>
        <button type="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/**
 * Releases one hold: a void of all of it, with a reason from the void reasons; where the lane
 * wants a manager (a cashier signed in) one approves with a PIN and the same release goes again.
 */
export function ReleaseForm({
  target,
  askManager,
  onClose,
}: {
  target: OpenAuthorization;
  askManager: AskManager;
  onClose: () => void;
}) {
  const release = usePos((state) => state.releaseAuthorization);
  const [reason, setReason] = useState<VoidReason | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async (managerPin?: string): Promise<void> => {
    if (!reason) return setProblem('Choose why the hold is released.');
    setProblem(null);
    setBusy(true);
    try {
      const refusal = await release({ orderId: target.orderId, reason, ...(managerPin ? { managerPin } : {}) });
      if (refusal === null) return onClose();
      setProblem(refusal);
    } catch (error) {
      if (!(error instanceof PosCallError) || error.code !== 'forbidden' || managerPin) throw error;
      askManager(`Release ${formatMoney(target.heldMinor)} held for order ${target.orderId}`, (pin) => go(pin));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="auth-form"
      aria-labelledby="auth-release-heading"
      data-testid="auth-release-form"
      onSubmit={(event) => (event.preventDefault(), void go())}
    >
      <h2 id="auth-release-heading">Release order {target.orderId}</h2>
      <p>
        Gives back all {formatMoney(target.heldMinor)} held on {target.maskedPan ?? 'the card'}: nothing is charged.
      </p>
      <fieldset className="refund-reasons">
        <legend>Reason</legend>
        {voidReasons.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="release-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />{' '}
            {voidReasonWords[value]}
          </label>
        ))}
      </fieldset>
      <Alert message={problem} className="dialog-problem" />
      <p className="auth-form-actions">
        <button type="submit" className="primary" disabled={busy} data-testid="auth-release-submit">
          {busy ? 'Releasing\u2026' : `Release ${formatMoney(target.heldMinor)}`}
        </button>
        <button type="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </p>
    </form>
  );
}
