import { useRef, useState } from 'react';
import { usePos, usePosActions } from '../store/use-pos';
import { KioskDialog } from './KioskDialog';
import { useKioskWords } from './use-kiosk-words';

/** "Cancel your order?" with what happens to the money already paid, and Yes or No (No has the focus). */
function CancelOrderQuestion({ paidMinor, onYes, onNo }: { paidMinor: number; onYes: () => void; onNo: () => void }) {
  const words = useKioskWords();
  // The safe answer takes the focus: a keypad's Enter pressed by mistake keeps the order.
  const no = useRef<HTMLButtonElement>(null);
  return (
    <KioskDialog
      name="cancel-order"
      heading={words.cancelOrderQuestion}
      description={<p data-testid="cancel-order-money">{words.paymentReturned(paidMinor)}</p>}
      testId="cancel-order-question"
      initialFocus={no}
    >
      <div className="kiosk-actions">
        <button type="button" className="danger kiosk-big" onClick={onYes}>
          {words.cancelOrderYes}
        </button>
        <button ref={no} type="button" className="primary kiosk-big" onClick={onNo}>
          {words.cancelOrderNo}
        </button>
      </div>
    </KioskDialog>
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
