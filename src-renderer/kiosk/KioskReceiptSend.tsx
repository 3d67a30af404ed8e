import { useState } from 'react';
import { addressProblem } from '../../src-main/lane/receipt-mail/address';
import { phoneNumberOf } from '../../src-main/lane/receipt-mail/phone';
import type { ReceiptChannel } from '../store/receipt-slice';
import { usePos, usePosActions } from '../store/use-pos';
import { emailKeyboardRows, useKioskReceiptSendWords, type KioskReceiptSendWords } from './kiosk-receipt-words';
import './kiosk-receipt.css';

/** The on-screen keyboard for an address: simple rows, no shift (addresses are read without case). */
const keyboardRows = emailKeyboardRows;
/** The on-screen keypad for a phone number. */
const keypadRows = ['123', '456', '789', '+0'];

/** What is wrong with the typed address or number, in the customer's words; null when it can take the receipt. */
function targetProblem(channel: ReceiptChannel, typed: string, words: KioskReceiptSendWords): string | null {
  if (channel === 'email') {
    const problem = addressProblem(typed);
    return problem ? words.badAddress(problem) : null;
  }
  const number = phoneNumberOf(typed);
  return 'problem' in number ? words.badPhone(number.problem) : null;
}

/**
 * The customer types an address on the on-screen keyboard, or a mobile number on the keypad (a
 * kiosk has a touch screen and no keyboard), and sends this visit's receipts there. Checked here
 * first; once the lane queued them the visit goes on as after "No receipt" (the thank-you says
 * where the receipt went); a refusal leaves the customer free to print instead.
 */
export function KioskReceiptSend({ channel, onBack }: { channel: ReceiptChannel; onBack: () => void }) {
  const words = useKioskReceiptSendWords();
  const orderIds = usePos((state) => state.kiosk?.payments ?? [])
    .filter((payment) => payment.state === 'approved')
    .map((payment) => payment.orderId);
  const { emailReceipt, textReceipt, chooseReceipt } = usePosActions();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const press = (key: string) => {
    setProblem(null);
    setTyped((text) => (text + key).slice(0, channel === 'email' ? 254 : 20));
  };
  const erase = () => {
    setProblem(null);
    setTyped((text) => text.slice(0, -1));
  };
  const send = async () => {
    const wrong = targetProblem(channel, typed, words);
    setProblem(wrong);
    if (wrong) return;
    setSending(true);
    let queued = orderIds.length > 0;
    for (const orderId of orderIds) {
      queued = await (channel === 'email' ? emailReceipt(orderId, typed) : textReceipt(orderId, typed));
      if (!queued) break;
    }
    setSending(false);
    if (queued) await chooseReceipt(false);
    else setProblem(words.notSent);
  };
  const rows = channel === 'email' ? keyboardRows : keypadRows;
  return (
    <section className="kiosk-receipt-send" aria-labelledby="kiosk-receipt-send-heading">
      <h1 id="kiosk-receipt-send-heading" data-testid="kiosk-headline">
        {channel === 'email' ? words.emailHeading : words.phoneHeading}
      </h1>
      <output className="kiosk-typed" data-testid="kiosk-typed" aria-live="polite">
        {typed || '\u00a0'}
      </output>
      {problem ? (
        <p className="kiosk-notice" role="alert">
          {problem}
        </p>
      ) : null}
      {sending ? <p role="status">{words.sending}</p> : null}
      <div className={channel === 'email' ? 'kiosk-keyboard' : 'kiosk-keypad'} role="group" aria-label={words.keyboard}>
        {rows.map((row) => (
          <div className="kiosk-key-row" key={row}>
            {[...row].map((key) => (
              <button type="button" className="kiosk-key" key={key} onClick={() => press(key)}>
                {key}
              </button>
            ))}
            {row === rows.at(-1) ? (
              <button type="button" className="kiosk-key kiosk-key-wide" onClick={erase}>
                {words.erase}
              </button>
            ) : null}
          </div>
        ))}
      </div>
      <div className="kiosk-actions">
        <button type="button" className="primary kiosk-big" disabled={sending} onClick={() => void send()}>
          {words.send}
        </button>
        <button type="button" className="kiosk-big" disabled={sending} onClick={onBack}>
          {words.back}
        </button>
      </div>
    </section>
  );
}
