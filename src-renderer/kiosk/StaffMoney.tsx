import { useRef, useState } from 'react';
import type { KioskPaymentView } from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { usePos, usePosActions } from '../store/use-pos';
import { KioskDialog } from './KioskDialog';

const stateWords: Record<KioskPaymentView['state'], string> = {
  approved: 'Approved',
  unknown: 'Outcome unknown: the bank has not confirmed it, the customer may have been charged',
  declined: 'Declined',
  voided: 'Voided',
};

/** "$5.00 on Visa ending 0101 (order LANE01-…)": what staff check before money moves. */
const paymentWords = (payment: KioskPaymentView) =>
  `${formatMoney(payment.amountMinor)} on ${payment.card} (order ${payment.orderId})`;

/** What clearing the order does to one payment, as the main process decided it. */
function clearWords(payment: KioskPaymentView): string {
  switch (payment.onClear) {
    case 'void':
      return `${paymentWords(payment)} will be voided: the money goes back to the card.`;
    case 'keep':
      return `${paymentWords(payment)} stays paid: the basket was paid in full.`;
    case 'check':
      return `${paymentWords(payment)}: the bank has not confirmed it. The kiosk asks the bank first and clears nothing while it still does not know.`;
    case 'none':
      return `${paymentWords(payment)} was ${payment.state}: no money to give back.`;
  }
}

/** Why the kiosk holds the customer, and this order's payments as the journal knows them. */
export function StaffOrderMoney() {
  const kiosk = usePos((state) => state.kiosk);
  if (!kiosk) return null;
  return (
    <>
      {kiosk.staffNeeded ? (
        <p className="kiosk-staff-hold" role="alert" data-testid="staff-hold">
          The kiosk is holding the customer: {kiosk.staffNeeded}
        </p>
      ) : null}
      {kiosk.payments.length === 0 ? (
        <p className="kiosk-staff-payments">No payment on this order yet.</p>
      ) : (
        <>
          <h2>Payments on this order</h2>
          <ul className="kiosk-staff-payments">
            {kiosk.payments.map((payment) => (
              <li key={payment.orderId} data-testid="staff-payment">
                {stateWords[payment.state]}: {paymentWords(payment)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** A staff money action's question: what moves, on which card and order, and a Yes and a No (No has the focus). */
function StaffQuestion(props: {
  name: string;
  heading: string;
  lines: readonly string[];
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const no = useRef<HTMLButtonElement>(null);
  return (
    <KioskDialog
      name={props.name}
      heading={props.heading}
      description={props.lines.map((line) => (
        <p key={line} data-testid="staff-question-line">
          {line}
        </p>
      ))}
      testId="staff-question"
      initialFocus={no}
    >
      <div className="kiosk-actions">
        <button type="button" className="danger kiosk-big" onClick={props.onYes}>
          {props.yes}
        </button>
        <button ref={no} type="button" className="primary kiosk-big" onClick={props.onNo}>
          {props.no}
        </button>
      </div>
    </KioskDialog>
  );
}

/**
 * "Void the last payment" and "Clear the customer's order": each shows the amount, the card and
 * the order, and says what happens to the money, before anything moves.
 */
export function StaffMoneyActions() {
  const kiosk = usePos((state) => state.kiosk);
  const { voidPayment, clearOrder } = usePosActions();
  const [asking, setAsking] = useState<'void' | 'clear' | 'nothing-to-void' | null>(null);
  if (!kiosk) return null;
  const lastApproved = kiosk.payments.filter((payment) => payment.state === 'approved').at(-1);
  const voids = kiosk.payments.filter((payment) => payment.onClear === 'void');
  const voidTotal = voids.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const done = () => setAsking(null);
  return (
    <>
      <button type="button" className="danger" onClick={() => setAsking(lastApproved ? 'void' : 'nothing-to-void')}>
        Void the last payment
      </button>
      {kiosk.step !== 'welcome' ? (
        <button type="button" className="danger" onClick={() => setAsking('clear')}>
          Clear the customer&rsquo;s order
        </button>
      ) : null}
      {asking === 'nothing-to-void' ? (
        <p className="kiosk-staff-note" role="status" data-testid="staff-nothing-to-void">
          No approved payment on this order to void. An earlier customer&rsquo;s payment is voided or refunded under
          History at the counter.
        </p>
      ) : null}
      {asking === 'void' && lastApproved ? (
        <StaffQuestion
          name="staff-void"
          heading="Void this payment?"
          lines={[`${paymentWords(lastApproved)} will be voided: the money goes back to the card.`]}
          yes={`Void ${formatMoney(lastApproved.amountMinor)}`}
          no="Keep the payment"
          onYes={() => {
            done();
            void voidPayment(lastApproved.orderId);
          }}
          onNo={done}
        />
      ) : null}
      {asking === 'clear' ? (
        <StaffQuestion
          name="staff-clear"
          heading="Clear the customer’s order?"
          lines={kiosk.payments.length > 0 ? kiosk.payments.map(clearWords) : ['No money was taken on this order.']}
          yes={voids.length > 0 ? `Void ${formatMoney(voidTotal)} and clear the order` : 'Clear the order'}
          no="Keep the order"
          onYes={() => {
            done();
            void clearOrder(voids.map((payment) => payment.orderId));
          }}
          onNo={done}
        />
      ) : null}
    </>
  );
}
