import { useEffect, useRef, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SignaturePanel } from '../components/SignaturePanel';
import { formatMoney } from '../../src-main/platform/money';
import { usePos, usePosActions } from '../store/use-pos';
import { BasketScreen } from './BasketScreen';
import { useIdleTimer } from './idle-timer';
import { KioskOfflineBanner } from './KioskOfflineBanner';
import { MoreTimePrompt } from './MoreTimePrompt';
import { OutOfService } from './OutOfService';
import { PaymentScreen } from './PaymentScreen';
import { StaffCallLine } from './StaffCallLine';
import { StaffPanel } from './StaffPanel';
import { useKioskWords } from './use-kiosk-words';
import { ReceiptScreen, ThanksScreen } from './VisitEndScreens';
import { WelcomeScreen } from './WelcomeScreen';
import './kiosk.css';
import './kiosk-aids.css';

/** How long "Do you need more time?" waits for an answer (doubled in accessibility mode); the core's walk-away limit counts it too. */
export const moreTimeSeconds = 30;

/** The payment's steps that wait on the customer. */
const waitingOnCustomer: readonly string[] = ['awaiting-card', 'signature'];

/**
 * A kiosk keypad (or a keyboard) moves between the controls with the arrows as well as Tab:
 * a customer who cannot touch the screen reaches every control.
 */
function moveFocusByArrows(root: HTMLElement, event: KeyboardEvent): void {
  const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : -1;
  if (!['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft'].includes(event.key)) return;
  if (event.target instanceof HTMLInputElement) return;
  const controls = [...root.querySelectorAll<HTMLElement>('button:not(:disabled), input, [tabindex="0"]')];
  if (controls.length === 0) return;
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const next = controls[(at + step + controls.length) % controls.length];
  event.preventDefault();
  next?.focus();
}

/** The customer may not go on until staff come (an outcome the bank has not confirmed): said, and how the call for staff went. */
function StaffNeeded() {
  const words = useKioskWords();
  return (
    <section className="kiosk-closed" aria-live="polite">
      <h1 data-testid="kiosk-outcome">{words.outcome.staffNeeded}</h1>
      <StaffCallLine always />
    </section>
  );
}

/** The screen the customer's visit is at, or the one that takes its place (closed, staff, signing). */
function KioskScreen(): ReactNode {
  const { kiosk, staffMode, signing, running } = usePos(
    useShallow((state) => ({
      kiosk: state.kiosk,
      staffMode: state.staffMode,
      signing: state.signature.state !== 'idle',
      running: state.terminal?.sale?.running === true,
    })),
  );
  const words = useKioskWords();
  if (!kiosk) return <h1 className="kiosk-wait">{words.phases.starting}</h1>;
  if (staffMode) return <StaffPanel />;
  if (!kiosk.inService) return <OutOfService />;
  if (signing) return <SignaturePanel customer={words.signature} />;
  if (kiosk.staffNeeded) return <StaffNeeded />;
  // A payment running shows its screen whatever the step says: Cancel must always be in reach.
  if (running) return <PaymentScreen />;
  switch (kiosk.step) {
    case 'welcome':
      return <WelcomeScreen />;
    case 'basket':
      return <BasketScreen />;
    case 'paying':
      return <PaymentScreen />;
    case 'receipt':
      return <ReceiptScreen />;
    case 'thanks':
      return <ThanksScreen />;
  }
}

/**
 * The self-checkout: the customer's screen for the step of the visit, the aids on every screen
 * (accessibility mode, help from staff), and the inactivity reset with its
 * "Do you need more time?" prompt.
 */
export function KioskApp() {
  const words = useKioskWords();
  const { connection, kiosk, staffMode, accessible, language, busy } = usePos(
    useShallow((state) => ({
      connection: state.connection,
      kiosk: state.kiosk,
      staffMode: state.staffMode,
      accessible: state.accessible,
      language: state.kioskLanguage,
      // Waiting at the card or the signature is waiting on the customer, who may have gone: the
      // idle rules hold there as on any step. Only the work in between (authorizing, printing) is left alone.
      busy:
        state.terminal?.sale?.running === true &&
        !waitingOnCustomer.includes(state.terminal.phase) &&
        state.signature.state === 'idle',
    })),
  );
  const actions = usePosActions();
  const root = useRef<HTMLDivElement>(null);
  const step = kiosk?.step ?? 'welcome';

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => moveFocusByArrows(element, event);
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, []);

  const factor = accessible ? 2 : 1;
  const idle = useIdleTimer({
    // No prompt while the lane works on a payment, or nobody is here yet.
    enabled:
      connection === 'open' &&
      kiosk !== null &&
      kiosk.inService &&
      kiosk.staffNeeded === null &&
      !staffMode &&
      !busy &&
      step !== 'welcome' &&
      step !== 'thanks',
    idleMs: (kiosk?.idleResetSeconds ?? 90) * 1000 * factor,
    promptMs: moreTimeSeconds * 1000 * factor,
    onTimeout: () => {
      // A paid basket is not abandoned: it ends as "no receipt", and the next customer gets the welcome.
      if (step === 'receipt') void actions.chooseReceipt(false).then(() => actions.finishVisit());
      else void actions.abandonVisit('idle');
    },
  });

  // Scans are read in the main process and never reach the page as keys: a basket that changed
  // (or a scan refused) is the customer's activity too.
  const { stillHere } = idle;
  const basketKey = kiosk
    ? `${kiosk.basket.lines.map((line) => `${line.itemId}x${line.quantity}`).join(',')}|${kiosk.scanProblem ?? ''}`
    : '';
  useEffect(() => stillHere(), [basketKey, stillHere]);

  if (connection === 'closed') {
    return (
      <main className="kiosk" lang={language}>
        <section className="kiosk-closed">
          <h1 data-testid="phase-headline">{words.unreachable}</h1>
        </section>
      </main>
    );
  }
  return (
    <div ref={root} className={`kiosk${accessible ? ' kiosk-accessible' : ''}`} lang={language}>
      {accessible && kiosk && kiosk.basket.lines.length > 0 && !staffMode && step !== 'basket' ? (
        // The controls are in the lower half; the upper half still says what is owed (the basket shows its sums there).
        <p className="kiosk-reach-summary" aria-hidden="true">
          {words.stillToPay}: {formatMoney(kiosk.basket.dueMinor)}
        </p>
      ) : null}
      {staffMode ? null : <KioskOfflineBanner />}
      <main className={`kiosk-main kiosk-step-${step}`}>
        <KioskScreen />
      </main>
      {staffMode ? null : (
        <nav className="kiosk-aids" aria-label={words.help}>
          <button
            type="button"
            className="kiosk-aid"
            aria-pressed={accessible}
            onClick={actions.toggleAccessible}
            data-testid="kiosk-accessibility"
          >
            <span aria-hidden="true">{'\u267f'} </span>
            {words.accessibility}
          </button>
          <button type="button" className="kiosk-aid" onClick={actions.openStaff} data-testid="kiosk-help">
            {words.help}
          </button>
        </nav>
      )}
      {idle.prompting ? <MoreTimePrompt secondsLeft={idle.secondsLeft} onYes={idle.stillHere} /> : null}
    </div>
  );
}
