import type { X509Certificate } from 'node:crypto';
import type { Clock } from '../core/clock';
import { readEcV1DeviceData, applePayEcType, applePayHandler, googlePayHandler } from '../wallet/device-data';
import { decryptEcV1, PaymentDataError } from './wallet/ec-v1-crypto';
import { EcV2TokenError, openEcV2Token, type EcV2Recipient } from './wallet/ec-v2-token';
import type { MerchantIdentity } from './wallet/merchant-certificate';
import { PaymentSignatureError, verifyPaymentSignature } from './wallet/payment-signature';
import { readEcV1Token, readEcV2Token, WalletTokenError } from '../wallet/payment-token';
import { readPaymentData } from './wallet/payment-data';
import { luhnValid } from '../../drivers/card-reader/track';
import { BadRequest, problemHeader, type EmulatorAnswer, type EmulatorContext } from './emulator-context';

/**
 * The tokenizer at its documented path on the emulator's server (tokenizer-openapi.yaml:
 * POST /cardsecure/api/v1/ccn/tokenize, and /echo). A wallet payload is really decrypted with the
 * merchant's key, its signature checked to the configured root with a two-minute signing time,
 * and a transaction id seen before refused; the token it issues pays one authorization.
 * The other wallet's ECv2 token (`devicedata` the whole token) has its intermediate key checked to
 * the configured root signing keys, its message signature checked for this tokenizer's recipient
 * id, is decrypted with the recipient key, and an expired key or message or a message id seen
 * before is refused. Answers are `{message, errorcode, token}` with the tokenizer's error table's
 * codes; every refused payload is "decryption failure" (24) as the guides quote, but a reuse (53).
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
  readonly clock?: Clock;
}

/** The tokenizer error table's codes this emulator answers (tokenizer-api-overview.md). */
export const tokenizerErrors = {
  3: 'Wrong version number',
  16: 'Unknown algorithm',
  24: 'decryption failure',
  53: 'Token or data duplicate',
  54: 'Card number check (Luhn formula) failed',
  74: 'Missing required parameter',
  75: 'Invalid elliptic curve type parameter',
  77: 'JSON deserialization error',
} as const;

type TokenizerError = keyof typeof tokenizerErrors;

// The Apple Pay guide quotes the expired-payload answer as "decryption failure"; the others are the table's wording.
const refused = (errorcode: TokenizerError, problem: string): EmulatorAnswer => ({
  status: 400,
  body: { message: tokenizerErrors[errorcode], errorcode },
  headers: { [problemHeader]: problem },
});

const issued = (token: string): EmulatorAnswer => ({ status: 200, body: { message: 'No Error', errorcode: 0, token } });

/** How long a transaction id is remembered: well past the two minutes its signature is good for. */
const rememberMs = 10 * 60 * 1000;

export interface Tokenizer {
  /** Whether the path (decoded segments) is the tokenizer's. */
  serves(segments: readonly string[]): boolean;
  answer(
    method: string,
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
    let fields;
    try {
      fields = readEcV1DeviceData(devicedata);
    } catch (error) {
      if (error instanceof WalletTokenError) return refused(24, error.message);
      throw error;
    }
    for (const label of ['ectype', 'ecsig', 'eckey', 'ectid'] as const) {
      if (!fields[label]) return refused(74, `devicedata: ${label} is missing`);
    }
    if (fields.ectype !== applePayEcType) return refused(75, `devicedata: ectype must be ${applePayEcType}`);
    const now = (keys().clock ?? context.clock).now();
    try {
      const token = readEcV1Token({
        version: 'EC_v1',
        data: fields.data,
        signature: fields.ecsig,
        header: {
          ephemeralPublicKey: fields.eckey,
          transactionId: fields.ectid,
          ...(fields.echash && { applicationData: fields.echash }),
          ...(fields.ecpublickeyhash && { publicKeyHash: fields.ecpublickeyhash }),
        },
      });
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
      if (
        error instanceof WalletTokenError ||
        error instanceof PaymentSignatureError ||
        error instanceof PaymentDataError
      )
        return refused(24, error.message);
      throw error;
    }
  };

  const ecV2Payload = (devicedata: string): EmulatorAnswer => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(devicedata);
    } catch {
      return refused(77, `devicedata: ${googlePayHandler} takes the whole token as JSON text`);
    }
    const version = (parsed as { protocolVersion?: unknown } | null)?.protocolVersion;
    if (version !== undefined && version !== 'ECv2') return refused(3, 'devicedata: protocolVersion must be ECv2');
    const recipient = keys().ecV2;
    if (!recipient) return refused(16, `${googlePayHandler}: this tokenizer holds no ECv2 recipient key`);
    const now = (keys().clock ?? context.clock).now();
    try {
      const message = openEcV2Token(readEcV2Token(parsed), recipient, now);
      if (!firstUse(`ecv2:${message.messageId}`, now))
        return refused(53, 'devicedata: this messageId was tokenized before; a payload serves once');
      const { pan, expirationMonth, expirationYear } = message.paymentMethodDetails;
      const expiry = `${String(expirationMonth).padStart(2, '0')}${String(expirationYear % 100).padStart(2, '0')}`;
      return issued(context.tokens.issueWalletToken({ number: pan, expiry }));
    } catch (error) {
      if (error instanceof WalletTokenError || error instanceof EcV2TokenError) return refused(24, error.message);
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
    if (encryptionhandler === googlePayHandler) return ecV2Payload(devicedata);
    if (encryptionhandler !== applePayHandler)
      return refused(16, `encryptionhandler must be ${applePayHandler} or ${googlePayHandler}`);
    return walletPayload(devicedata);
  };

  return {
    serves: (segments) => tokenizerRoot.every((segment, index) => segments[index] === segment),
    async answer(method, segments, readBody) {
      const endpoint = segments.slice(tokenizerRoot.length).join('/');
      if (method !== 'POST' || (endpoint !== 'ccn/tokenize' && endpoint !== 'echo')) {
        return { status: 404, body: { message: 'Data not found', errorcode: 49 } };
      }
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
