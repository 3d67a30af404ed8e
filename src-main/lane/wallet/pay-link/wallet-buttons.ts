import { googlePayGatewayId } from '../device-data';
import { googlePayScriptOrigin, type GooglePayConfig } from './pay-page-parts';

/**
 * The live pay page's wallet button: the other wallet's, offered only where the phone has it
 * (the page's side is src-renderer/pay-page/wallet-button.ts). The page first asks the browser's
 * Payment Request API (no script from anywhere); where that cannot pay, it loads the wallet's own
 * script from its one origin and asks it. Where neither can, the customer reads that no wallet is
 * available and pays at the counter. The result, an ECv2 token for the tokenizer's gateway id, is
 * posted to the link as the training button's is. The EC_v1 wallet's web payments need the
 * merchant validated with its provider first (a call from the lane with the merchant identity
 * certificate), which is not built: it is not offered.
 */

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
  const config: GooglePayConfig = {
    merchantId: buttons.googleMerchantId,
    merchantName: buttons.merchantName || 'Store',
    gatewayMerchantId: buttons.gatewayMerchantId,
    gateway: googlePayGatewayId,
    totalPrice: `${whole}.${String(amountMinor % 100).padStart(2, '0')}`,
    currencyCode: 'USD',
  };
  return JSON.stringify(config);
}

/** The CSP's script and frame sources for the live page: its own, and the wallet's script origin. */
export const liveWalletSources = `script-src 'self' ${googlePayScriptOrigin}; frame-src ${googlePayScriptOrigin}`;
