import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { createOutboundSender } from '../../platform/http/outbound';
import { ecV1TokenizeRequest, ecV2TokenizeRequest, type WalletTokenizeRequest } from './device-data';
import { readEcV1Token, readEcV2Token, WalletTokenError } from './payment-token';
import { signatureMaxAgeMs, signingTimeOf } from './signing-time';
import { KindedError } from '../../platform/errors';

/**
 * The lane's side of the tokenizer: a wallet payload in, a single-use token out. A payload is
 * tokenized at once and never twice: one older than two minutes, or whose transaction id this
 * lane has already sent, is refused here without a request; a failed request is not retried.
 * Every refusal means the same to the customer: ask the phone for a new payload.
 */

/** The documented path (tokenizer-openapi.yaml), appended to the tokenizer's base URL. */
export const tokenizePath = '/cardsecure/api/v1/ccn/tokenize';

/** A wallet payload as the pay page hands it over, with when the lane received it. */
export type WalletPayload =
  | { readonly kind: 'ec-v1'; readonly token: unknown; readonly walletApiVersion: number; readonly receivedAt: number }
  | { readonly kind: 'ec-v2'; readonly token: unknown; readonly receivedAt: number };

/** The tokenizer's token and what it reveals of the account. */
export interface WalletToken {
  /** Good for one authorization; never stored or put in a profile. */
  readonly token: string;
  /** The account's first two digits (the token's second and third): its card type. */
  readonly firstTwo: string;
  /** The account's last four (the token's), for the receipt's "WALLET ....1111". */
  readonly lastFour: string;
}

export type RefusalReason = 'malformed' | 'expired' | 'reused' | 'tokenizer' | 'transport' | 'protocol';

/** Why a payload gave no token. Never retried: the customer is asked for a new payload. */
export class WalletPaymentRefused extends KindedError<RefusalReason> {
  readonly askForNewPayload = true;
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** The tokenizer's errorcode, when it answered one. */
    readonly errorcode?: number,
  ) {
    super(reason, `wallet payment refused (${reason}): ${message}; ask for a new payment from the phone`);
    this.name = 'WalletPaymentRefused';
  }
}

export interface TokenizerClientOptions {
  /** The tokenizer's base URL (`https://<site>.cardconnect.com`, or the emulator's). */
  readonly url: string;
  /** Wall time for a payload's age; its timers run the call's timeout. */
  readonly clock: Clock;
  readonly fetch?: typeof fetch;
  /** Default 15 s: a payload has two minutes of life and cannot wait for a second try. */
  readonly timeoutMs?: number;
}

export interface TokenizerClient {
  /** Tokenizes the payload once; throws WalletPaymentRefused. */
  tokenize(payload: WalletPayload): Promise<WalletToken>;
}

/** How long sent ids are kept: past this any payload carrying one is refused as expired anyway. */
const rememberMs = 2 * signatureMaxAgeMs;

/** The request and the id that makes it unique, checked locally first. */
function prepare(payload: WalletPayload, now: number): { request: WalletTokenizeRequest; id: string } {
  if (now - payload.receivedAt > signatureMaxAgeMs)
    throw new WalletPaymentRefused('expired', 'received more than two minutes ago');
  try {
    if (payload.kind === 'ec-v2') {
      const token = readEcV2Token(payload.token);
      // ECv2 carries no clear transaction id; its signed message is unique to the payment.
      return {
        request: ecV2TokenizeRequest(payload.token),
        id: `ecv2:${createHash('sha256').update(token.signedMessage).digest('hex')}`,
      };
    }
    const token = readEcV1Token(payload.token);
    const signedAt = signingTimeOf(token.signature).getTime();
    if (Math.abs(now - signedAt) > signatureMaxAgeMs)
      throw new WalletPaymentRefused('expired', 'signed more than two minutes from now');
    return {
      request: ecV1TokenizeRequest(token, { walletApiVersion: payload.walletApiVersion }),
      id: `ecv1:${token.header.transactionId.toLowerCase()}`,
    };
  } catch (error) {
    if (error instanceof WalletTokenError) throw new WalletPaymentRefused('malformed', error.message);
    throw error;
  }
}

/** Reads the tokenizer's `{message, errorcode, token}`. */
function readAnswer(status: number, text: string): WalletToken {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WalletPaymentRefused('protocol', `the tokenizer answered HTTP ${status} without JSON`);
  }
  const { message, errorcode, token } = (body ?? {}) as Record<string, unknown>;
  if (typeof errorcode !== 'number' || !Number.isInteger(errorcode))
    throw new WalletPaymentRefused('protocol', `the tokenizer answered HTTP ${status} without an errorcode`);
  if (errorcode !== 0) {
    const said = typeof message === 'string' ? message.slice(0, 80) : 'no message';
    throw new WalletPaymentRefused('tokenizer', `the tokenizer answered ${errorcode} (${said})`, errorcode);
  }
  if (status !== 200 || typeof token !== 'string' || !/^9\d{15}$/.test(token)) {
    throw new WalletPaymentRefused(
      'protocol',
      `the tokenizer answered success (HTTP ${status}) without a 16-digit token`,
    );
  }
  return { token, firstTwo: token.slice(1, 3), lastFour: token.slice(-4) };
}

/** A tokenizer client over fetch; keeps the ids it has sent for four minutes. */
export function createTokenizerClient(options: TokenizerClientOptions): TokenizerClient {
  const endpoint = new URL(tokenizePath, options.url.endsWith('/') ? options.url : `${options.url}/`);
  const outbound = createOutboundSender({
    clock: options.clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const sent = new Map<string, number>();
  const forgetOld = (now: number) => {
    for (const [id, at] of sent) {
      if (now - at <= rememberMs) break;
      sent.delete(id);
    }
  };

  return {
    async tokenize(payload) {
      const now = options.clock.now();
      forgetOld(now);
      const { request, id } = prepare(payload, now);
      if (sent.has(id)) throw new WalletPaymentRefused('reused', 'this payload was already sent to the tokenizer');
      // Marked before sending: a request that may have arrived has used the payload up.
      sent.set(id, now);
      const result = await outbound.send({
        operation: 'tokenize',
        method: 'POST',
        url: endpoint,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(request),
        timeoutMs: options.timeoutMs ?? 15_000,
      });
      if (result.outcome !== 'answered') {
        const timedOut = result.outcome === 'unknown' && result.timedOut;
        throw new WalletPaymentRefused(
          'transport',
          timedOut ? 'the tokenizer did not answer in time' : 'the tokenizer could not be reached',
        );
      }
      return readAnswer(result.status, result.text);
    },
  };
}
