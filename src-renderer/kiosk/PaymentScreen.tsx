import { useShallow } from 'zustand/react/shallow';
import type { CurrentSale, TerminalPhase } from '../../src-main/lane/ipc/contract';
import { isCancelablePhase } from '../../src-main/lane/ipc/sale-phases';
import { kioskHeadline, kioskOutcomeHeadline } from '../components/kiosk-outcome';
import { PayLinkWait, useSecondsLeft } from '../components/PayLinkWait';
import { formatMoney } from '../../src-main/platform/money';
import { usePos, usePosActions } from '../store/use-pos';
import { CancelOrderButton } from './CancelOrder';
import { KioskNoticeLine } from './KioskNoticeLine';
import { useKioskWords } from './use-kiosk-words';

/** Seconds left of the card wait, counted from when the phase began. */
function CardCountdown({ since, seconds }: { since: number; seconds: number }) {
  const words = useKioskWords();
  const left = useSecondsLeft(since + seconds * 1000);
  return (
    <p className="kiosk-countdown" role="timer" aria-live="off" data-testid="card-countdown">
      {words.timeLeft(left)}
    </p>
  );
}

/** While a payment runs: the amount, what to do now, the countdown where one runs, Cancel where it may. */
function PaymentRunning({ sale, phase, since }: { sale: CurrentSale; phase: TerminalPhase; since: number }) {
  const words = useKioskWords();
  const { walletEnabled, cardTimeoutSeconds } = usePos(
    useShallow((state) => ({ walletEnabled: state.walletEnabled, cardTimeoutSeconds: state.cardTimeoutSeconds })),
  );
  const { cancelPayment, payOnPhoneInstead } = usePosActions();
  const headline = kioskHeadline(phase, sale, words.outcome) ?? words.phases[phase];
  const byPhone = sale.tender === 'wallet';
  const waitingForCard = phase === 'awaiting-card' && !byPhone;
  return (
    <>
      <p className="kiosk-pay-amount">
        {words.amountToPay} <strong data-testid="pay-amount">{formatMoney(sale.amountMinor)}</strong>
      </p>
      <h1 data-testid="phase-headline">{headline}</h1>
      {waitingForCard ? <p className="kiosk-lead">{words.cardHint}</p> : null}
      {waitingForCard ? <CardCountdown since={since} seconds={cardTimeoutSeconds} /> : null}
      {byPhone && phase === 'awaiting-card' && sale.payLink ? (
        <PayLinkWait
          link={sale.payLink}
          amountMinor={sale.amountMinor}
          audience="customer"
          words={words.payLink}
          onCancel={() => void cancelPayment()}
        />
      ) : null}
      <div className="kiosk-actions">
        {waitingForCard && walletEnabled ? (
          <button type="button" className="kiosk-big" onClick={() => void payOnPhoneInstead()}>
            {words.payOnPhoneInstead}
          </button>
        ) : null}
        {/* The phone's panel has its own Cancel; the card's is here at every step that waits for the customer. */}
        {isCancelablePhase(phase) && !byPhone ? (
          <button
            type="button"
            className="danger kiosk-big"
            onClick={() => void cancelPayment()}
            data-testid="pay-cancel"
          >
            {words.cancel}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** A payment that ended with money still owed: what happened, and how to go on. */
function PaymentEnded({ sale }: { sale: CurrentSale | null }) {
  const words = useKioskWords();
  const { basket, walletEnabled } = usePos(
    useShallow((state) => ({ basket: state.kiosk?.basket ?? null, walletEnabled: state.walletEnabled })),
  );
  const { payBasket } = usePosActions();
  const due = basket?.dueMinor ?? 0;
  return (
    <>
      <h1 data-testid="kiosk-outcome">{kioskOutcomeHeadline(sale, words.outcome)}</h1>
      {basket && basket.paidMinor > 0 ? (
        <p className="kiosk-pay-amount">
          {words.stillToPay} <strong data-testid="pay-amount">{formatMoney(due)}</strong>
        </p>
      ) : null}
      <KioskNoticeLine />
      <div className="kiosk-actions">
        {due > 0 ? (
          <button
            type="button"
            className="primary kiosk-big"
            onClick={() => void payBasket('card')}
            data-testid="pay-again-card"
          >
            {words.tryAgainByCard(due)}
          </button>
        ) : null}
        {due > 0 && walletEnabled ? (
          <button type="button" className="kiosk-big" onClick={() => void payBasket('wallet')}>
            {words.payOnPhone}
          </button>
        ) : null}
        <CancelOrderButton />
      </div>
    </>
  );
}

/**
 * Paying the basket: while the payment runs, the amount, the reader's instruction, the countdown
 * and Cancel (or the phone's QR code); once it ended without paying everything, the outcome in
 * the customer's words (never "thank you" for a decline) and the ways on.
 */
export function PaymentScreen() {
  const { terminal } = usePos(useShallow((state) => ({ terminal: state.terminal })));
  const sale = terminal?.sale ?? null;
  const running = sale?.running === true;
  return (
    <section className={`kiosk-pay phase-${terminal?.phase ?? 'starting'}`} aria-live="polite">
      {running && sale && terminal ? (
        <PaymentRunning sale={sale} phase={terminal.phase} since={terminal.since} />
      ) : (
        <PaymentEnded sale={sale} />
      )}
    </section>
  );
}
