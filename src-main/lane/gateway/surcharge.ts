import { z } from 'zod';
import { readAnswerObject } from './auth-response';
import { ValidationError } from './errors';
import { checkField, checkPostal, merchidRule, requireField } from './field-rules';
import { toWireAmount } from '../../platform/money';
import { amount, openEnum, text } from './wire-schema';

/**
 * The surcharge endpoint (GET surcharge?merchid=&token=&postal=&amount=): whether the gateway
 * would add a surcharge to this card's authorization, and with an amount, how much. Informational
 * only: the gateway applies (or not) the surcharge at authorization by the merchant's setup.
 */
export interface SurchargeRequest {
  readonly merchid: string;
  /** The card's token: says whether it is a credit card (surchargeable) or debit. */
  readonly token?: string;
  /** The cardholder's postal code: says whether their state allows surcharging. */
  readonly postal?: string;
  /** The subtotal in minor units; with it the answer carries fee_amount. */
  readonly amount?: number;
}

export const surchargeTokenValues = ['CREDIT', 'DEBIT', 'UNKNOWN'] as const;
export const surchargePostalValues = ['NOT_RESTRICTED', 'UNKNOWN'] as const;

const surchargeAnswerSchema = z.object({
  token: openEnum(surchargeTokenValues).optional(),
  postal: openEnum(surchargePostalValues).optional(),
  fee_amount: amount.optional(),
  messages: z
    .array(z.object({ field: text.optional(), message: text.optional() }))
    .optional()
    .catch([]),
});

/** The surcharge answer, read by name; fee amounts in minor units. */
export interface SurchargeAnswer {
  /** CREDIT, DEBIT, UNKNOWN (or a newer word, kept as sent). */
  readonly token: string;
  /** NOT_RESTRICTED, UNKNOWN (or a newer word, e.g. one saying the state does not allow it). */
  readonly postal: string;
  /** The fee for the amount asked; undefined when no amount was sent. */
  readonly feeAmount: number | undefined;
  /** What the gateway could not check ("postal is missing or empty"), by field. */
  readonly messages: ReadonlyArray<{ readonly field?: string; readonly message?: string }>;
  /**
   * Whether a surcharge applies: a credit card, a postal code not known to be restricted, and
   * (when an amount was sent) a fee above zero. A debit card never does.
   */
  readonly applies: boolean;
}

/** The surcharge query string, checked: merchid always; token digits (at most 19); postal; a positive amount. */
export function surchargePath(request: SurchargeRequest): string {
  requireField('merchid', request.merchid);
  checkField('merchid', request.merchid, merchidRule);
  const params = new URLSearchParams({ merchid: request.merchid });
  if (request.token !== undefined) {
    requireField('token', request.token);
    checkField('token', request.token, { max: 19, type: 'N' });
    params.set('token', request.token);
  }
  if (request.postal !== undefined) {
    requireField('postal', request.postal);
    checkField('postal', request.postal, { max: 9, type: 'AN' });
    checkPostal('postal', request.postal, 'US');
    params.set('postal', request.postal);
  }
  if (request.amount !== undefined) {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
      throw new ValidationError('amount', 'a positive whole number of minor units (cents)');
    params.set('amount', toWireAmount(request.amount));
  }
  if (request.token === undefined && request.postal === undefined)
    throw new ValidationError('token', 'a token or a postal code is needed to tell whether a surcharge applies');
  return `surcharge?${params.toString()}`;
}

/** Reads a surcharge answer (unknown fields dropped, open enumerations). */
export function parseSurcharge(json: unknown, raw: string): SurchargeAnswer {
  const answer = readAnswerObject('surcharge', surchargeAnswerSchema, json, raw);
  const token = answer.token ?? 'UNKNOWN';
  const postal = answer.postal ?? 'UNKNOWN';
  const feeAmount = answer.fee_amount;
  const postalAllows = postal === 'NOT_RESTRICTED' || postal === 'UNKNOWN';
  return {
    token,
    postal,
    feeAmount,
    messages: (answer.messages ?? []).map(({ field, message }) => ({
      ...(field === undefined ? {} : { field }),
      ...(message === undefined ? {} : { message }),
    })),
    applies: token === 'CREDIT' && postalAllows && (feeAmount === undefined || feeAmount > 0),
  };
}

/**
 * The fee for an amount by the merchant's setup, as the reference computes it: a percentage of
 * the amount rounded at the cent (down from a third decimal of 4 or less, up from 5: 3% of 24.99
 * is .749, charged .75), or a flat amount. For reading a record that carries fee_format and
 * fee_value but no fee_amount (inquire); undefined when the setup cannot be read.
 */
export function surchargeFeeMinor(
  amountMinor: number,
  format: string | undefined,
  value: string | undefined,
): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(value ?? '');
  if (!match || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return undefined;
  // The value in ten-thousandths: "3" → 30000, "3.5" → 35000, "1.50" → 15000.
  const tenThousandths = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (format === 'flat') return Math.round(tenThousandths / 100);
  if (format !== 'percent') return undefined;
  // amount × value / 100 in minor units = amountMinor × tenThousandths / 1 000 000, half up.
  return Math.floor((2 * amountMinor * tenThousandths + 1_000_000) / 2_000_000);
}
