import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SaleSummary } from '../../../src-main/lane/ipc/contract';
import { Alert } from '../../components/Alert';
import { receiptSendWords, receiptTargetProblem, type ReceiptChannel } from '../../store/receipt-slice';
import { usePosActions, usePosFields } from '../../store/use-pos';

const fieldLabel: Record<ReceiptChannel, string> = {
  email: 'Customer\u2019s email address',
  sms: 'Customer\u2019s mobile number (+ and country code, or 10 digits)',
};

/**
 * "Email receipt" and "Text receipt" for an order with a receipt: each opens a small field,
 * checked here (a malformed address or number is named and nothing is sent), then the lane's
 * answer: queued for the masked address, or its refusal in words. The printed receipt is not
 * touched. The screen's own keys stay quiet while the field has the focus (they skip fields).
 */
export function ReceiptChoice({ orderId }: { orderId: string }) {
  const { send } = usePosFields({ send: 'receiptSend' });
  const { emailReceipt, textReceipt } = usePosActions();
  const [channel, setChannel] = useState<ReceiptChannel | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const fieldId = useId();
  const open = (chosen: ReceiptChannel, button: HTMLButtonElement) => {
    opener.current = button;
    setChannel(chosen);
    setTyped('');
    setProblem(null);
  };
  const close = () => {
    setChannel(null);
    opener.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!channel) return;
    const wrong = receiptTargetProblem(channel, typed);
    setProblem(wrong);
    if (wrong) return;
    void (channel === 'email' ? emailReceipt(orderId, typed) : textReceipt(orderId, typed));
    close();
  };
  const onFieldKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Esc closes the field only, not the screen's detail or sale behind it.
    event.preventDefault();
    event.stopPropagation();
    close();
  };
  const answer = send?.orderId === orderId ? send : null;
  return (
    <div className="receipt-choice" data-testid="receipt-choice">
      <div className="receipt-choice-buttons">
        <button
          type="button"
          aria-expanded={channel === 'email'}
          onClick={(event) => open('email', event.currentTarget)}
        >
          Email receipt
        </button>
        <button type="button" aria-expanded={channel === 'sms'} onClick={(event) => open('sms', event.currentTarget)}>
          Text receipt
        </button>
      </div>
      {channel ? (
        <form className="receipt-choice-form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{fieldLabel[channel]}</label>
          <input
            id={fieldId}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            autoFocus
            value={typed}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onFieldKey}
          />
          <button type="submit" className="primary">
            {channel === 'email' ? 'Send the email' : 'Send the text'}
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
          <Alert message={problem} id={`${fieldId}-problem`} className="sale-result-problem" />
        </form>
      ) : null}
      {answer ? (
        answer.state === 'refused' ? (
          <Alert message={receiptSendWords(answer)} className="sale-result-problem" testId="receipt-send" />
        ) : (
          <p role="status" data-testid="receipt-send">
            {receiptSendWords(answer)}
          </p>
        )
      ) : null}
    </div>
  );
}

/**
 * The counter's choice after a sale: only for an outcome with a receipt (approved, partial),
 * once its receipts have printed, and not once the sale was voided.
 */
export function SaleReceiptChoice({ sale, voided }: { sale: SaleSummary; voided: boolean }) {
  const { receiptPending } = usePosFields({ receiptPending: 'receiptPending' });
  if (voided || receiptPending || (sale.outcome !== 'approved' && sale.outcome !== 'partial')) return null;
  return <ReceiptChoice orderId={sale.orderId} />;
}
