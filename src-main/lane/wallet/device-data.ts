import { readEcV1Token, readEcV2Token, WalletTokenError } from './payment-token';
import type { EcV1PaymentToken } from '../../reference/wallet-tokens';

/**
 * The tokenize request's `devicedata` and `encryptionhandler`, built as the wallet spec and the
 * tokenizer's Apple Pay guide state them. The spec's neutral names are the real service's
 * `EC_APPLE_PAY` / `ectype=apple` and `EC_GOOGLE_PAY` (FACTS.md, "The real service").
 */
export const applePayHandler = 'EC_APPLE_PAY';
export const googlePayHandler = 'EC_GOOGLE_PAY';
export const applePayEcType = 'apple';
/** The tokenizer's gateway id in the other wallet's tokenization specification (the Google Pay guide: `cardconnect`). */
export const googlePayGatewayId = 'cardconnect';

/** What the tokenize endpoint takes for a wallet payload. */
export interface WalletTokenizeRequest {
  readonly encryptionhandler: typeof applePayHandler | typeof googlePayHandler;
  readonly devicedata: string;
}

export interface EcV1DeviceDataOptions {
  /**
   * The version of the wallet's payment API the pay page used. Version 1 returns neither
   * applicationData nor publicKeyHash, and the spec says not to send `echash` or
   * `ecpublickeyhash` for it at all (rule 1).
   */
  readonly walletApiVersion: number;
}

/** The labelled fields after the unlabelled `data`, in the spec's mandatory order. */
export const ecV1DeviceDataOrder = ['ectype', 'ecsig', 'eckey', 'ectid', 'echash', 'ecpublickeyhash'] as const;

/**
 * `data&ectype=apple&ecsig=..&eckey=..&ectid=..[&echash=..][&ecpublickeyhash=..]`, not URL
 * encoded: the base64 values go in as they are (`+`, `/` and `=` included); none can hold `&`.
 * `echash` carries applicationData when the token has it; `ecpublickeyhash` carries publicKeyHash
 * when the token has it, and then `echash` is sent even when empty (rule 2). For wallet API
 * version 1 neither is sent (rule 1). Throws WalletTokenError naming a malformed field.
 */
export function ecV1DeviceData(input: unknown, options: EcV1DeviceDataOptions): string {
  if (!Number.isInteger(options.walletApiVersion) || options.walletApiVersion < 1) {
    throw new WalletTokenError('walletApiVersion', 'must be a whole number from 1');
  }
  const token: EcV1PaymentToken = readEcV1Token(input);
  const { header } = token;
  const parts = [
    token.data,
    `ectype=${applePayEcType}`,
    `ecsig=${token.signature}`,
    `eckey=${header.ephemeralPublicKey}`,
    `ectid=${header.transactionId}`,
  ];
  if (options.walletApiVersion > 1) {
    const publicKeyHash = header.publicKeyHash;
    if (header.applicationData !== undefined || publicKeyHash !== undefined)
      parts.push(`echash=${header.applicationData ?? ''}`);
    if (publicKeyHash !== undefined) parts.push(`ecpublickeyhash=${publicKeyHash}`);
  }
  return parts.join('&');
}

/** The tokenize request for an EC_v1 token. */
export function ecV1TokenizeRequest(input: unknown, options: EcV1DeviceDataOptions): WalletTokenizeRequest {
  return { encryptionhandler: applePayHandler, devicedata: ecV1DeviceData(input, options) };
}

/**
 * The tokenize request for an ECv2 token: `devicedata` is the whole token's JSON text. Text is
 * passed on as received once its shape is checked, so nothing the wallet signed is re-encoded.
 */
export function ecV2TokenizeRequest(input: unknown): WalletTokenizeRequest {
  const token = readEcV2Token(input);
  return { encryptionhandler: googlePayHandler, devicedata: typeof input === 'string' ? input : JSON.stringify(token) };
}
