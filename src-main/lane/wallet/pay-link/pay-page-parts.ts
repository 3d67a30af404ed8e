/**
 * What the pay page's markup (drawn by the service, page.ts) and its script (built from
 * src-renderer/pay-page/ for phones) agree on: the asset paths, the elements' ids, the data
 * attributes that carry the page's words, the link's states, and the wallet button's settings.
 * The page runs in a phone's browser, so this module imports nothing (pureSharedModules in
 * eslint.config.ts).
 */

/** Where a link stands, as its page shows it. */
export type PayLinkState = 'waiting' | 'processing' | 'approved' | 'declined' | 'refused' | 'canceled' | 'expired';

/** What the page shows: the state and words for the customer (the body of `/pay/<id>/status`). */
export interface PayLinkStatus {
  readonly state: PayLinkState;
  readonly message: string;
}

/** The states after which the page stops polling. */
export const endedStates: readonly PayLinkState[] = ['approved', 'declined', 'refused', 'canceled', 'expired'];

/** The built page's files as the service serves them (the built folder's entry names). */
export const payPageAssets = {
  /** The page's script: the status poll and training's wallet buttons. */
  script: '/pay-assets/pay.js',
  /** Live only: the wallet button. */
  walletScript: '/pay-assets/wallets.js',
  style: '/pay-assets/pay.css',
} as const;

/** The ids the script finds its elements by. */
export const payPageIds = {
  status: 'status',
  wallets: 'wallets',
  walletNote: 'wallet-note',
} as const;

/** The attribute of a training button naming its wallet (`ec-v1`, `ec-v2`). */
export const trainingWalletAttribute = 'data-wallet';

/** The attribute on `<main>` with the words for a post that never reached the service. */
export const unsentAttribute = 'data-unsent';

/** The attributes on the live page's `#wallets` with the wallet button's words, by what they say. */
export const walletWordAttributes = {
  noWallet: 'data-no-wallet',
  walletFailed: 'data-wallet-failed',
  tapToPay: 'data-tap-to-pay',
} as const;

/** The attribute on `#wallets` with the wallet button's settings (GooglePayConfig as JSON). */
export const googlePayAttribute = 'data-google';

/** The live wallet button's settings for one link. */
export interface GooglePayConfig {
  readonly merchantId: string;
  readonly merchantName: string;
  readonly gatewayMerchantId: string;
  /** The tokenizer's gateway id the token is made for. */
  readonly gateway: string;
  /** The amount as the wallet reads it: "12.34". */
  readonly totalPrice: string;
  readonly currencyCode: string;
}

/** Where the other wallet's script comes from: the only origin the live page's CSP admits beyond its own. */
export const googlePayScriptOrigin = 'https://pay.google.com';

/** The wallet's own script, loaded where the browser's Payment Request API cannot pay. */
export const googlePayScript = `${googlePayScriptOrigin}/gp/p/js/pay.js`;
