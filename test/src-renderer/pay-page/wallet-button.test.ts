import { afterEach, describe, expect, it } from 'vitest';
import {
  offerWalletButton,
  walletScriptWaitMs,
  type GooglePaymentsApi,
} from '../../../src-renderer/pay-page/wallet-button';
import { fakePage, livePageHtml } from './page-support';

afterEach(() => {
  document.documentElement.innerHTML = '';
});

const google = {
  merchantId: 'BCR2DN4TEST',
  merchantName: 'Shop',
  gatewayMerchantId: '496160873888',
  gateway: 'cardconnect',
  totalPrice: '12.50',
  currencyCode: 'USD',
};
const note = () => document.getElementById('wallet-note')!;
const walletScript = () => document.head.querySelector('script');

/** A Payment Request API whose wallet can (or cannot) pay, recording what the page asked. */
function paymentRequestApi(can: boolean) {
  const made: { methods: PaymentMethodData[]; details: PaymentDetailsInit }[] = [];
  const completed: string[] = [];
  let shows = true;
  class FakeRequest {
    constructor(methods: PaymentMethodData[], details: PaymentDetailsInit) {
      made.push({ methods, details });
    }
    canMakePayment = () => Promise.resolve(can);
    show = () =>
      (shows ? Promise.resolve() : Promise.reject(new DOMException('closed', 'AbortError'))).then(() => ({
        details: { paymentMethodData: { tokenizationData: { token: '{"signature":"s"}' } } },
        complete: (result: string) => {
          completed.push(result);
          return Promise.resolve();
        },
      }));
  }
  const failShow = () => {
    shows = false;
  };
  return { PaymentRequest: FakeRequest as unknown as typeof PaymentRequest, made, completed, failShow };
}

describe('the live wallet button', () => {
  it('says no wallet is available where the wallet is not offered', async () => {
    const { page } = fakePage(livePageHtml());
    await offerWalletButton({ ...page, PaymentRequest: undefined, walletApi: () => undefined });
    expect(note().textContent).toBe('No wallet here');
    expect(note().className).toBe('note none');
    expect(walletScript()).toBeNull();
  });

  it('offers the browser’s wallet first, and posts its token to the link as ECv2', async () => {
    const { page, requests, settle } = fakePage(livePageHtml(google));
    const api = paymentRequestApi(true);
    await offerWalletButton({ ...page, PaymentRequest: api.PaymentRequest, walletApi: () => undefined });
    expect(walletScript()).toBeNull(); // no script from anywhere
    expect(note().textContent).toBe('Tap to pay');
    expect(api.made[0]!.methods[0]).toMatchObject({
      supportedMethods: 'https://google.com/pay',
      data: { environment: 'PRODUCTION', merchantInfo: { merchantId: 'BCR2DN4TEST', merchantName: 'Shop' } },
    });
    expect(api.made[0]!.details.total).toEqual({ label: 'Shop', amount: { currency: 'USD', value: '12.50' } });
    const button = document.querySelector<HTMLButtonElement>('#wallets button')!;
    expect(button.textContent).toBe('Pay with Google Pay');
    button.click();
    expect(button.disabled).toBe(true);
    await settle();
    expect(requests[0]!.url).toBe('/pay/AAAAAAAAAAAAAAAAAAAAAA');
    expect(JSON.parse(requests[0]!.init!.body as string)).toEqual({ kind: 'ec-v2', token: '{"signature":"s"}' });
    requests[0]!.answer({ state: 'processing', message: 'Paying' });
    await settle();
    expect(api.completed).toEqual(['success']);
  });

  it('loads the wallet’s own script where the browser cannot pay, and offers its button when ready', async () => {
    const { page, requests, settle } = fakePage(livePageHtml(google));
    const loaded: object[] = [];
    const walletApi: GooglePaymentsApi = {
      PaymentsClient: class {
        isReadyToPay = () => Promise.resolve({ result: true });
        loadPaymentData = (request: object) => {
          loaded.push(request);
          return Promise.resolve({ paymentMethodData: { tokenizationData: { token: 'wallet token' } } });
        };
      },
    };
    const offered = offerWalletButton({
      ...page,
      PaymentRequest: paymentRequestApi(false).PaymentRequest,
      walletApi: () => walletApi,
    });
    await settle();
    expect(walletScript()!.src).toBe('https://pay.google.com/gp/p/js/pay.js');
    walletScript()!.dispatchEvent(new Event('load'));
    await offered;
    expect(note().textContent).toBe('Tap to pay');
    document.querySelector<HTMLButtonElement>('#wallets button')!.click();
    await settle();
    expect(loaded[0]).toMatchObject({
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '12.50', currencyCode: 'USD' },
    });
    expect(JSON.parse(requests[0]!.init!.body as string)).toEqual({ kind: 'ec-v2', token: 'wallet token' });
  });

  it('says the wallet did not pay when the customer’s wallet fails, and lets them try again', async () => {
    const { page, settle } = fakePage(livePageHtml(google));
    const api = paymentRequestApi(true);
    await offerWalletButton({ ...page, PaymentRequest: api.PaymentRequest, walletApi: () => undefined });
    api.failShow();
    const button = document.querySelector<HTMLButtonElement>('#wallets button')!;
    button.click();
    await settle();
    expect(note().textContent).toBe('The wallet did not pay');
    expect(button.disabled).toBe(false);
    expect(api.completed).toEqual([]);
  });

  it('says no wallet is available when the wallet’s script fails or does not load in time', async () => {
    for (const how of ['error', 'timeout'] as const) {
      const { page, timers, settle } = fakePage(livePageHtml(google));
      const offered = offerWalletButton({ ...page, PaymentRequest: undefined, walletApi: () => undefined });
      await settle();
      if (how === 'error') walletScript()!.dispatchEvent(new Event('error'));
      else {
        expect(timers.map((timer) => timer.ms)).toEqual([walletScriptWaitMs]);
        timers[0]!.run();
      }
      await offered;
      expect(note().textContent).toBe('No wallet here');
      expect(document.querySelectorAll('#wallets button')).toHaveLength(0);
    }
  });
});
