import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDecimal, formatMoney, parseMoney } from '../../../src-main/platform/money';
import { DialogActions, modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { PosCallError } from '../../pos/call-error';
import type { AskManager } from './ask-manager';
import { Alert } from '../../components/Alert';

/** "12.00" for the amount field: what a person would type. */
/** The amount as a person types it into the field: "12.34". */
const typed = formatDecimal;

/** What a refund or a void sends once confirmed: the amount and the reason, and a manager's PIN when one was asked. */
export interface MoneyBack<R extends string> {
  readonly amountMinor: number;
  readonly reason: R;
  readonly managerPin?: string;
}

/**
 * Money going back to a card (a refund or a void) in two steps: the amount (what is left
 * offered, not assumed) and a reason from the list, then a confirmation that repeats the card,
 * the amount and the reason. A refusal stays in the dialog; where the core wants a manager, one
 * approves on top of it (told the amount and the card) and the same request goes again.
 */
export function MoneyBackDialog<R extends string>({
  kind,
  orderId,
  leftMinor,
  intro,
  reasons,
  reasonWords,
  confirmWords,
  managerWords,
  send,
  askManager,
  onClose,
}: {
  kind: 'refund' | 'void';
  orderId: string;
  /** What is left to send back; 0 when the journal knows of nothing (the amount is then not checked here). */
  leftMinor: number;
  /** The card and what is left, above the amount field. */
  intro: ReactNode;
  reasons: readonly R[];
  reasonWords: Record<R, string>;
  /** The confirmation's question. */
  confirmWords: (amountMinor: number, reason: string) => ReactNode;
  /** What the manager is asked to approve. */
  managerWords: (amountMinor: number) => string;
  /** Resolves with null when done, or the refusal to show; throws `forbidden` when a manager must approve. */
  send: (request: MoneyBack<R>) => Promise<string | null>;
  askManager: AskManager;
  onClose: () => void;
}) {
  const verb = kind === 'refund' ? 'Refund' : 'Void';
  const [amount, setAmount] = useState(leftMinor > 0 ? typed(leftMinor) : '');
  const [reason, setReason] = useState<R | null>(null);
  const [confirming, setConfirming] = useState<{ amountMinor: number; reason: R } | null>(null);
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
      return setProblem(`The amount to ${kind} as money, e.g. ${typed(leftMinor || 500)}.`);
    if (leftMinor > 0 && amountMinor > leftMinor)
      return setProblem(`Only ${formatMoney(leftMinor)} of this sale is left to ${kind}.`);
    if (!reason)
      return setProblem(kind === 'refund' ? 'Choose why the money goes back.' : 'Choose why the sale is voided.');
    setProblem(null);
    setConfirming({ amountMinor, reason });
  };

  const go = async (managerPin?: string): Promise<void> => {
    if (!confirming) return;
    setBusy(true);
    try {
      const refusal = await send({ ...confirming, ...(managerPin ? { managerPin } : {}) });
      if (refusal === null) return onClose();
      setProblem(refusal);
      setConfirming(null);
    } catch (error) {
      if (!(error instanceof PosCallError) || error.code !== 'forbidden' || managerPin) throw error;
      askManager(managerWords(confirming.amountMinor), (pin) => go(pin));
    } finally {
      setBusy(false);
    }
  };

  const heading = `${kind}-heading`;
  return (
    <div className="dialog-backdrop">
      {confirming ? (
        <form
          ref={dialog}
          {...modalDialogProps({ labelledBy: heading, describedBy: `${kind}-confirm`, className: 'refund-dialog' })}
          onSubmit={(event) => (event.preventDefault(), void go())}
        >
          <h2 id={heading}>Confirm the {kind}</h2>
          <p id={`${kind}-confirm`} data-testid={`${kind}-confirm`}>
            {confirmWords(confirming.amountMinor, reasonWords[confirming.reason])}
          </p>
          <DialogActions
            submit={
              busy
                ? `${verb === 'Void' ? 'Voiding' : 'Refunding'}\u2026`
                : `${verb} ${formatMoney(confirming.amountMinor)}`
            }
            back="Back"
            onBack={() => setConfirming(null)}
            busy={busy}
            holdBackWhileBusy
            submitRef={confirmButton}
          />
        </form>
      ) : (
        <form ref={dialog} {...modalDialogProps({ labelledBy: heading, className: 'refund-dialog' })} onSubmit={next}>
          <h2 id={heading}>
            {verb} order {orderId}
          </h2>
          <p data-testid={`${kind}-intro`}>{intro}</p>
          <label htmlFor={`${kind}-amount`}>Amount to {kind}</label>
          <input
            id={`${kind}-amount`}
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
                  name={`${kind}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />{' '}
                {reasonWords[value]}
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
