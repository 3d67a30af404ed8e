import { z } from 'zod';

/**
 * The `surcharge` settings section: whether the merchant is set up for credit-card surcharging at
 * the gateway, so a sale asks the gateway's surcharge endpoint before authorizing and shows the
 * fee (ADR 067). Off by default: the gateway applies a surcharge by the merchant's own setup, so
 * this only says whether the lane asks and tells the customer first.
 */
export const surchargeSettingsSchema = z
  .strictObject(
    {
      enabled: z
        .boolean({ error: 'expected true or false' })
        .default(false)
        .describe(
          'The merchant surcharges credit cards: a card sale asks the gateway for the fee before it authorizes. Never for cash or debit.',
        ),
      storePostal: z
        .string({ error: 'expected a US postal code' })
        .regex(/^(\d{5}|\d{9})?$/, { error: 'expected a US postal code: 5 or 9 digits' })
        .default('')
        .describe(
          'The postal code the surcharge question carries when the card gives none (a card read at the counter): the store\u2019s own. Empty: the question carries only the card\u2019s token, when the sale has one.',
        ),
    },
    { error: 'expected an object' },
  )
  .describe(
    'Credit-card surcharging: the fee is asked of the gateway before a card sale and printed on the receipt (ADR 067). Off by default.',
  );

export type SurchargeSettings = z.output<typeof surchargeSettingsSchema>;
