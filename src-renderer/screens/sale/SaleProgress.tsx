import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { KeyedEntryView, TerminalPhase } from '../../../src-main/lane/ipc/contract';
import { isCancelablePhase } from '../../../src-main/lane/ipc/sale-phases';
import { formatMoney } from '../../../src-main/platform/money';
import { PayLinkWait } from '../../components/PayLinkWait';
import { usePos } from '../../store/use-pos';
import { FeeConfirmation } from './FeeConfirmation';
import { KeyedCardEntry } from './KeyedCardEntry';

const words: Partial<Record<TerminalPhase, { headline: string; next: string }>> = {
  'awaiting-card': {
    headline: 'Insert, tap or swipe the card',
    next: 'The reader is waiting. Escape cancels if the customer pays another way.',
  },
  'card-read': { headline: 'Card read', next: 'Checking what the card needs.' },
  signature: { headline: 'Waiting for the signature', next: 'The customer signs on the pad or on this screen.' },
  authorizing: { headline: 'Authorizing', next: 'Waiting for the gateway. Do not hand back the goods yet.' },
  resolving: {
    headline: 'Checking the outcome with the gateway',
    next: 'The answer was lost on the way: the lane asks the gateway what happened. Nothing is charged twice.',
  },
  printing: { headline: 'Printing the receipt', next: 'Tear off the customer\u2019s copy when it is done.' },
};

/** The card is read on the integrated terminal, not a reader of the lane's. */
const terminalWaits = {
  headline: 'Follow the terminal',
  next: 'The customer pays on the terminal. Escape cancels it there if the customer pays another way.',
};

/** A phone payment's words where a card's would mislead: before the link shows, and once the phone has paid. */
function walletWords(phase: TerminalPhase, running: boolean): { headline: string; next: string } | null {
  if (phase === 'awaiting-card' || !running)
    return {
      headline: 'Making the pay link\u2026',
      next: 'The QR code for the customer\u2019s phone shows in a moment.',
    };
  if (phase === 'card-read')
    return { headline: 'Payment received from the phone', next: 'Turning it into a one-time token for the gateway.' };
  return null;
}

const blankEntry: KeyedEntryView = {
  active: true,
  field: 'account',
  fields: ['account', 'expiry', 'cvv', 'postal'],
  account: '',
  expiry: '',
  cvv: '',
  postal: '',
  country: '',
  street: '',
  problem: null,
  checks: { account: null, expiry: null, postal: null },
};

/** The sale on its way: what the lane waits for, for how long, and Cancel while a person is needed. */
export function SaleProgress() {
  // The amount of the payment the main process runs: a screen that connected mid-sale shows it too.
  const { terminal, total, keyed, payingBy } = usePos(
    useShallow((state) => ({
      terminal: state.terminal,
      total: state.terminal?.sale?.running ? state.terminal.sale.amountMinor : state.saleTotalMinor(),
      keyed: state.keyedEntry,
      payingBy: state.payingBy,
    })),
  );
  const cancelSale = usePos((state) => state.cancelSale);
  const confirmFee = usePos((state) => state.confirmFee);
  const cardOnTerminal = usePos((state) => state.cardOnTerminal);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const phase = terminal?.phase ?? 'awaiting-card';
  const payLink = terminal?.sale?.running ? terminal.sale.payLink : null;
  if (payingBy === 'wallet' && payLink && phase === 'awaiting-card') {
    return (
      <div className="sale-progress" data-testid="sale-progress" data-phase={phase}>
        <PayLinkWait link={payLink} amountMinor={total} audience="cashier" onCancel={() => void cancelSale()} />
      </div>
    );
  }
  if (phase === 'confirm-fee' && terminal?.surcharge) {
    return (
      <div className="sale-progress" data-testid="sale-progress" data-phase={phase}>
        <FeeConfirmation
          notice={terminal.surcharge}
          onConfirm={() => void confirmFee()}
          onCancel={() => void cancelSale()}
        />
      </div>
    );
  }
  // A screen that connected mid-entry has no echo yet: the main process's sale says a card is being keyed.
  const keying = phase === 'awaiting-card' && (keyed?.active === true || terminal?.sale?.entry === 'keyed');
  const echo = keyed?.active ? keyed : blankEntry;
  const stock = words[phase] ?? { headline: 'Working\u2026', next: terminal?.detail ?? '' };
  // While the card is awaited the terminal's words lead: they change with what the reader saw
  // ("Chip card: insert it", then "Chip failed: swipe the card").
  const onTerminal = phase === 'awaiting-card' && cardOnTerminal ? terminalWaits : stock;
  const awaited =
    phase === 'awaiting-card' && terminal?.detail ? { ...onTerminal, headline: terminal.detail } : onTerminal;
  const shown = keying
    ? {
        headline: 'Key the card',
        next: 'The card could not be read: type its number, expiry and CVV, then its billing ZIP. Escape cancels.',
      }
    : payingBy === 'wallet'
      ? (walletWords(phase, terminal?.sale?.running === true) ?? awaited)
      : awaited;
  const elapsedMs = terminal ? Math.max(0, now - terminal.since) : 0;
  const cancelable = isCancelablePhase(phase);
  // Waits longer than 300 ms show how long they have lasted.
  const elapsed = elapsedMs >= 300 ? `${(elapsedMs / 1000).toFixed(elapsedMs < 10_000 ? 1 : 0)} s` : null;
  return (
    <div className="sale-progress" aria-busy="true" data-testid="sale-progress" data-phase={phase}>
      <p className="sale-progress-amount" data-testid="progress-amount">
        {formatMoney(total)}
      </p>
      <h2 role="status">{shown.headline}</h2>
      <p className="sale-progress-next">{shown.next}</p>
      {keying ? <KeyedCardEntry view={echo} /> : null}
      {elapsed && phase !== 'awaiting-card' ? (
        <p className="sale-progress-elapsed">
          <span className="spinner" aria-hidden="true" /> {elapsed}
        </p>
      ) : null}
      {cancelable ? (
        <button type="button" className="danger" onClick={() => void cancelSale()}>
          Cancel <kbd>Esc</kbd>
        </button>
      ) : null}
    </div>
  );
}
