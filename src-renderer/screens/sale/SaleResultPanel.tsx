import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { otherTenderNextStep } from './other-tender-words';
import type { RecoveryFinding, SaleSummary } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { usePosActions, usePosFields } from '../../store/use-pos';
import { PartialApprovalActions, type PartialEnding } from './PartialApprovalEnd';
import { PayAgainActions, paysAgain } from './PayAgainActions';
import { ReceiptPreview } from './ReceiptPreview';
import { SaleReceiptChoice } from './ReceiptChoice';
import { Alert } from '../../components/Alert';
import { AvsLine } from './AvsLine';

const entryWords: Record<string, string> = {
  swipe: 'swiped',
  chip: 'chip',
  contactless: 'tapped',
  'fallback-swipe': 'swiped after the chip failed',
  keyed: 'keyed',
  DigitalWallet: 'paid on the phone',
};

/** The result's colour: amber while the money is only partly, or not surely, taken. */
const outcomeTone: Record<SaleSummary['outcome'], 'ok' | 'warn' | 'bad' | 'neutral'> = {
  voided: 'neutral',
  approved: 'ok',
  partial: 'warn',
  unknown: 'warn',
  declined: 'bad',
  retry: 'bad',
  'not-charged': 'bad',
  // Taken, but nobody has approved it yet: amber until the gateway answers.
  stored: 'warn',
};

/**
 * One of the result's actions. The main one (the one Enter does) is primary and takes the focus
 * when the result shows; another is left with Esc.
 */
function ResultAction({
  main,
  mainRef,
  onPress,
  testId,
  children,
}: {
  main: boolean;
  mainRef: RefObject<HTMLButtonElement | null>;
  onPress: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={main ? 'primary' : ''}
      ref={main ? mainRef : undefined}
      onClick={onPress}
      data-testid={testId}
    >
      {children} <kbd>{main ? 'Enter' : 'Esc'}</kbd>
    </button>
  );
}

function headline(sale: SaleSummary): string {
  switch (sale.outcome) {
    case 'approved':
      return 'Approved';
    case 'partial':
      return 'Partially approved';
    case 'declined':
      return 'Declined';
    case 'retry':
      return 'Not approved: try again';
    case 'not-charged':
      return 'Not charged';
    case 'unknown':
      return 'Outcome being checked';
    case 'voided':
      return 'Voided';
    // Never "Approved": no issuer has seen it yet, and it may still be declined.
    case 'stored':
      return 'Stored offline';
  }
}

/** What the cashier does next after a payment on the customer's phone, where it differs from a card's. */
function walletNextStep(sale: SaleSummary): string | null {
  switch (sale.outcome) {
    case 'declined':
      return 'Declined on the phone. Ask the customer for a new payment on the phone with another card, or a card at the reader. Do not say more than "declined" at the counter.';
    case 'retry':
    case 'not-charged':
      return 'Nothing was charged: ask the customer for a new payment on the phone, or a card at the reader.';
    default:
      return null;
  }
}

/** What the cashier does next, in words, for each outcome. */
function nextStep(sale: SaleSummary, dueMinor: number | null): string {
  const wallet = sale.tender === 'wallet' ? walletNextStep(sale) : null;
  if (wallet) return wallet;
  const other = otherTenderNextStep(sale);
  if (other) return other;
  switch (sale.outcome) {
    case 'approved':
      if (sale.signatureSkippedBy)
        return `Signature skipped by cashier ${sale.signatureSkippedBy}: have the customer sign the merchant copy, then hand over the goods and the customer\u2019s copy.`;
      return sale.signatureRequired
        ? 'Hand over the goods and the customer\u2019s copy; the signature is on the merchant copy.'
        : 'Hand over the goods and the customer\u2019s copy.';
    case 'partial':
      return `The card covered ${formatMoney(sale.approvedMinor)}. Take the remaining ${formatMoney(dueMinor ?? 0)} another way, or void this approval if the customer does not want to split the payment.`;
    case 'declined':
      return dueMinor !== null
        ? `${formatMoney(dueMinor)} is still due after the earlier card: ask for another card. Do not say more than "declined" at the counter.`
        : 'Ask the customer for another card or another way to pay. Do not say more than "declined" at the counter.';
    case 'retry':
      return 'Nothing was charged. Run the card again.';
    case 'not-charged':
      return 'Nothing was charged: the reason above says why. Run the card again.';
    case 'unknown':
      return 'Do not hand over the goods yet. The lane keeps asking the gateway in the background; the status bar shows it until it is settled. Ask for another way to pay only if it stays unknown.';
    case 'voided':
      return `${formatMoney(sale.approvedMinor)} returned to the card; the sale was canceled.`;
    case 'stored':
      return `Not approved yet: ${formatMoney(sale.requestedMinor)} will be sent to the gateway when it is back. Hand over the goods and the customer\u2019s copy marked OFFLINE; a decline later goes to the manager.`;
  }
}

/** A partial approval whose rest was taken outside the lane: the sale is complete, and says how it was paid. */
const completeWords = (sale: SaleSummary, outsideMinor: number) =>
  `Sale complete: ${formatMoney(sale.approvedMinor)} on the card, ${formatMoney(outsideMinor)} taken another way. Hand over the goods and the customer\u2019s copy.`;

/** What recovery decided for an unknown sale shown here, once it settled (and until acknowledged). */
export function settledFinding(
  sale: SaleSummary | undefined,
  findings: readonly RecoveryFinding[],
): RecoveryFinding | undefined {
  return sale?.outcome === 'unknown'
    ? findings.find((finding) => finding.operation === 'auth' && finding.orderId === sale.orderId)
    : undefined;
}

const settledNext: Record<RecoveryFinding['outcome'], string> = {
  approved: 'The gateway approved it after the answer was lost. Print the receipt for the customer.',
  'not-charged': 'Nothing stays charged on the card. Run the card again, or take another way to pay.',
  unclear: 'Look the order up in History before taking any payment again.',
  applied: '',
  'not-applied': '',
  'offline-declined': '',
  stored: 'The card payment is stored offline and sent when the gateway is back: do not take it again.',
};

/**
 * The sale's outcome: approved (amount, authorization code), partially approved (tender the
 * rest, or void), declined (the reason and the next step), or unknown while recovery runs. Never
 * shows "approved" for anything else.
 *
 * `onEnd`: how a partial approval is to end without another card (the void, or the rest taken
 * outside the lane), each asked first. `onLeave`: New sale on a sale whose outcome is unknown
 * asks first (the customer may have been charged).
 */
export function SaleResultPanel({ onEnd, onLeave }: { onEnd: (ending: PartialEnding) => void; onLeave: () => void }) {
  const { results, dueMinor, receiptPending, outsideMinor, followUp, error } = usePosFields({
    results: 'saleResults',
    dueMinor: 'dueMinor',
    receiptPending: 'receiptPending',
    outsideMinor: 'restTakenOutsideMinor',
    followUp: 'saleFollowUp',
    error: 'saleError',
  });
  const actions = usePosActions();
  const { findings, queue, prints } = usePosFields({
    findings: 'findings',
    queue: 'recoveryQueue',
    prints: 'findingPrints',
  });
  const { acknowledge, printFinding, recoverNow } = usePosFields({
    acknowledge: 'acknowledgeFinding',
    printFinding: 'printFinding',
    recoverNow: 'recoverNow',
  });
  const sale = results.at(-1);
  // Voided as the lane's sale says (any screen's void, after a reload too), or by this screen's own void just now.
  const voided = sale?.outcome === 'voided' || (followUp?.kind === 'void' && followUp.summary.outcome === 'approved');
  // The rest of a partial approval was taken outside the lane: the sale is complete.
  const complete = sale?.outcome === 'partial' && outsideMinor !== null;
  // Focus lands on the result's main action (the one Enter does), so Tab and a screen reader
  // start there, not at the page body and from there into the training deck.
  const mainAction = useRef<HTMLButtonElement>(null);
  useEffect(() => mainAction.current?.focus(), [sale, voided]);
  if (!sale) return null;
  const settled = settledFinding(sale, findings);
  // Unknown and still in the recovery queue: nothing here may suggest the sale is over.
  const checking = sale.outcome === 'unknown' && !settled && queue.some((item) => item.orderId === sale.orderId);
  if (settled) {
    const tone = settled.outcome === 'approved' ? 'ok' : 'bad';
    return (
      <div
        className={`sale-result sale-result-${tone}`}
        data-testid="sale-result"
        data-outcome={sale.outcome}
        data-settled={settled.outcome}
      >
        <div className="sale-result-facts">
          <h2 role="status" data-testid="sale-headline">
            {settled.message}
          </h2>
          <p className="sale-result-amount">{formatMoney(settled.amountMinor)}</p>
          <dl>
            <dt>Order</dt>
            <dd>{sale.orderId}</dd>
          </dl>
          <p className="sale-result-next">{settledNext[settled.outcome]}</p>
          {prints[settled.entryId] ? <p role="status">{prints[settled.entryId]}</p> : null}
          <div className="sale-result-actions">
            {settled.receipt ? (
              <button type="button" onClick={() => void printFinding(settled.entryId)} data-testid="print-settled">
                Print the receipt <kbd>P</kbd>
              </button>
            ) : null}
            {settled.outcome === 'not-charged' ? (
              <ResultAction
                main
                mainRef={mainAction}
                onPress={() => void acknowledge(settled.entryId).then(actions.tryAnotherCard)}
                testId="try-again"
              >
                Run the card again
              </ResultAction>
            ) : null}
            <ResultAction
              main={settled.outcome !== 'not-charged'}
              mainRef={mainAction}
              onPress={() => void acknowledge(settled.entryId).then(actions.newSale)}
              testId="new-sale"
            >
              New sale
            </ResultAction>
          </div>
        </div>
      </div>
    );
  }
  const earlier = results
    .slice(0, -1)
    .filter((result) => result.outcome === 'approved' || result.outcome === 'partial');
  const tone = voided ? 'neutral' : complete ? 'ok' : outcomeTone[sale.outcome];
  return (
    <div className={`sale-result sale-result-${tone}`} data-testid="sale-result" data-outcome={sale.outcome}>
      <div className="sale-result-facts">
        <h2 role="status" data-testid="sale-headline">
          {voided ? 'Voided' : complete ? 'Sale complete' : headline(sale)}
        </h2>
        <p className="sale-result-amount">
          {complete
            ? formatMoney(sale.approvedMinor + outsideMinor)
            : sale.outcome === 'partial'
              ? `${formatMoney(sale.approvedMinor)} of ${formatMoney(sale.requestedMinor)}`
              : formatMoney(
                  sale.outcome === 'approved' || sale.outcome === 'voided' ? sale.approvedMinor : sale.requestedMinor,
                )}
        </p>
        <dl>
          {sale.authcode ? (
            <>
              <dt>Authorization code</dt>
              <dd data-testid="authcode">{sale.authcode}</dd>
            </>
          ) : null}
          {sale.retref ? (
            <>
              <dt>Reference</dt>
              <dd data-testid="retref">{sale.retref}</dd>
            </>
          ) : null}
          {sale.maskedPan ? (
            <>
              <dt>{sale.tender === 'wallet' ? 'Wallet card' : 'Card'}</dt>
              <dd>
                {sale.maskedPan.slice(-4).padStart(8, '\u2022')} ({entryWords[sale.entryMode] ?? sale.entryMode})
              </dd>
            </>
          ) : null}
          {sale.reason ? (
            <>
              <dt>Reason</dt>
              <dd data-testid="sale-reason">{sale.reason}</dd>
            </>
          ) : null}
          {sale.cardOnFile ? (
            <>
              <dt>Card on file</dt>
              <dd data-testid="card-on-file-note">{sale.cardOnFile.words}</dd>
            </>
          ) : null}
          <dt>Order</dt>
          <dd>{sale.orderId}</dd>
          {earlier.length > 0 ? (
            <>
              <dt>Earlier cards</dt>
              <dd>
                {earlier
                  .map(
                    (result) =>
                      `${formatMoney(result.approvedMinor)} on \u2022\u2022\u2022\u2022${result.maskedPan.slice(-4)}`,
                  )
                  .join(', ')}
              </dd>
            </>
          ) : null}
        </dl>
        <AvsLine avs={sale.avs} />
        <p className="sale-result-next" data-testid="sale-next">
          {voided
            ? `${formatMoney(sale.approvedMinor)} returned to the card; the sale was canceled.`
            : complete
              ? completeWords(sale, outsideMinor)
              : nextStep(sale, dueMinor)}
        </p>
        {sale.printProblem && sale.printProblem !== 'nothing to print' ? (
          <p className="sale-result-problem" role="alert">
            The receipt did not print: {sale.printProblem}. Fix the printer on the Devices screen; the receipt prints
            when it is back.
          </p>
        ) : null}
        {followUp?.kind === 'reprint' ? (
          <p role="status">
            {followUp.printed
              ? 'Printed again, marked DUPLICATE.'
              : `The copy did not print: ${followUp.problem ?? 'no printer'}.`}
          </p>
        ) : null}
        {followUp?.kind === 'void' && !voided ? (
          <p role="alert">The void was not done: {followUp.summary.reason ?? followUp.summary.outcome}.</p>
        ) : null}
        <Alert message={error} className="sale-result-problem" />
        {receiptPending ? (
          // The outcome is final; the payment ends when its receipts have printed, and the actions come then.
          <p role="status" data-testid="receipt-pending">
            Printing the receipt&hellip;
          </p>
        ) : (
          <div className="sale-result-actions">
            {sale.outcome === 'partial' && !voided && dueMinor !== null ? (
              <PartialApprovalActions
                dueMinor={dueMinor}
                mainAction={mainAction}
                onTenderRest={() => void actions.pay()}
                onEnd={onEnd}
              />
            ) : null}
            {paysAgain(sale) ? <PayAgainActions sale={sale} mainAction={mainAction} /> : null}
            {sale.receiptPng ? (
              <button type="button" onClick={() => void actions.reprintLastSale()}>
                Print again <kbd>P</kbd>
              </button>
            ) : null}
            {checking ? (
              <button type="button" className="primary" onClick={() => void recoverNow()} data-testid="check-now">
                Check with the gateway now <kbd>Enter</kbd>
              </button>
            ) : null}
            {/* A partial approval is settled first (the rest tendered, or the approval voided): no new sale leaves money owed. */}
            {dueMinor !== null && !voided ? null : (
              <ResultAction
                main={
                  sale.outcome === 'approved' ||
                  sale.outcome === 'stored' ||
                  (sale.outcome === 'unknown' && !checking) ||
                  voided ||
                  complete
                }
                mainRef={mainAction}
                onPress={sale.outcome === 'unknown' ? onLeave : () => void actions.newSale()}
                testId="new-sale"
              >
                {sale.outcome === 'unknown' ? 'Leave this sale\u2026' : 'New sale'}
              </ResultAction>
            )}
          </div>
        )}
        <SaleReceiptChoice sale={sale} voided={voided} />
      </div>
      {sale.receiptPng ? (
        <ReceiptPreview png={sale.receiptPng} caption={`customer copy, order ${sale.orderId}`} />
      ) : null}
    </div>
  );
}
