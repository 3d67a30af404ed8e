import {
  googlePayAttribute,
  googlePayScript,
  payPageIds,
  walletWordAttributes,
  type GooglePayConfig,
} from '../../src-main/lane/wallet/pay-link/pay-page-parts';
import { linkBase, type PayPageWindow } from './page-window';

/**
 * The live page's wallet button: the other wallet's, offered only where the phone has it. The
 * page first asks the browser's Payment Request API (no script from anywhere); where that cannot
 * pay, it loads the wallet's own script from its one origin and asks it. Where neither can, the
 * customer reads that no wallet is available and pays at the counter. The token is posted to
 * the link as training's button posts its payload (ADR 033; wallet-buttons.ts on the service).
 */

/** The part of the wallet's script the page uses. */
export interface GooglePaymentsApi {
  PaymentsClient: new (options: { environment: 'PRODUCTION' | 'TEST' }) => GooglePaymentsClient;
}
export interface GooglePaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: object): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>;
}

/** What the live page uses beyond the pay page's window. */
export interface WalletPageWindow extends PayPageWindow {
  /** The browser's Payment Request API, where it has one. */
  readonly PaymentRequest: typeof PaymentRequest | undefined;
  /** The wallet's API once its script has loaded (`google.payments.api`). */
  readonly walletApi: () => GooglePaymentsApi | undefined;
}

/** How long the wallet's script may take to load before the page says no wallet is available. */
export const walletScriptWaitMs = 8000;

/** Offers the wallet button where the phone can pay with it, else says no wallet is available. */
export async function offerWalletButton(page: WalletPageWindow): Promise<void> {
  const { document } = page;
  const wallets = document.getElementById(payPageIds.wallets);
  const note = document.getElementById(payPageIds.walletNote);
  if (!wallets || !note) return;
  // The page's words, in its language and for where the payment was started (pay-page-words.ts).
  const said = (name: keyof typeof walletWordAttributes) => wallets.getAttribute(walletWordAttributes[name]) ?? '';
  const noWallet = () => {
    note.textContent = said('noWallet');
    note.className = 'note none';
  };
  const text = wallets.getAttribute(googlePayAttribute);
  if (!text) return noWallet();
  const config = JSON.parse(text) as GooglePayConfig;
  const card = {
    type: 'CARD',
    parameters: {
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA'],
    },
    tokenizationSpecification: {
      type: 'PAYMENT_GATEWAY',
      parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId },
    },
  };
  const request = {
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantId: config.merchantId, merchantName: config.merchantName },
    allowedPaymentMethods: [card],
  };
  // Object.assign, not spread: spread is lowered for ES2017 phones into a helper larger than this page.
  const base = linkBase(page.path);
  const post = async (token: string): Promise<{ state?: string }> => {
    const answer = await page.fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'ec-v2', token }),
    });
    return (await answer.json()) as { state?: string };
  };
  const offer = (pay: () => Promise<unknown>): true => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'wallet';
    button.textContent = 'Pay with Google Pay';
    button.addEventListener('click', () => {
      button.disabled = true;
      pay().catch(() => {
        button.disabled = false;
        note.textContent = said('walletFailed');
      });
    });
    wallets.appendChild(button);
    note.textContent = said('tapToPay');
    return true;
  };

  const viaPaymentRequest = async (): Promise<boolean> => {
    const Request = page.PaymentRequest;
    if (typeof Request !== 'function') return false;
    const paymentRequest = () =>
      new Request(
        [{ supportedMethods: 'https://google.com/pay', data: Object.assign({ environment: 'PRODUCTION' }, request) }],
        {
          total: { label: config.merchantName, amount: { currency: config.currencyCode, value: config.totalPrice } },
        },
      );
    let can: boolean;
    try {
      can = await paymentRequest().canMakePayment();
    } catch {
      return false;
    }
    return (
      can &&
      offer(async () => {
        const response = await paymentRequest().show();
        const details = response.details as { paymentMethodData: { tokenizationData: { token: string } } };
        const status = await post(details.paymentMethodData.tokenizationData.token);
        await response.complete(status.state === 'processing' ? 'success' : 'fail');
      })
    );
  };

  const viaWalletScript = async (): Promise<boolean> => {
    const api = await loadWalletScript(page);
    if (!api) return false;
    const client = new api.PaymentsClient({ environment: 'PRODUCTION' });
    let ready: { result: boolean };
    try {
      ready = await client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [card] });
    } catch {
      return false;
    }
    return (
      ready.result &&
      offer(async () => {
        const transactionInfo = {
          totalPriceStatus: 'FINAL',
          totalPrice: config.totalPrice,
          currencyCode: config.currencyCode,
        };
        const data = await client.loadPaymentData(Object.assign({ transactionInfo }, request));
        await post(data.paymentMethodData.tokenizationData.token);
      })
    );
  };

  if (!((await viaPaymentRequest()) || (await viaWalletScript()))) noWallet();
}

/** Loads the wallet's script; resolves with its API, or undefined where it failed or took too long. */
function loadWalletScript(page: WalletPageWindow): Promise<GooglePaymentsApi | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (api: GooglePaymentsApi | undefined) => {
      if (settled) return;
      settled = true;
      resolve(api);
    };
    const script = page.document.createElement('script');
    page.later(() => settle(undefined), walletScriptWaitMs);
    script.src = googlePayScript;
    script.addEventListener('error', () => settle(undefined));
    script.addEventListener('load', () => settle(page.walletApi()));
    page.document.head.appendChild(script);
  });
}
