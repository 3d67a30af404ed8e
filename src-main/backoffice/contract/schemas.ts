/** Argument schemas the back office's command groups share. */
import { z } from 'zod';

/** A boarding merchantId: 1 to 19 digits, as text (it outgrows a safe JavaScript number). */
export const merchantId = z
  .string({ error: 'expected a merchant id of 1 to 19 digits' })
  .regex(/^\d{1,19}$/, { error: 'expected a merchant id of 1 to 19 digits' });

/** The gateway's front-end merchant id a billing plan names: 1 to 11 digits. */
export const merchId = z
  .string({ error: 'expected a gateway merchant id of 1 to 11 digits' })
  .regex(/^\d{1,11}$/, { error: 'expected a gateway merchant id of 1 to 11 digits' });

/** A whole number id of the service (order, equipment, schedule entry). */
export const wholeId = z
  .number({ error: 'expected a whole number' })
  .int({ error: 'expected a whole number' })
  .min(1, { error: 'expected a whole number from 1' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'too large' });

/** Paging as the service's lists take it: pages count from 1. */
export const paging = {
  pageNumber: z.number().int({ error: 'a page number is a whole number' }).min(1).max(100_000).default(1),
  pageSize: z.number().int({ error: 'a page size is a whole number' }).min(1).max(100).default(25),
};

/** Text of at most `max` characters; `required` refuses an empty one. */
export function text(max: number, required = true) {
  const base = z.string({ error: `expected text of at most ${max} characters` }).max(max, {
    error: `at most ${max} characters`,
  });
  return required ? base.min(1, { error: 'is required' }) : base;
}

/** Money at this interface: whole minor units (cents), never negative, at most 99,999,999.99. */
export const amountMinor = z
  .number({ error: 'expected an amount in minor units (cents)' })
  .int({ error: 'an amount is a whole number of cents (minor units)' })
  .min(0, { error: 'an amount cannot be negative' })
  .max(9_999_999_999, { error: 'an amount is at most 99,999,999.99' });

/** The address object (spec "Address"). */
export const address = z.strictObject({
  address1: text(200),
  address2: text(200, false).nullish(),
  city: text(300),
  stateCd: text(2, false).nullish(),
  zip: text(15),
  countryCd: text(2, false).nullish(),
});

/**
 * Where a merchant's integrated terminals are: the Terminal API's site root and the merchant id
 * they are boarded under. Their finer rules (https, no /api, the id's characters) are the lane's
 * own settings schema's, checked by the handler, which names the field.
 */
export const terminalSite = {
  baseUrl: text(2048),
  merchantId: text(16),
};
