import { formatMinorUnits } from '../../ipc/money';
import type { PayPageWords } from './pay-page-words';
import type { PayLinkStatus } from './sessions';
import { strictTransportSecurity } from './limits';
import { liveWalletSources } from './wallet-buttons';

/**
 * The pay page: plain HTML, one stylesheet and one small script, all from the pay-link service
 * itself. The Content-Security-Policy allows nothing else (no inline script or style, no other
 * origin, no frames), and the link's id never leaves in a Referer.
 */

/**
 * The headers every answer of the pay-link service carries. Training's CSP admits nothing but
 * the service itself; the live one admits the wallet's script origin too (its script and its
 * payment sheet's frame), and nothing more.
 */
export function payLinkHeaders(mode: 'training' | 'live'): Readonly<Record<string, string>> {
  const scripts = mode === 'live' ? liveWalletSources : "script-src 'self'";
  return {
    'Content-Security-Policy': `default-src 'none'; ${scripts}; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    ...fixedHeaders,
  };
}

const fixedHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': strictTransportSecurity,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/** What the page is drawn from. */
export interface PayPageView {
  readonly storeName: string;
  readonly amountMinor: number;
  readonly status: PayLinkStatus;
  /** Training: the buttons that pay with the emulated wallets. */
  readonly training: boolean;
  /** Live: the wallet button's settings as JSON (googlePayConfig), none when the wallet is not offered. */
  readonly googlePay?: string;
  /** Where the payment was started and in the customer's language (pay-page-words.ts). */
  readonly words: PayPageWords;
}

/** The pay page for a link: the store, the amount, the wallet buttons while it waits, else its end. */
export function payPage(view: PayPageView): string {
  const { words } = view;
  const store = escapeHtml(view.storeName || words.storeFallback);
  const waiting = view.status.state === 'waiting';
  const buttons = view.training
    ? `<button type="button" id="training-wallet" class="wallet" data-wallet="ec-v1">${escapeHtml(words.trainingWallet)}</button>` +
      `<button type="button" id="training-wallet-ecv2" class="wallet" data-wallet="ec-v2">${escapeHtml(words.trainingWalletEcV2)}</button>`
    : `<p id="wallet-note" class="note">${escapeHtml(words.lookingForWallet)}</p>`;
  const walletData = view.training
    ? ''
    : `${view.googlePay ? ` data-google="${escapeHtml(view.googlePay)}"` : ''}` +
      ` data-no-wallet="${escapeHtml(words.noWallet)}" data-wallet-failed="${escapeHtml(words.walletFailed)}"` +
      ` data-tap-to-pay="${escapeHtml(words.tapToPay)}"`;
  return `<!doctype html>
<html lang="${words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(words.title(view.storeName || words.storeFallback))}</title>
<link rel="stylesheet" href="/pay-assets/pay.css">
<script src="/pay-assets/pay.js" defer></script>
${view.training ? '' : '<script src="/pay-assets/wallets.js" defer></script>\n'}</head>
<body>
<main data-unsent="${escapeHtml(words.unsent)}">
<h1>${store}</h1>
<p class="amount">${escapeHtml(formatMinorUnits(view.amountMinor))}</p>
<p id="status" class="status ${view.status.state}" role="status" aria-live="polite">${escapeHtml(view.status.message)}</p>
${waiting ? `<div id="wallets"${walletData}>${buttons}</div>` : ''}
${view.training ? `<p class="training">${escapeHtml(words.trainingNote)}</p>` : ''}
</main>
</body>
</html>
`;
}

/** A page for a link the service does not know (never made, or ended long ago). */
export function unknownLinkPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment link not found</title><link rel="stylesheet" href="/pay-assets/pay.css"></head>
<body><main><h1>Payment link not found</h1>
<p class="status expired">This payment link is not known. Ask the cashier for a new one.</p></main></body>
</html>
`;
}

/** What a client that asked for too many wrong links reads, with how long it waits (whole seconds). */
export function tooManyGuessesWords(seconds: number): string {
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `Too many payment links that do not exist were opened from this phone or network. Try again in ${wait}, or ask the cashier.`;
}

/** The page for that client: a link is not looked up until the wait is over. */
export function tooManyGuessesPage(seconds: number): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Please wait</title><link rel="stylesheet" href="/pay-assets/pay.css"></head>
<body><main><h1>Please wait</h1>
<p class="status expired">${escapeHtml(tooManyGuessesWords(seconds))}</p></main></body>
</html>
`;
}

export const payPageStyle = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f5f7;color:#17202a}
main{max-width:26rem;margin:0 auto;padding:2rem 1.25rem;text-align:center}
h1{font-size:1.4rem;margin:0 0 1rem}
.amount{font-size:2.6rem;font-weight:700;margin:0 0 1.5rem}
.status{font-size:1.1rem;margin:0 0 1.5rem}
.status.approved{color:#1e7d32}.status.declined,.status.refused,.status.expired,.status.canceled{color:#b3261e}
.wallet{width:100%;padding:1rem;font-size:1.15rem;border:0;border-radius:.6rem;background:#000;color:#fff}
.wallet:disabled{opacity:.5}
.wallet+.wallet{margin-top:.75rem}
.note,.training{color:#55606b;font-size:.95rem}
.note.none{color:#b3261e}
`;

/**
 * The page's script: shows the link's state as it changes (a status poll each second until it
 * ends) and, in training, fetches a payload from the training wallet and posts it as a phone's
 * wallet would (either training wallet's). It reads nothing but its own URL.
 */
export const payPageScript = `'use strict';
(function () {
  var base = location.pathname.replace(/\\/$/, '');
  var statusLine = document.getElementById('status');
  var wallets = document.getElementById('wallets');
  var ended = ['approved', 'declined', 'refused', 'canceled', 'expired'];
  // The words for a post that never reached the service, in the page's language.
  var unsent = document.querySelector('main').getAttribute('data-unsent');
  function show(status) {
    statusLine.textContent = status.message;
    statusLine.className = 'status ' + status.state;
    if (status.state !== 'waiting' && wallets) wallets.remove();
  }
  function poll() {
    fetch(base + '/status', { cache: 'no-store' })
      .then(function (answer) { return answer.json(); })
      .then(function (status) {
        show(status);
        if (ended.indexOf(status.state) < 0) setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 2000); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('button[data-wallet]'), function (training) {
    training.addEventListener('click', function () {
      training.disabled = true;
      fetch(base + '/training-payload?wallet=' + training.getAttribute('data-wallet'), { method: 'POST' })
        .then(function (answer) { return answer.text(); })
        .then(function (payload) {
          return fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload });
        })
        .then(function (answer) { return answer.json(); })
        .then(show)
        .catch(function () { statusLine.textContent = unsent; training.disabled = false; });
    });
  });
  poll();
})();
`;
