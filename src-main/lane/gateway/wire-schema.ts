import { z } from 'zod';
import { fromWireAmount } from './money';

/**
 * A documented enumeration that stays open: the API adds values over time, so an unknown
 * value is kept as its text instead of failing the whole answer.
 */
export function openEnum<const T extends readonly string[]>(_known: T) {
  return z.union([z.string(), z.number()]).transform((value) => String(value) as T[number] | (string & {}));
}

/** A text field that may arrive as a number (codes such as respcode "00" or 0). */
export const text = z.union([z.string(), z.number()]).transform(String);

/** A decimal amount on the wire, as minor units in the program. */
export const amount = z.union([z.string(), z.number()]).transform((value, context) => {
  const minor = fromWireAmount(String(value));
  if (minor === null) {
    context.addIssue({ code: 'custom', message: `not an amount: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return minor;
});

/** A true/false the gateway sends as a JSON boolean or as its text ("true", "false"). */
export const looseBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value) =>
    value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined,
  );

/**
 * One BIN lookup answer (`binInfo` of the OpenAPI): the card's product and usage, its issuer and
 * the BIN range it falls in (`binlo`/`binhi`, masked after six digits).
 */
export const binInfoSchema = z.object({
  country: text.optional(),
  /** A Amex, D Discover, M Mastercard, N non-co-branded debit, V Visa. */
  product: text.optional(),
  bin: text.optional(),
  cardusestring: text.optional(),
  gsa: looseBoolean.optional(),
  corporate: looseBoolean.optional(),
  fsa: looseBoolean.optional(),
  purchase: looseBoolean.optional(),
  prepaid: looseBoolean.optional(),
  /** e.g. "Consumer Credit - Rewards"; blank when unknown. */
  subtype: text.optional(),
  issuer: text.optional(),
  binlo: text.optional(),
  binhi: text.optional(),
});
export type BinInfo = z.output<typeof binInfoSchema>;

/**
 * Why a Visa decline happened and whether to try again (`declineCategory` 1 never, 2 later,
 * 3 after fixing the data), and the networks' advice on a declined recurring payment. Shared by
 * the authorization and the transaction record.
 */
export const declineAdviceFields = {
  declineCategory: text.optional(),
  declineCategoryText: text.optional(),
  merchAdviceCode: text.optional(),
  merchAdviceText: text.optional(),
};

/** "Y"/"N" flags as booleans; anything else is kept undefined rather than guessed. */
export const yesNo = z.string().transform((value) => (value === 'Y' ? true : value === 'N' ? false : undefined));

/** The receipt object returned with approvals and inquiries (merchant properties + details). */
export const receiptSchema = z.object({
  header: text.optional(),
  footer: text.optional(),
  dba: text.optional(),
  address1: text.optional(),
  address2: text.optional(),
  phone: text.optional(),
  /** YYYYMMDDHHMMSS */
  dateTime: text.optional(),
  nameOnCard: text.optional(),
  orderNote: text.optional(),
  items: text.optional(),
});
export type GatewayReceipt = z.output<typeof receiptSchema>;

/**
 * A receipt where the OpenAPI file points at the one-letter receipt flag instead of the object
 * (capture's and inquire's answers): the object is kept when it comes, anything else is ignored
 * rather than failing an answer that moved money.
 */
export const lenientReceipt = z.unknown().transform((value): GatewayReceipt | undefined => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const parsed = receiptSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
});

export const respstatValues = ['A', 'B', 'C'] as const;
export const cvvrespValues = ['M', 'N', 'P', 'S', 'U'] as const;
export const bintypeValues = [
  'Corp',
  'FSA+Prepaid',
  'GSA+Purchase',
  'Prepaid',
  'Prepaid+Corp',
  'Prepaid+Purchase',
  'Purchase',
] as const;
export const entrymodeValues = [
  'Keyed',
  'Moto',
  'ECommerce',
  'Recurring',
  'Swipe(Non EMV)',
  'DigitalWallet',
  'EMVContact',
  'Contactless',
  'Fallback to Swipe',
  'Fallback to Keyed',
] as const;

/**
 * The fee fields of an answer that carried a fee (a surcharge): the authorization's with
 * fee_amount, inquire's without it (its schema lists the others only).
 */
export const feeFields = {
  /** The fee in minor units, included in the answer's amount. */
  fee_amount: amount.optional(),
  fee_authcode: text.optional(),
  /** percent or flat. */
  fee_format: text.optional(),
  /** The linked MID the fee was processed under; "" when not applicable. */
  fee_merchid: text.optional(),
  /** The fee's own retref; "" when not applicable or the same as the transaction's. */
  fee_retref: text.optional(),
  /** C convenience, F service, S surcharge, N none. */
  fee_type: text.optional(),
  /** The merchant's configured percentage or flat amount. */
  fee_value: text.optional(),
};
