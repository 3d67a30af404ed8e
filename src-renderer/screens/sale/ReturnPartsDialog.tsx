import { useRef, useState, type FormEvent } from 'react';
import type { ReturnedPart, ReturnedPartsView } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { DialogActions, modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import { PosCallError } from '../../pos/call-error';
import type { AskManager } from '../history/ask-manager';
import { partWords, type PaidPart } from './PaidParts';

/** How a paid part goes back when the sale is cancelled. */
const goesBack = (part: PaidPart) =>
  part.kind === 'cash'
    ? 'handed back from the drawer'
    : part.stored
      ? 'taken out of the offline store (never sent, nothing charged)'
      : 'voided (refunded if its batch has settled)';

/** How a part went back, in words. */
function endWords(part: ReturnedPart): string {
  switch (part.ended) {
    case 'voided':
      return 'voided';
    case 'refunded':
      return 'refunded';
    case 'withdrawn':
      return 'taken out of the offline store: never sent, nothing charged';
    case 'cash-returned':
      return 'handed back from the drawer';
    case 'unknown':
      return 'not known: the answer was lost, recovery settles it';
    case 'failed':
      return `failed: ${part.problem ?? 'refused'}`;
  }
}

/**
 * Cancelling a sale with paid parts: each part and how it goes back, a reason, then (where the
 * core wants one) a manager's PIN; after, each part's end, the ones that did not go back named.
 */
export function ReturnPartsDialog({
  parts,
  send,
  askManager,
  onClose,
}: {
  parts: readonly PaidPart[];
  send: (request: { reason: string; managerPin?: string }) => Promise<ReturnedPartsView | string>;
  askManager: AskManager;
  onClose: () => void;
}) {
  const reasonField = useRef<HTMLInputElement>(null);
  const dialog = useModalDialog<HTMLFormElement>(reasonField, onClose);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState<readonly ReturnedPart[] | null>(null);
  const totalMinor = parts.reduce((sum, part) => sum + part.amountMinor, 0);

  const go = async (managerPin?: string): Promise<void> => {
    setBusy(true);
    try {
      const answer = await send({ reason: reason.trim(), ...(managerPin ? { managerPin } : {}) });
      if (typeof answer === 'string') setProblem(answer);
      else setEnded(answer.parts);
    } catch (error) {
      if (!(error instanceof PosCallError) || error.code !== 'forbidden' || managerPin) throw error;
      askManager(`Cancel the sale: ${formatMoney(totalMinor)} in ${parts.length} parts goes back`, (pin) => go(pin));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ended) return onClose();
    if (reason.trim() === '') return setProblem('Say why the sale is cancelled.');
    setProblem(null);
    void go();
  };

  return (
    <div className="dialog-backdrop">
      <form
        ref={dialog}
        {...modalDialogProps({ labelledBy: 'return-parts-heading', className: 'refund-dialog' })}
        onSubmit={submit}
        data-testid="return-parts"
      >
        <h2 id="return-parts-heading">{ended ? 'The sale is cancelled' : 'Cancel the sale?'}</h2>
        {ended ? (
          <ul data-testid="returned-parts">
            {ended.map((part) => (
              <li
                key={`${part.kind}-${part.orderId}`}
                className={part.ended === 'failed' || part.ended === 'unknown' ? 'problem' : undefined}
              >
                {part.kind === 'card' ? 'Card' : 'Cash'} {formatMoney(part.amountMinor)}, order {part.orderId}:{' '}
                {endWords(part)}
              </li>
            ))}
          </ul>
        ) : (
          <>
            <p>Each part paid goes back to the customer:</p>
            <ul data-testid="parts-going-back">
              {parts.map((part) => (
                <li key={`${part.kind}-${part.orderId}`}>
                  {partWords(part)}: {goesBack(part)}
                </li>
              ))}
            </ul>
            <label htmlFor="return-parts-reason">Reason</label>
            <input
              id="return-parts-reason"
              ref={reasonField}
              maxLength={120}
              autoComplete="off"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problem !== null}
            />
          </>
        )}
        <Alert message={problem} className="dialog-problem" testId="return-parts-problem" />
        {ended ? (
          <div className="dialog-actions">
            <button type="submit" className="primary">
              Done <kbd>Enter</kbd>
            </button>
          </div>
        ) : (
          <DialogActions
            submit={busy ? 'Cancelling\u2026' : `Cancel the sale, ${formatMoney(totalMinor)} goes back`}
            back="Keep the sale"
            onBack={onClose}
            busy={busy}
            holdBackWhileBusy
          />
        )}
      </form>
    </div>
  );
}
