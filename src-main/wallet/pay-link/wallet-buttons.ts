import { googlePayGatewayId } from '../device-data';

/**
 * The live pay page's wallet button: the other wallet's, offered only where the phone has it.
 * The page first asks the browser's Payment Request API (no script from anywhere); where that
 * cannot pay, it loads the wallet's own script from its one origin and asks it. Where neither
 * can, the customer reads that no wallet is available and pays at the counter. The result, an
 * ECv2 token for the tokenizer's gateway id, is posted to the link as the training button's is.
 * The EC_v1 wallet's web payments need the merchant validated with its provider first (a call
 * from the lane with the merchant identity certificate), which is not built: it is not offered.
 */

/** Where the other wallet's script comes from: the only origin the live page's CSP admits beyond its own. */
export const googlePayScriptOrigin = 'https://pay.google.com';
const googlePayScript = `${googlePayScriptOrigin}/gp/p/js/pay.js`;

/** What the live page's button is made from (settings and the link). */
export interface LiveWalletButtons {
  /** The wallet merchant id (`wallet.googleMerchantId`); empty: the wallet is not offered. */
  readonly googleMerchantId: string;
  /** The gateway merchant id the token is made for (the lane's `merchantId`). */
  readonly gatewayMerchantId: string;
  readonly merchantName: string;
}

/** The JSON the page's `data-google` attribute carries for one link, or undefined when not offered. */
export function googlePayConfig(buttons: LiveWalletButtons, amountMinor: number): string | undefined {
  if (buttons.googleMerchantId === '' || buttons.gatewayMerchantId === '') return undefined;
  const whole = Math.floor(amountMinor / 100);
  return JSON.stringify({
    merchantId: buttons.googleMerchantId,
    merchantName: buttons.merchantName || 'Store',
    gatewayMerchantId: buttons.gatewayMerchantId,
    gateway: googlePayGatewayId,
    totalPrice: `${whole}.${String(amountMinor % 100).padStart(2, '0')}`,
    currencyCode: 'USD',
  });
}

/** The CSP's script and frame sources for the live page: its own, and the wallet's script origin. */
export const liveWalletSources = `script-src 'self' ${googlePayScriptOrigin}; frame-src ${googlePayScriptOrigin}`;

/** The live page's wallet script (served as /pay-assets/wallets.js). */
export const walletButtonsScript = `'use strict';
(function () {
  var wallets = document.getElementById('wallets');
  var note = document.getElementById('wallet-note');
  if (!wallets || !note) return;
  var text = wallets.getAttribute('data-google');
  // The page's words, in its language and for where the payment was started (pay-page-words.ts).
  function said(name) { return wallets.getAttribute('data-' + name) || ''; }
  var base = location.pathname.replace(/\\/$/, '');
  function noWallet() {
    note.textContent = said('no-wallet');
    note.className = 'note none';
  }
  if (!text) return noWallet();
  var config = JSON.parse(text);
  var card = {
    type: 'CARD',
    parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA'] },
    tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: config.gateway, gatewayMerchantId: config.gatewayMerchantId } }
  };
  var request = {
    apiVersion: 2, apiVersionMinor: 0,
    merchantInfo: { merchantId: config.merchantId, merchantName: config.merchantName },
    allowedPaymentMethods: [card]
  };
  function post(token) {
    return fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'ec-v2', token: token }) })
      .then(function (answer) { return answer.json(); });
  }
  function offer(pay) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'wallet';
    button.textContent = 'Pay with Google Pay';
    button.addEventListener('click', function () {
      button.disabled = true;
      pay().catch(function () {
        button.disabled = false;
        note.textContent = said('wallet-failed');
      });
    });
    wallets.appendChild(button);
    note.textContent = said('tap-to-pay');
    return true;
  }
  function paymentRequest() {
    return new PaymentRequest([{ supportedMethods: 'https://google.com/pay', data: Object.assign({ environment: 'PRODUCTION' }, request) }],
      { total: { label: config.merchantName, amount: { currency: config.currencyCode, value: config.totalPrice } } });
  }
  function viaPaymentRequest() {
    if (typeof PaymentRequest !== 'function') return Promise.resolve(false);
    try {
      return paymentRequest().canMakePayment().then(function (can) {
        return can && offer(function () {
          return paymentRequest().show().then(function (response) {
            return post(response.details.paymentMethodData.tokenizationData.token).then(function (status) {
              return response.complete(status.state === 'processing' ? 'success' : 'fail');
            });
          });
        });
      }, function () { return false; });
    } catch (error) {
      return Promise.resolve(false);
    }
  }
  function viaWalletScript() {
    return new Promise(function (resolve) {
      var script = document.createElement('script');
      var timer = setTimeout(function () { resolve(false); }, 8000);
      script.src = '${googlePayScript}';
      script.onerror = function () { clearTimeout(timer); resolve(false); };
      script.onload = function () {
        clearTimeout(timer);
        var api = window.google && window.google.payments && window.google.payments.api;
        if (!api) return resolve(false);
        var client = new api.PaymentsClient({ environment: 'PRODUCTION' });
        client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [card] }).then(function (ready) {
          resolve(ready.result && offer(function () {
            var full = Object.assign({ transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: config.totalPrice, currencyCode: config.currencyCode } }, request);
            return client.loadPaymentData(full).then(function (data) { return post(data.paymentMethodData.tokenizationData.token); });
          }));
        }, function () { resolve(false); });
      };
      document.head.appendChild(script);
    });
  }
  viaPaymentRequest()
    .then(function (offered) { return offered || viaWalletScript(); })
    .then(function (offered) { if (!offered) noWallet(); });
})();
`;
