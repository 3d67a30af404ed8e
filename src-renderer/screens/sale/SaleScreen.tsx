import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CardEntry } from '../../../src-main/lane/ipc/contract';
import { formatMoney } from '../../../src-main/platform/money';
import { usePos, usePosActions } from '../../store/use-pos';
import { AmountConfirmation } from './AmountConfirmation';
import { AmountKeypad } from './AmountKeypad';
import { CartPanel } from './CartPanel';
import { SaleProgress } from './SaleProgress';
import { paysAgain } from './PayAgainActions';
import { PartialEndConfirmation, type PartialEnding } from './PartialApprovalEnd';
import { SaleResultPanel, settledFinding } from './SaleResultPanel';
import { CounterTip } from './TipEntry';
import { Alert } from '../../components/Alert';
import { VoidDialog } from '../history/VoidDialog';
import { LeaveUnknownDialog } from './LeaveUnknownDialog';
import { CashPanel } from './CashPanel';
import { SplitEntry, type PartTender } from './SplitEntry';
import { PaidParts, paidParts, type PaidPart } from './PaidParts';
import { ReturnPartsDialog } from './ReturnPartsDialog';
import { OtherTenders } from './OtherTendersPanel';
import { SaveCardConsent } from './SaveCardConsent';
import { typingInField } from './use-panel-keys';
import './sale.css';
import './tender.css';

/**
 * The counter's sale: key the amount (or build a cart), add a tip where the merchant takes
 * tips, then Pay. The keys: digits, Backspace, Escape (clear / cancel / done), Enter (pay /
 * the next step), C (cash), S (split: this part's amount, then its tender), P (print again);
 * after a partial approval O (the rest taken another way) and V (void it), each confirmed first.
 */
export function SaleScreen({
  askManager,
}: {
  askManager: (action: string, run: (managerPin: string) => Promise<void>) => void;
}) {
  const {
    stage,
    total,
    error,
    tipsEnabled,
    walletEnabled,
    cardOnTerminal,
    cartLines,
    results,
    dueMinor,
    receiptPending,
    confirmAboveMinor,
    findings,
    queue,
    cashParts,
    cashPaid,
  } = usePos(
    useShallow((state) => ({
      stage: state.saleStage,
      walletEnabled: state.walletEnabled,
      cardOnTerminal: state.cardOnTerminal,
      total: state.saleTotalMinor(),
      error: state.saleError,
      tipsEnabled: state.tipsEnabled,
      cartLines: state.cart.length,
      results: state.saleResults,
      dueMinor: state.dueMinor,
      receiptPending: state.receiptPending,
      confirmAboveMinor: state.confirmAboveMinor,
      findings: state.findings,
      queue: state.recoveryQueue,
      cashParts: state.cashParts,
      cashPaid: state.saleStage === 'entry' && state.dueMinor === null && state.cashTender !== null,
    })),
  );
  const actions = usePosActions();
  const payRef = useRef<HTMLButtonElement>(null);
  const [showCart, setShowCart] = useState(false);
  // A sale above the merchant's limit waits here for the cashier's yes: the card, keyed, or the phone.
  const [confirming, setConfirming] = useState<CardEntry | 'wallet' | null>(null);
  // How a partial approval is to end without another card, while the cashier confirms it.
  const [ending, setEnding] = useState<PartialEnding | null>(null);
  const last = results.at(-1);
  const parts = paidParts(results, cashParts);
  // Cash and split open panels over the sale; a sale with paid parts is cancelled in a dialog.
  const [tendering, setTendering] = useState<'cash' | 'split' | 'other' | null>(null);
  const [returning, setReturning] = useState<PaidPart[] | null>(null);
  const [keyFirst, setKeyFirst] = useState(false);
  const openTender = (panel: 'cash' | 'split' | 'other') => (total > 0 ? setTendering(panel) : setKeyFirst(true));
  const payPart = (tender: PartTender, partMinor: number) => {
    setTendering(null);
    if (tender === 'cash') void actions.payCash(partMinor);
    else if (tender === 'wallet') void actions.payByPhone(partMinor);
    else void actions.pay(tender, partMinor);
  };
  const owing =
    dueMinor !== null && parts.length > 0 ? (
      <>
        <PaidParts dueMinor={dueMinor} parts={parts} />
        <button type="button" className="danger" onClick={() => setReturning(parts)} data-testid="cancel-paid-sale">
          Cancel sale (paid parts go back)
        </button>
      </>
    ) : null;
  const returnDialog = returning ? (
    <ReturnPartsDialog
      parts={returning}
      send={actions.returnParts}
      askManager={askManager}
      onClose={() => setReturning(null)}
    />
  ) : null;
  const payNow = (how: CardEntry | 'wallet') => {
    if (how === 'wallet') void actions.payByPhone();
    else void actions.pay(how === 'keyed' ? 'keyed' : undefined);
  };
  const payChecked = (how: CardEntry | 'wallet') => {
    if (total > confirmAboveMinor) setConfirming(how);
    else payNow(how);
  };
  const confirmed = () => {
    const how = confirming;
    setConfirming(null);
    if (how) payNow(how);
  };
  const backToAmount = () => {
    setConfirming(null);
    payRef.current?.focus();
  };

  // A void shows the amount, the card and the order and takes a reason before it goes, as in History.
  const [voiding, setVoiding] = useState(false);
  const voidLast = () => setVoiding(true);
  const voidDialog =
    voiding && last ? (
      <VoidDialog
        target={{ orderId: last.orderId, heldMinor: last.approvedMinor, maskedPan: last.maskedPan, brand: null }}
        send={(request) =>
          actions.voidLastSale({
            reason: request.reason,
            ...(request.managerPin ? { managerPin: request.managerPin } : {}),
          })
        }
        askManager={askManager}
        onClose={() => setVoiding(false)}
      />
    ) : null;

  // Leaving a sale whose outcome is unknown asks first: the customer may have been charged.
  const [leaving, setLeaving] = useState(false);
  const leaveDialog =
    leaving && last?.outcome === 'unknown' ? (
      <LeaveUnknownDialog
        sale={last}
        onLeave={async () => {
          const refusal = await actions.leaveUnknownSale();
          if (refusal === null) setLeaving(false);
          return refusal;
        }}
        onStay={() => setLeaving(false)}
      />
    ) : null;

  /** The keys while a sale's outcome is unknown: Enter checks now (never a new sale); once settled, as its buttons say. */
  const unknownKey = (event: KeyboardEvent) => {
    const settled = settledFinding(last, findings);
    const checking = !settled && queue.some((item) => item.orderId === last?.orderId);
    if (event.key === 'Enter') {
      event.preventDefault();
      if (checking) void actions.recoverNow();
      else if (settled?.outcome === 'not-charged')
        void actions.acknowledgeFinding(settled.entryId).then(actions.tryAnotherCard);
      else if (settled) void actions.acknowledgeFinding(settled.entryId).then(actions.newSale);
      else setLeaving(true);
    } else if (event.key === 'Escape') {
      if (settled) void actions.acknowledgeFinding(settled.entryId).then(actions.newSale);
      else setLeaving(true);
    } else if (event.key.toLowerCase() === 'p' && settled?.receipt) {
      void actions.printFinding(settled.entryId);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const inField = typingInField(event.target);
      if (stage === 'entry') {
        if (event.key === 'Enter' && !(inField && (event.target as HTMLElement).closest('form'))) {
          event.preventDefault();
          payChecked('card');
        } else if (inField) {
          return;
        } else if (/^\d$/.test(event.key)) {
          setKeyFirst(false);
          actions.typeDigit(event.key);
        } else if (event.key === 'Backspace') {
          event.preventDefault();
          actions.eraseDigit();
        } else if (event.key === 'Escape') {
          actions.clearAmount();
        } else if (event.key.toLowerCase() === 'k' && !cardOnTerminal) {
          payChecked('keyed');
        } else if (event.key.toLowerCase() === 'w' && walletEnabled) {
          payChecked('wallet');
        } else if (event.key.toLowerCase() === 'c') {
          event.preventDefault();
          openTender('cash');
        } else if (event.key.toLowerCase() === 's') {
          event.preventDefault();
          openTender('split');
        }
      } else if (stage === 'paying') {
        if (event.key === 'Escape') void actions.cancelSale();
      } else if (receiptPending) {
        // The outcome shows, its receipts are still printing: the payment has not ended yet.
        return;
      } else if (last && !inField && last.outcome === 'unknown') {
        unknownKey(event);
      } else if (last && !inField) {
        const key = event.key.toLowerCase();
        if (event.key === 'Enter') {
          event.preventDefault();
          if (last.outcome === 'partial' && dueMinor !== null) void actions.pay();
          else if (last.outcome === 'partial') void actions.newSale();
          else if (paysAgain(last) && last.tender === 'wallet') void actions.payByPhoneAgain();
          else if (paysAgain(last)) void actions.tryAnotherCard();
          else void actions.newSale();
        } else if (/^\d$/.test(event.key) && dueMinor === null) {
          // The next customer is waiting: a digit starts the next sale with that digit.
          const digit = event.key;
          void actions.newSale().then(() => actions.typeDigit(digit));
        } else if (event.key === 'Escape') {
          // Money still owed after a partial approval is settled first: the rest tendered, or the approval voided.
          if (dueMinor === null) void actions.newSale();
        } else if (key === 'c' && last.tender === 'wallet' && paysAgain(last)) {
          // After the phone's payment failed, the customer pays by card instead.
          void actions.tryAnotherCard();
        } else if (key === 'p' && last.receiptPng) {
          void actions.reprintLastSale();
        } else if (key === 'v' && last.outcome === 'partial' && dueMinor !== null) {
          // The void dialog shows the amount, card and order, takes a reason and confirms. The V
          // itself must not be typed into its amount field, which takes the focus.
          event.preventDefault();
          voidLast();
        } else if (key === 'o' && last.outcome === 'partial' && dueMinor !== null) {
          event.preventDefault();
          setEnding('outside');
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Each stage puts focus on its main action, so Enter and Tab start from there.
  useEffect(() => {
    if (stage === 'entry') payRef.current?.focus();
  }, [stage]);

  // The dialog cancelling a sale with paid parts stays mounted while the parts go back: the stage
  // moves to paying (a void running) and back, and the dialog must keep its reason and show the ends.
  return (
    <>
      {stageView()}
      {returnDialog}
    </>
  );

  function stageView() {
    if (stage === 'paying') {
      return (
        <section className="sale-screen" aria-labelledby="sale-heading">
          <h1 id="sale-heading" className="visually-hidden">
            Sale
          </h1>
          <SaleProgress />
        </section>
      );
    }
    if (stage === 'result') {
      return (
        <section className="sale-screen" aria-labelledby="sale-heading">
          <h1 id="sale-heading" className="visually-hidden">
            Sale result
          </h1>
          <SaleResultPanel
            onEnd={(how) => (how === 'void' ? voidLast() : setEnding(how))}
            onLeave={() => setLeaving(true)}
          />
          {ending === 'outside' && last && dueMinor !== null ? (
            <PartialEndConfirmation
              ending={ending}
              sale={last}
              dueMinor={dueMinor}
              onConfirm={() => {
                setEnding(null);
                void actions.takeRestOutside();
              }}
              onCancel={() => setEnding(null)}
            />
          ) : null}
          {owing}
          {voidDialog}
          {leaveDialog}
        </section>
      );
    }
    return (
      <section className="sale-screen sale-entry" aria-labelledby="sale-heading">
        <div className="sale-amount-column">
          <h1 id="sale-heading">{dueMinor !== null ? 'Remaining to pay' : 'New sale'}</h1>
          <p className="sale-amount" data-testid="sale-amount" aria-live="polite">
            {formatMoney(total)}
          </p>
          {cartLines > 0 ? (
            <p className="sale-amount-note">
              The cart{tipsEnabled ? ' and the tip' : ''}: clear the cart to key an amount.
            </p>
          ) : (
            <p className="sale-amount-note">Type the amount: digits fill in from the cents.</p>
          )}
          <AmountKeypad disabled={cartLines > 0 || dueMinor !== null} />
          {tipsEnabled && dueMinor === null ? <CounterTip /> : null}
          {owing}
        </div>
        <div className="sale-side-column">
          <button
            type="button"
            aria-expanded={showCart || cartLines > 0}
            onClick={() => setShowCart((shown) => !shown)}
            disabled={cartLines > 0 || dueMinor !== null}
          >
            {showCart || cartLines > 0 ? 'Cart' : 'Add items (cart)'}
          </button>
          {showCart || cartLines > 0 ? <CartPanel disabled={dueMinor !== null} /> : null}
          <div className="tender-bar" role="group" aria-label="Tender">
            <button
              type="button"
              ref={payRef}
              className="primary tender-card"
              onClick={() => payChecked('card')}
              data-testid="pay-card"
            >
              {cardOnTerminal ? 'Card on the terminal' : 'Card: insert, tap or swipe'}{' '}
              {total > 0 ? formatMoney(total) : ''} <kbd>Enter</kbd>
            </button>
            {cardOnTerminal ? null : (
              <button
                type="button"
                className="tender-keyed"
                onClick={() => payChecked('keyed')}
                data-testid="pay-keyed"
              >
                Key card <kbd>K</kbd>
              </button>
            )}
            {walletEnabled ? (
              <button
                type="button"
                className="tender-wallet"
                onClick={() => payChecked('wallet')}
                data-testid="pay-wallet"
              >
                Pay on your phone <kbd>W</kbd>
              </button>
            ) : null}
            <button type="button" className="tender-cash" onClick={() => openTender('cash')} data-testid="pay-cash">
              Cash <kbd>C</kbd>
            </button>
            <button type="button" className="tender-split" onClick={() => openTender('split')} data-testid="pay-split">
              Split <kbd>S</kbd>
            </button>
            <OtherTenders shown={tendering === 'other'} show={openTender} hide={setTendering} />
          </div>
          <SaveCardConsent />
          <Alert
            message={error ?? (keyFirst ? 'Key the amount first, or add items to the cart.' : null)}
            className="sale-error"
            testId="sale-error"
          />
        </div>
        {confirming ? (
          <AmountConfirmation
            amountMinor={total}
            limitMinor={confirmAboveMinor}
            onConfirm={confirmed}
            onCancel={backToAmount}
          />
        ) : null}
        {tendering === 'cash' || cashPaid ? <CashPanel onClose={() => setTendering(null)} /> : null}
        {tendering === 'split' ? (
          <SplitEntry
            owedMinor={total}
            walletEnabled={walletEnabled}
            onPay={payPart}
            onClose={() => setTendering(null)}
          />
        ) : null}
      </section>
    );
  }
}
