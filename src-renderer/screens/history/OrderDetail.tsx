import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JournalEntryView } from '../../../src-main/lane/ipc/contract';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { PosCallError } from '../../pos/call-error';
import { usePos, usePosActions } from '../../store/use-pos';
import { ReceiptPreview } from '../sale/ReceiptPreview';
import { ReceiptChoice } from '../sale/ReceiptChoice';
import { AvsLine } from '../sale/AvsLine';
import type { AskManager } from './ask-manager';
import { RefundDialog } from './RefundDialog';
import { VoidDialog } from './VoidDialog';
import { CustomerPanel } from './CustomerPanel';
import { answerWords, followUpWords, gatewayAnswerWords } from './words';
import { Alert } from '../../components/Alert';

const usedUpLabels = { void: 'Void', refund: 'Refund', capture: 'Capture' } as const;

/**
 * One order's actions: void, refund, capture (with a tip), reprint, and the gateway's status
 * now. The gateway and the terminal refuse what the order's state does not allow, in words.
 */
export function OrderDetail({
  orderId,
  entries,
  askManager,
}: {
  orderId: string;
  entries: JournalEntryView[];
  askManager: AskManager;
}) {
  const { lookup, outcome, busy } = usePos(
    useShallow((state) => ({ lookup: state.lookupResult, outcome: state.historyOutcome, busy: state.historyBusy })),
  );
  const actions = usePosActions();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sale = entries.find((entry) => entry.operation === 'auth' && entry.respstat === 'A');
  // What the journal already rules out (core: order-money.ts), each said by its disabled button.
  const usedUp = sale?.money?.usedUp ?? { void: null, refund: null, capture: null };
  const usedUpWhy = (operation: 'void' | 'refund' | 'capture') =>
    usedUp[operation] ? { 'aria-describedby': `used-up-${operation}` } : {};

  const [refunding, setRefunding] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const heldMinor = sale?.money ? Math.max(0, sale.money.approvedMinor - sale.money.voidedMinor) : 0;
  // What the journal already knows is said at once: no dialog for a sale with nothing left to void.
  const openVoid = () => {
    if (sale?.money?.fullyVoided) return setProblem('This sale was voided: nothing is left to void.');
    setProblem(null);
    setVoiding(true);
  };
  const capture = () => {
    const tipMinor = amount.trim() === '' ? undefined : parseMoney(amount);
    if (tipMinor === null) return setProblem('The tip is money such as 5.00, or empty for none.');
    setProblem(null);
    const args = { orderId, ...(tipMinor ? { tipMinor } : {}) };
    void actions.captureOrder(args).catch((error: unknown) => {
      if (error instanceof PosCallError && error.code === 'forbidden')
        askManager(`Capture the authorization ${orderId}`, (managerPin) =>
          actions.captureOrder({ ...args, managerPin }),
        );
    });
  };

  return (
    <section className="order-detail" aria-labelledby="order-heading" data-testid="order-detail">
      <h2 id="order-heading">Order {orderId}</h2>
      {sale ? (
        <p>
          {answerWords(sale)}. {sale.maskedPan ? `Card ending ${sale.maskedPan.slice(-4)}` : 'No card'}, authorization{' '}
          {sale.authcode ?? '\u2014'}.
        </p>
      ) : null}
      {sale?.avs ? <AvsLine avs={sale.avs} /> : null}
      <label className="order-amount">
        A capture&rsquo;s tip (empty: none)
        <input value={amount} inputMode="decimal" size={10} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <div className="order-actions">
        <button
          type="button"
          className="danger"
          disabled={busy || usedUp.void !== null}
          {...usedUpWhy('void')}
          onClick={openVoid}
        >
          Void{'\u2026'}
        </button>
        <button
          type="button"
          disabled={busy || usedUp.refund !== null}
          {...usedUpWhy('refund')}
          onClick={() => setRefunding(true)}
        >
          Refund{'\u2026'}
        </button>
        <button type="button" disabled={busy || usedUp.capture !== null} {...usedUpWhy('capture')} onClick={capture}>
          Capture
        </button>
        <button type="button" disabled={busy} onClick={() => void actions.reprintOrder(orderId)}>
          Reprint
        </button>
        {sale ? <ReceiptChoice orderId={orderId} /> : null}
        <button type="button" disabled={busy} onClick={() => void actions.inquireOrder(orderId)}>
          Gateway status
        </button>
        <button type="button" onClick={() => actions.selectOrder(null)}>
          Close <kbd>Esc</kbd>
        </button>
      </div>
      {usedUp.void || usedUp.refund || usedUp.capture ? (
        <ul className="order-used-up" aria-label="Why some actions are off" data-testid="order-used-up">
          {(['void', 'refund', 'capture'] as const).map((operation) =>
            usedUp[operation] ? (
              <li key={operation} id={`used-up-${operation}`}>
                {usedUpLabels[operation]}: {usedUp[operation]}
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      <CustomerPanel orderId={orderId} sale={sale} askManager={askManager} />
      {refunding ? (
        <RefundDialog orderId={orderId} sale={sale} askManager={askManager} onClose={() => setRefunding(false)} />
      ) : null}
      {voiding ? (
        <VoidDialog
          target={{ orderId, heldMinor, maskedPan: sale?.maskedPan ?? null, brand: sale?.brand ?? null }}
          send={(request) => actions.voidOrder({ orderId, ...request })}
          askManager={askManager}
          onClose={() => setVoiding(false)}
        />
      ) : null}
      {busy ? (
        <p role="status" aria-busy="true">
          Asking the gateway{'\u2026'}
        </p>
      ) : null}
      <Alert message={problem} className="history-error" />
      {outcome?.kind === 'follow-up' ? (
        <p role="status" className={`order-outcome outcome-${outcome.summary.outcome}`} data-testid="order-outcome">
          {followUpWords(outcome.summary)}{' '}
          {outcome.summary.amountMinor > 0 ? formatMoney(outcome.summary.amountMinor) : ''}
          {outcome.summary.printProblem ? ` The slip did not print: ${outcome.summary.printProblem}.` : ''}
        </p>
      ) : null}
      {outcome?.kind === 'reprint' ? (
        <>
          <p role="status">
            {outcome.printed ? 'Printed again, marked DUPLICATE.' : `Not printed: ${outcome.problem ?? 'no printer'}.`}
          </p>
          <ReceiptPreview png={outcome.png} caption={`duplicate, order ${orderId}`} />
        </>
      ) : null}
      {lookup ? (
        <div className="order-lookup" data-testid="order-lookup">
          <h3>At the gateway now</h3>
          {lookup.gatewayProblem ? (
            <p role="alert">The gateway could not be asked: {lookup.gatewayProblem}. Try again in a minute.</p>
          ) : null}
          <ul>
            {lookup.gateway.map((record, index) => (
              <li key={record.retref ?? index}>
                {record.amountMinor !== null ? formatMoney(record.amountMinor) : ''} {gatewayAnswerWords(record)};
                settlement: {record.setlstat ?? 'unknown'}; {record.voidable ? 'can be voided' : 'cannot be voided'},{' '}
                {record.refundable ? 'can be refunded' : 'cannot be refunded'}
              </li>
            ))}
            {lookup.gateway.length === 0 && !lookup.gatewayProblem ? (
              <li>The gateway has no record of this order.</li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
