import { useEffect, useState } from 'react';
import { formatMoney } from '../../src-main/platform/money';
import { PayLinkCode } from './PayLinkCode';
import './pay-link.css';

/** The panel's words: the cashier's at the counter; the kiosk gives its customer's in the language of the visit. */
export interface PayLinkWords {
  readonly headline: string;
  readonly scan: string;
  readonly link: string;
  readonly expires: string;
  readonly expired: string;
  readonly cancel: string;
  /** The QR code's name for a screen reader, with the amount written out. */
  readonly code: (amount: string) => string;
}

const cashierWords: PayLinkWords = {
  headline: 'Waiting for the customer\u2019s phone',
  scan: 'The customer scans the code with the phone\u2019s camera and pays with the wallet on the page.',
  link: 'Or the customer opens',
  expires: 'The code expires in',
  expired: 'The code has expired: cancel and start a new phone payment.',
  cancel: 'Cancel',
  code: (amount) => `QR code of the pay link for ${amount}`,
};

/** Whole seconds from now until `expiresAt` (epoch ms), never below zero, ticking while shown. */
export function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** "1:05" for 65 seconds. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The sale waiting for the customer's phone: the amount, the pay link as a QR code and as
 * text, how long the code still works, and Cancel (which cancels the page too).
 */
export function PayLinkWait({
  link,
  amountMinor,
  onCancel,
  ...reader
}: {
  link: { readonly url: string; readonly expiresAt: number };
  amountMinor: number;
  onCancel: () => void;
} & ({ audience: 'cashier' } | { audience: 'customer'; words: PayLinkWords })) {
  const { audience } = reader;
  // The customer reads the words of the visit's language; the cashier the counter's own.
  const said = reader.audience === 'customer' ? reader.words : cashierWords;
  const secondsLeft = useSecondsLeft(link.expiresAt);
  return (
    <div className={`pay-link-wait pay-link-${audience}`} data-testid="pay-link-wait">
      <p className="pay-link-amount" data-testid="pay-link-amount">
        {formatMoney(amountMinor)}
      </p>
      <h2 role="status" data-testid="pay-link-headline">
        {said.headline}
      </h2>
      <PayLinkCode url={link.url} label={said.code(formatMoney(amountMinor))} />
      <p className="pay-link-scan">{said.scan}</p>
      <p className="pay-link-text">
        {said.link}{' '}
        <code data-testid="pay-link-url" translate="no">
          {link.url}
        </code>
      </p>
      {secondsLeft > 0 ? (
        <p className="pay-link-countdown" role="timer" data-testid="pay-link-countdown">
          {said.expires} <strong>{formatCountdown(secondsLeft)}</strong>
        </p>
      ) : (
        <p className="pay-link-countdown pay-link-expired" role="alert" data-testid="pay-link-countdown">
          {said.expired}
        </p>
      )}
      <button type="button" className="danger" onClick={onCancel} data-testid="pay-link-cancel">
        {said.cancel} {audience === 'cashier' ? <kbd>Esc</kbd> : null}
      </button>
    </div>
  );
}
