import type { EmulatedMerchant } from './config';
import { cardFundingOf } from './card-funding';
import {
  decimal,
  httpBadRequest,
  merchantOf,
  ok,
  readAmount,
  type EmulatorAnswer,
  type EmulatorContext,
} from './emulator-context';
import type { EmulatedFee } from './ledger';
import { looksLikeToken } from './token-vault';

/**
 * The gateway's surcharge program, read from the reference on its own (gateway-openapi.yaml:
 * the surcharge endpoint, approvedSurchargeResponse and its examples, fee_amount, fee_type,
 * fee_format, fee_value, fee_merchid; changelog 5/2/2024 and 11/9/2023):
 * - a surcharge applies to credit cards only: a debit card answers token DEBIT (the reference's
 *   "Debit Card not Elligible" example); a prepaid card is debit to the card networks, so it
 *   answers DEBIT too;
 * - the cardholder's postal code says whether their state allows surcharging (NOT_RESTRICTED;
 *   UNKNOWN when missing). The reference names no restricted state: the emulator's list is
 *   `surchargeRestrictedPostals`, and a listed postal code answers RESTRICTED (a value the
 *   reference does not show: our extrapolation);
 * - the fee is the merchant's percentage of the amount, or its flat amount, rounded at the second
 *   decimal: down from a third decimal of 4 or less, up from 5 (3% of 24.99 = .749 → .75).
 */

type Answer = Record<string, unknown>;

/** The fee in minor units for an amount, half up at the cent (the reference's rule). */
export function feeOf(merchant: EmulatedMerchant, amountMinor: number): number {
  const fee = merchant.fee;
  if (!fee || fee.type !== 'S' || amountMinor <= 0) return 0;
  const [whole = '0', fraction = ''] = fee.value.split('.');
  // The configured value in thousandths: "3" → 3000, "3.5" → 3500, "1.50" → 1500.
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (fee.format === 'flat') return Math.round(thousandths / 10);
  // amount × percent / 100, in minor units: amountMinor × thousandths / 100000, half up.
  return Math.floor((amountMinor * thousandths * 2 + 100_000) / 200_000);
}

/** NOT_RESTRICTED, RESTRICTED (a listed prefix), or UNKNOWN when no usable postal code was given. */
export function postalStatus(context: EmulatorContext, postal: string | undefined): string {
  if (!postal || !/^\d{5}(\d{4})?$/.test(postal)) return 'UNKNOWN';
  return context.config.surchargeRestrictedPostals.some((prefix) => postal.startsWith(prefix))
    ? 'RESTRICTED'
    : 'NOT_RESTRICTED';
}

/** CREDIT, DEBIT (debit and prepaid cards), or UNKNOWN for a token this emulator did not issue. */
function tokenStatus(context: EmulatorContext, token: string | undefined): string {
  if (!token || !looksLikeToken(token)) return 'UNKNOWN';
  const account = context.tokens.accountOf(token);
  if (account === undefined) return 'UNKNOWN';
  return cardFundingOf(account) === 'credit' ? 'CREDIT' : 'DEBIT';
}

/**
 * GET surcharge?merchid=&token=&postal=&amount=: whether a surcharge would apply, and with an
 * amount, the fee (fee_amount "0.00" for a debit card or a restricted postal code). Informational: the authorization decides
 * on its own. A missing token or postal code is named in `messages`, as the examples show.
 */
export function surchargeInquiry(
  context: EmulatorContext,
  query: URLSearchParams,
  allowed: (merchid: string) => boolean,
): EmulatorAnswer {
  const merchid = query.get('merchid') ?? '';
  if (!/^\d{1,16}$/.test(merchid)) return httpBadRequest('merchid: required, 1 to 16 digits');
  if (!allowed(merchid)) return { status: 401, body: 'Unauthorized' };
  const merchant = merchantOf(context, merchid);
  if (!merchant || merchant.site !== context.config.site) return httpBadRequest('Invalid merchant', 21);
  const token = query.get('token') || undefined;
  const postal = query.get('postal') || undefined;
  if (token !== undefined && !/^\d{1,19}$/.test(token)) return httpBadRequest('token: digits, at most 19');
  if (postal !== undefined && postal.length > 9) return httpBadRequest('postal: at most 9 characters');
  const amountText = query.get('amount');
  let amountMinor: number | undefined;
  if (amountText !== null) {
    amountMinor = readAmount('amount', amountText);
    if (amountMinor < 0 || amountText.length > 14) return httpBadRequest('amount: a positive amount, e.g. 100.00', 43);
  }
  const tokenAnswer = tokenStatus(context, token);
  const postalAnswer = postalStatus(context, postal);
  const messages: Answer[] = [];
  if (!token) messages.push({ field: 'token', message: 'token is missing or empty' });
  else if (tokenAnswer === 'UNKNOWN') messages.push({ field: 'token', message: 'token is invalid' });
  if (!postal) messages.push({ field: 'postal', message: 'postal is missing or empty' });
  const answer: Answer = { token: tokenAnswer, postal: postalAnswer, messages };
  if (amountMinor !== undefined) {
    // The fee a credit card would pay: none for a debit card or a restricted state; with no
    // token to tell the card by, the fee a credit card would pay (the authorization decides).
    const eligible = tokenAnswer !== 'DEBIT' && postalAnswer !== 'RESTRICTED';
    answer.fee_amount = decimal(eligible ? feeOf(merchant, amountMinor) : 0);
  }
  return ok(answer);
}

/**
 * The fee an authorization carries: for a surcharging merchant, a credit card, and a postal code
 * (when the request has one) that is not restricted; undefined otherwise. The amount charged is
 * the amount asked plus the fee, under the same retref (fee_retref "": "the same as the
 * transaction retref").
 */
export function authorizationFee(
  context: EmulatorContext,
  merchant: EmulatedMerchant,
  request: { pan: string; postal: string | undefined; amountMinor: number },
): EmulatedFee | undefined {
  const fee = merchant.fee;
  if (!fee || fee.type !== 'S' || request.amountMinor <= 0) return undefined;
  if (cardFundingOf(request.pan) !== 'credit') return undefined;
  if (request.postal && postalStatus(context, request.postal) === 'RESTRICTED') return undefined;
  const amountMinor = feeOf(merchant, request.amountMinor);
  return amountMinor > 0 ? { amountMinor, ...feeSetup(merchant) } : undefined;
}

/** The merchant's fee configuration in the reference's field names. */
function feeSetup(merchant: EmulatedMerchant): Omit<EmulatedFee, 'amountMinor'> {
  const fee = merchant.fee!;
  return { type: fee.type, format: fee.format, value: fee.value, merchid: fee.merchid };
}

/** inquireMerchant's fee fields: the merchant's program, or fee_type N and fee_merchid "" without one. */
export function merchantFeeFields(merchant: EmulatedMerchant): Answer {
  const fee = merchant.fee;
  if (!fee || fee.type === 'N') return { fee_type: 'N', fee_merchid: '' };
  return { fee_type: fee.type, fee_format: fee.format, fee_value: fee.value, fee_merchid: fee.merchid };
}

/** The fee fields of an answer that carried a fee (auth: with fee_amount; inquire: without, as its schema). */
export function feeFields(fee: EmulatedFee, authcode: string | undefined, withAmount: boolean): Answer {
  return {
    ...(withAmount ? { fee_amount: decimal(fee.amountMinor) } : {}),
    fee_type: fee.type,
    fee_format: fee.format,
    fee_value: fee.value,
    fee_merchid: fee.merchid,
    fee_authcode: authcode ?? '',
    fee_retref: '',
  };
}
