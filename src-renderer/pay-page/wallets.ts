// The live pay page's wallet button (served as /pay-assets/wallets.js).
import { browserWindow } from './page-window';
import { offerWalletButton, type GooglePaymentsApi } from './wallet-button';

/** Where the wallet's script puts its API. */
declare global {
  interface Window {
    google?: { payments?: { api?: GooglePaymentsApi } };
  }
}

void offerWalletButton({
  ...browserWindow(),
  PaymentRequest: typeof PaymentRequest === 'function' ? PaymentRequest : undefined,
  walletApi: () => window.google?.payments?.api,
});
