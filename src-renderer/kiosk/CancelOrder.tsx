import { useEffect, useRef, useState } from 'react';
import { usePos, usePosActions } from '../store/use-pos';
import { useKioskWords } from './use-kiosk-words';

/** "Cancel your order?" with what happens to the money already paid, and Yes or No (No has the focus). */
function CancelOrderQuestion({ paidMinor, onYes, onNo }: { paidMinor: number; onYes: () => void; onNo: () => void }) {
  const words = useKioskWords();
  const no = useRef<HTMLButtonElement>(null);
  // The safe answer takes the focus: a keypad's Enter pressed by mistake keeps the order.
  useEffect(() => no.current?.focus(), []);
  return (
    <div className="kiosk-overlay">
      <div
        className="kiosk-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-cancel-order-heading"
        aria-describedby="kiosk-cancel-order-money"
        data-testid="cancel-order-question"
      >
        <h2 id="kiosk-cancel-order-heading">{words.cancelOrderQuestion}</h2>
        <p id="kiosk-cancel-order-money" data-testid="cancel-order-money">
          {words.paymentReturned(paidMinor)}
        </p>
        <div className="kiosk-actions">
          <button type="button" className="danger kiosk-big" onClick={onYes}>
            {words.cancelOrderYes}
          </button>
          <button ref={no} type="button" className="primary kiosk-big" onClick={onNo}>
            {words.cancelOrderNo}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * "Cancel my order". Once part of the basket is paid, cancelling gives that money back (the main
 * process voids the payments), so the customer is told so and asked before anything happens;
 * with nothing paid the basket is simply cleared.
 */
export function CancelOrderButton() {
  const words = useKioskWords();
  const paidMinor = usePos((state) => state.kiosk?.basket.paidMinor ?? 0);
  const { abandonVisit } = usePosActions();
  const [asking, setAsking] = useState(false);
  const cancel = () => void abandonVisit('customer');
  return (
    <>
      <button type="button" className="danger" onClick={paidMinor > 0 ? () => setAsking(true) : cancel}>
        {words.cancelOrder}
      </button>
      {asking ? (
        <CancelOrderQuestion
          paidMinor={paidMinor}
          onYes={() => {
            setAsking(false);
            cancel();
          }}
          onNo={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
