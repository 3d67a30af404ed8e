import { useState, type FormEvent } from 'react';
import type { CustomerStep, CustomerView } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { usePosActions, usePosFields } from '../../store/use-pos';

const payWays = {
  card: 'to insert, tap or swipe the card',
  keyed: 'to wait while you key the card',
  terminal: 'to pay on the terminal',
  phone: 'to scan the QR code and pay on the phone',
} as const;

const receiptWords = { print: 'the printed receipt', email: 'an emailed receipt', none: 'no receipt' } as const;

/** What the customer is looking at, in the cashier's words. */
export function customerSees(step: CustomerStep): string {
  switch (step.kind) {
    case 'idle':
      return 'The welcome screen.';
    case 'order':
      return 'The order as you ring it up.';
    case 'tip':
      return `Choosing a tip on ${formatMoney(step.baseMinor)}.`;
    case 'pay':
      return `Asked to pay ${formatMoney(step.amountMinor)}: ${payWays[step.way]}.`;
    case 'fee':
      return `Asked to accept the surcharge: ${step.surcharge.words}`;
    case 'signature':
      return step.where === 'here' ? 'Signing on the customer display.' : 'Asked to sign on the signature pad.';
    case 'working':
      return 'Told the payment is being processed.';
    case 'outcome':
      return `Told the payment outcome: ${step.outcome === 'canceled' ? 'canceled' : step.outcome}.`;
    case 'receipt':
      return 'Choosing the receipt.';
    case 'done':
      return step.receipt ? `Chose ${receiptWords[step.receipt]}.` : 'Done.';
  }
}

/** True when the customer is asked something the cashier may take back (with a reason). */
const takesBack = (view: CustomerView) => view.step.kind === 'tip' || view.step.kind === 'receipt';

/**
 * The counter's line about the customer display (ADR 087): what the customer sees now, and,
 * while they are asked the tip or the receipt, the cashier taking the step back with a reason
 * (the customer tipped in cash, walked off). Shown only while a customer display is connected.
 */
export function CustomerDisplayLine() {
  const { view, tipAsked } = usePosFields({ view: 'customerView', tipAsked: 'tipAsked' });
  const { takeBackFromCustomer } = usePosActions();
  const [taking, setTaking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!view || view.displays === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setProblem('Say why, in a few words.');
    const refused = await takeBackFromCustomer(reason.trim());
    setProblem(refused);
    if (refused === null) {
      setTaking(false);
      setReason('');
    }
  };
  return (
    <section className="customer-display-line" aria-label="Customer display" data-testid="customer-display-line">
      <p>
        <strong>Customer display:</strong> <span data-testid="customer-sees">{customerSees(view.step)}</span>
        {tipAsked ? ' The payment starts when the customer has chosen.' : ''}
      </p>
      {takesBack(view) && !taking ? (
        <button type="button" onClick={() => setTaking(true)}>
          {view.step.kind === 'tip' ? 'Skip the tip' : 'Take the receipt choice back'}
        </button>
      ) : null}
      {takesBack(view) && taking ? (
        <form onSubmit={(event) => void submit(event)} className="customer-take-back">
          <label>
            Why
            <input value={reason} maxLength={120} onChange={(event) => setReason(event.target.value)} autoFocus />
          </label>
          <button type="submit">{view.step.kind === 'tip' ? 'Skip the tip' : 'Take it back'}</button>
          <button type="button" onClick={() => setTaking(false)}>
            Leave it to the customer
          </button>
        </form>
      ) : null}
      <Alert message={problem} />
    </section>
  );
}
