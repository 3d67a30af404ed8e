import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { kioskOutcomeHeadline } from '../components/kiosk-outcome';
import { usePos, usePosActions } from '../store/use-pos';
import { KioskNoticeLine } from './KioskNoticeLine';
import { useKioskWords } from './use-kiosk-words';

/** How long the thank-you stays before the welcome returns by itself (doubled in accessibility mode). */
export const thanksSeconds = 8;

/** The basket is paid: the outcome in the customer's words, then a receipt or none. */
export function ReceiptScreen() {
  const words = useKioskWords();
  const sale = usePos((state) => state.terminal?.sale ?? null);
  const { chooseReceipt } = usePosActions();
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
  const { receipt, accessible } = usePos(
    useShallow((state) => ({ receipt: state.kiosk?.receipt ?? null, accessible: state.accessible })),
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
