import type { X509Certificate } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { decryptEcV1, PaymentDataError } from '../training-wallet/ec-v1-crypto';
import { EcV2TokenError, openEcV2Token, type EcV2Recipient } from '../training-wallet/ec-v2-token';
import type { MerchantIdentity } from '../training-wallet/merchant-certificate';
import { PaymentSignatureError, verifyPaymentSignature } from '../training-wallet/payment-signature';
import { readPaymentData } from '../training-wallet/payment-data';
import { luhnValid } from '../../../drivers/card-reader/track';
import {
  BadRequest,
  problemHeader,
  type EmulatorAnswer,
  type EmulatorContext,
} from '../gateway-emulator/emulator-context';
import {
  applePayHandler,
  DeviceDataRefused,
  googlePayHandler,
  readApplePayDeviceData,
  readGooglePayDeviceData,
  type DeviceDataErrorCode,
} from './tokenizer-device-data';

/**
 * The tokenizer at its documented path on the emulator's server (tokenizer-openapi.yaml:
 * POST /cardsecure/api/v1/ccn/tokenize, and /echo). A wallet payload is really decrypted with the
 * merchant's key, its signature checked to the configured root with a two-minute signing time,
 * and a transaction id seen before refused; the token it issues pays one authorization.
 * The other wallet's ECv2 token (`devicedata` the whole token) has its intermediate key checked to
 * the configured root signing keys, its message signature checked for this tokenizer's recipient
 * id, is decrypted with the recipient key, and an expired key or message or a message id seen
 * before is refused. Answers are `{message, errorcode, token}` with the tokenizer's error table's
 * codes: devicedata is read by this emulator's own reader (tokenizer-device-data.ts), whose
 * refusals carry the code that fits; a payload that does not verify, decrypt or is too old is
 * "decryption failure" (24) as the guides quote; a reuse 53.
 */

export const tokenizerRoot = ['cardsecure', 'api', 'v1'] as const;

/** The merchant's key and certificate, and the roots wallet signatures must chain to. */
export interface TokenizerSetup {
  readonly merchant: MerchantIdentity;
  readonly anchors: readonly X509Certificate[];
  /** The other wallet's ECv2: the trusted root signing keys, this tokenizer's recipient id and key. */
  readonly ecV2?: EcV2Recipient;
  /**
   * The time payloads are judged by, when not the emulator's: the tokenizer is a service of its
   * own, and training gives it the lane's clock so a test moves one clock for both.
   */
  readonly clock?: Pick<Clock, 'now'>;
}

/** The tokenizer error table's codes this emulator answers (tokenizer-api-overview.md). */
export const tokenizerErrors = {
  3: 'Wrong version number',
  16: 'Unknown algorithm',
  19: 'Base 64 decode failure',
  21: 'Data is too short',
  24: 'decryption failure',
  38: 'Illegal characters',
  53: 'Token or data duplicate',
  54: 'Card number check (Luhn formula) failed',
  74: 'Missing required parameter',
  75: 'Invalid elliptic curve type parameter',
  77: 'JSON deserialization error',
} as const satisfies Record<DeviceDataErrorCode | 16 | 53 | 54, string>;

type TokenizerError = keyof typeof tokenizerErrors;

// The Apple Pay guide quotes the expired-payload answer as "decryption failure"; the others are the table's wording.
const refused = (errorcode: TokenizerError, problem: string): EmulatorAnswer => ({
  status: 400,
  body: { message: tokenizerErrors[errorcode], errorcode },
  headers: { [problemHeader]: problem },
});

/**
 * Both endpoints require `Content-Type: application/json` (tokenizer-openapi.yaml,
 * ContentTypeHeader: required, the only valid value). The reference is silent on the answer to
 * any other, so this is HTTP's own (415) with the tokenizer's body shape and the table's word for
 * a body it cannot read as JSON (77); the problem header names the header that was wrong.
 */
function contentTypeRefusal(contentType: string | undefined): EmulatorAnswer | undefined {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return undefined;
  return {
    status: 415,
    body: { message: tokenizerErrors[77], errorcode: 77 },
    headers: {
      [problemHeader]:
        contentType === undefined
          ? 'Content-Type is required: application/json'
          : `Content-Type must be application/json, not "${contentType.slice(0, 60)}"`,
    },
  };
}

const issued = (token: string): EmulatorAnswer => ({ status: 200, body: { message: 'No Error', errorcode: 0, token } });

/** How long a transaction id is remembered: well past the two minutes its signature is good for. */
const rememberMs = 10 * 60 * 1000;

export interface Tokenizer {
  /** Whether the path (decoded segments) is the tokenizer's. */
  serves(segments: readonly string[]): boolean;
  /** `contentType`: the request's Content-Type header, undefined when it has none. */
  answer(
    request: { readonly method: string; readonly contentType: string | undefined },
    segments: readonly string[],
    body: () => Promise<Record<string, unknown>>,
  ): Promise<EmulatorAnswer>;
}

/**
 * The tokenizer for one emulator: its merchant's keys (asked for at the first wallet payload, so
 * an emulator that never sees one never makes keys), and the transaction ids it has seen.
 */
export function createTokenizer(context: EmulatorContext, keys: () => TokenizerSetup): Tokenizer {
  const seen = new Map<string, number>();
  const forgetOld = (now: number) => {
    for (const [id, at] of seen) {
      if (now - at <= rememberMs) break; // insertion order is time order
      seen.delete(id);
    }
  };

  /** A payload's id is remembered from its first use; a second is refused as a duplicate. */
  const firstUse = (id: string, now: number): boolean => {
    forgetOld(now);
    if (seen.has(id)) return false;
    seen.set(id, now);
    return true;
  };

  const walletPayload = (devicedata: string): EmulatorAnswer => {
    const token = readApplePayDeviceData(devicedata);
    const now = (keys().clock ?? context.clock).now();
    try {
      const setup = keys();
      verifyPaymentSignature(token, { anchors: setup.anchors, now });
      const paymentData = readPaymentData(decryptEcV1(token, setup.merchant).plaintext);
      if (!firstUse(`ecv1:${token.header.transactionId.toLowerCase()}`, now))
        return refused(53, 'devicedata: this transaction id was tokenized before; a payload serves once');
      const yymmdd = paymentData.applicationExpirationDate;
      return issued(
        context.tokens.issueWalletToken({
          number: paymentData.applicationPrimaryAccountNumber,
          expiry: `${yymmdd.slice(2, 4)}${yymmdd.slice(0, 2)}`,
        }),
      );
    } catch (error) {
      if (error instanceof PaymentSignatureError || error instanceof PaymentDataError)
        return refused(24, error.message);
      throw error;
    }
  };

  const ecV2Payload = (devicedata: string): EmulatorAnswer => {
    const token = readGooglePayDeviceData(devicedata);
    const recipient = keys().ecV2;
    if (!recipient) return refused(16, `${googlePayHandler}: this tokenizer holds no ECv2 recipient key`);
    const now = (keys().clock ?? context.clock).now();
    try {
      const message = openEcV2Token(token, recipient, now);
      if (!firstUse(`ecv2:${message.messageId}`, now))
        return refused(53, 'devicedata: this messageId was tokenized before; a payload serves once');
      const { pan, expirationMonth, expirationYear } = message.paymentMethodDetails;
      const expiry = `${String(expirationMonth).padStart(2, '0')}${String(expirationYear % 100).padStart(2, '0')}`;
      return issued(context.tokens.issueWalletToken({ number: pan, expiry }));
    } catch (error) {
      if (error instanceof EcV2TokenError) return refused(24, error.message);
      throw error;
    }
  };

  const tokenize = (body: Record<string, unknown>): EmulatorAnswer => {
    const { devicedata, encryptionhandler, account } = body;
    if (typeof devicedata !== 'string' || devicedata === '') {
      if (typeof account !== 'string' || account === '') return refused(74, 'account or devicedata is required');
      if (!/^\d{12,19}$/.test(account) || !luhnValid(account))
        return refused(54, 'account: not a card number that passes the Luhn check');
      return issued(context.ids.token(account));
    }
    if (typeof encryptionhandler !== 'string' || encryptionhandler === '')
      return refused(74, 'encryptionhandler is required with wallet devicedata');
    if (encryptionhandler !== applePayHandler && encryptionhandler !== googlePayHandler)
      return refused(16, `encryptionhandler must be ${applePayHandler} or ${googlePayHandler}`);
    try {
      return encryptionhandler === googlePayHandler ? ecV2Payload(devicedata) : walletPayload(devicedata);
    } catch (error) {
      if (error instanceof DeviceDataRefused) return refused(error.errorcode, error.message);
      throw error;
    }
  };

  return {
    serves: (segments) => tokenizerRoot.every((segment, index) => segments[index] === segment),
    async answer({ method, contentType }, segments, readBody) {
      const endpoint = segments.slice(tokenizerRoot.length).join('/');
      if (method !== 'POST' || (endpoint !== 'ccn/tokenize' && endpoint !== 'echo')) {
        return { status: 404, body: { message: 'Data not found', errorcode: 49 } };
      }
      const unreadable = contentTypeRefusal(contentType);
      if (unreadable) return unreadable;
      let body: Record<string, unknown>;
      try {
        body = await readBody();
      } catch (error) {
        if (error instanceof BadRequest) return refused(77, error.message);
        throw error;
      }
      if (endpoint === 'echo')
        return { status: 200, body: { message: typeof body.message === 'string' ? body.message : '', errorcode: 0 } };
      return tokenize(body);
    },
  };
}
