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

export const respstatValues = ['A', 'B', 'C'] as const;
export const cvvrespValues = ['M', 'N', 'P', 'S', 'U'] as const;
export const bintypeValues = ['Corp', 'FSA+Prepaid', 'GSA+Purchase', 'Prepaid', 'Prepaid+Corp', 'Prepaid+Purchase', 'Purchase'] as const;
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
