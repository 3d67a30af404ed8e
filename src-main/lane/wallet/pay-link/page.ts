import { formatMinorUnits } from '../../../platform/money';
import {
  googlePayAttribute,
  payPageAssets,
  payPageIds,
  trainingWalletAttribute,
  unsentAttribute,
  walletWordAttributes,
  type PayLinkStatus,
} from './pay-page-parts';
import type { PayPageWords } from './pay-page-words';
import { securityHeaders } from '../../../platform/http/inbound';
import { hstsMaxAgeSeconds } from './limits';
import { liveWalletSources } from './wallet-buttons';

/**
 * The pay page: plain HTML drawn here, its stylesheet and script built from
 * src-renderer/pay-page/ (built-page.ts), all from the pay-link service itself. The
 * Content-Security-Policy allows nothing else (no inline script or style, no other origin, no
 * frames), and the link's id never leaves in a Referer.
 */

/**
 * The headers every answer of the pay-link service carries. Training's CSP admits nothing but
 * the service itself; the live one admits the wallet's script origin too (its script and its
 * payment sheet's frame), and nothing more.
 */
export function payLinkHeaders(mode: 'training' | 'live'): Readonly<Record<string, string>> {
  const scripts = mode === 'live' ? liveWalletSources : "script-src 'self'";
  return {
    ...securityHeaders({
      csp: `default-src 'none'; ${scripts}; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      hstsSeconds: hstsMaxAgeSeconds,
      isolated: true,
      noStore: true,
    }),
    // For browsers older than frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

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
  const wallet = (id: string, kind: string, label: string) =>
    `<button type="button" id="${id}" class="wallet" ${trainingWalletAttribute}="${kind}">${escapeHtml(label)}</button>`;
  const buttons = view.training
    ? wallet('training-wallet', 'ec-v1', words.trainingWallet) +
      wallet('training-wallet-ecv2', 'ec-v2', words.trainingWalletEcV2)
    : `<p id="${payPageIds.walletNote}" class="note">${escapeHtml(words.lookingForWallet)}</p>`;
  const said = (attribute: string, text: string) => ` ${attribute}="${escapeHtml(text)}"`;
  const walletData = view.training
    ? ''
    : `${view.googlePay ? said(googlePayAttribute, view.googlePay) : ''}` +
      said(walletWordAttributes.noWallet, words.noWallet) +
      said(walletWordAttributes.walletFailed, words.walletFailed) +
      said(walletWordAttributes.tapToPay, words.tapToPay);
  return `<!doctype html>
<html lang="${words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(words.title(view.storeName || words.storeFallback))}</title>
<link rel="stylesheet" href="${payPageAssets.style}">
<script type="module" src="${payPageAssets.script}"></script>
${view.training ? '' : `<script type="module" src="${payPageAssets.walletScript}"></script>\n`}</head>
<body>
<main${said(unsentAttribute, words.unsent)}>
<h1>${store}</h1>
<p class="amount">${escapeHtml(formatMinorUnits(view.amountMinor))}</p>
<p id="${payPageIds.status}" class="status ${view.status.state}" role="status" aria-live="polite">${escapeHtml(view.status.message)}</p>
${waiting ? `<div id="${payPageIds.wallets}"${walletData}>${buttons}</div>` : ''}
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
<title>Payment link not found</title><link rel="stylesheet" href="${payPageAssets.style}"></head>
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
<title>Please wait</title><link rel="stylesheet" href="${payPageAssets.style}"></head>
<body><main><h1>Please wait</h1>
<p class="status expired">${escapeHtml(tooManyGuessesWords(seconds))}</p></main></body>
</html>
`;
}
