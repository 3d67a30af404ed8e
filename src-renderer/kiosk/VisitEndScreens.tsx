import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { kioskOutcomeHeadline } from '../components/kiosk-outcome';
import { usePos, usePosActions } from '../store/use-pos';
import type { ReceiptChannel } from '../store/receipt-slice';
import { useKioskReceiptSendWords } from './kiosk-receipt-words';
import { KioskNoticeLine } from './KioskNoticeLine';
import { KioskReceiptSend } from './KioskReceiptSend';
import { useKioskWords } from './use-kiosk-words';

/** How long the thank-you stays before the welcome returns by itself (doubled in accessibility mode). */
export const thanksSeconds = 8;

/** The basket is paid: the outcome in the customer's words, then a receipt printed, emailed, texted, or none. */
export function ReceiptScreen() {
  const words = useKioskWords();
  const sendWords = useKioskReceiptSendWords();
  const sale = usePos((state) => state.terminal?.sale ?? null);
  const { chooseReceipt } = usePosActions();
  const [sending, setSending] = useState<ReceiptChannel | null>(null);
  if (sending) return <KioskReceiptSend channel={sending} onBack={() => setSending(null)} />;
  return (
    <section className="kiosk-receipt" aria-labelledby="kiosk-receipt-heading">
      <p className="kiosk-outcome-line" data-testid="kiosk-outcome">
        {kioskOutcomeHeadline(sale, words.outcome)}
      </p>
      <h1 id="kiosk-receipt-heading" data-testid="kiosk-headline">
        {words.receiptQuestion}
      </h1>
      <KioskNoticeLine />
      <div className="kiosk-actions">
        <button type="button" className="primary kiosk-big" onClick={() => void chooseReceipt(true)}>
          {words.printReceipt}
        </button>
        <button type="button" className="kiosk-big" onClick={() => setSending('email')}>
          {sendWords.emailReceipt}
        </button>
        <button type="button" className="kiosk-big" onClick={() => setSending('sms')}>
          {sendWords.textReceipt}
        </button>
        <button type="button" className="kiosk-big" onClick={() => void chooseReceipt(false)}>
          {words.noReceipt}
        </button>
      </div>
    </section>
  );
}

/** Thank you: a few seconds, or a touch, and the welcome is back for the next customer. */
export function ThanksScreen() {
  const words = useKioskWords();
  const sendWords = useKioskReceiptSendWords();
  const { receipt, accessible, sent } = usePos(
    useShallow((state) => ({
      receipt: state.kiosk?.receipt ?? null,
      accessible: state.accessible,
      // Queued from this visit's receipt screen: one of this visit's payments.
      sent:
        state.receiptSend?.state === 'queued' &&
        state.kiosk?.payments.some((payment) => payment.orderId === state.receiptSend?.orderId)
          ? state.receiptSend.to
          : null,
    })),
  );
  const { finishVisit } = usePosActions();
  useEffect(() => {
    const timer = setTimeout(() => void finishVisit(), thanksSeconds * 1000 * (accessible ? 2 : 1));
    return () => clearTimeout(timer);
  }, [accessible, finishVisit]);
  return (
    <section className="kiosk-thanks" aria-labelledby="kiosk-thanks-heading">
      <h1 id="kiosk-thanks-heading" data-testid="kiosk-headline">
        {words.thanks}
      </h1>
      {receipt?.printed ? <p className="kiosk-lead">{words.receiptPrinting}</p> : null}
      {sent ? (
        <p className="kiosk-lead" role="status" data-testid="kiosk-receipt-sent">
          {sendWords.queued(sent)}
        </p>
      ) : null}
      {receipt && !receipt.printed && receipt.problem ? (
        <p className="kiosk-notice" role="alert">
          {words.receiptProblem}
        </p>
      ) : null}
      <p className="kiosk-lead">{words.takeItems}</p>
      <KioskNoticeLine />
      <div className="kiosk-actions">
        <button type="button" className="primary kiosk-big" onClick={() => void finishVisit()}>
          {words.finish}
        </button>
      </div>
    </section>
  );
}
