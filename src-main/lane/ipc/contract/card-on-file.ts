/**
 * Cards on file at the counter (ADR 089): the customer's consent to store the card with a sale,
 * and how a stored card is charged later (customer-initiated, or a scheduled charge they agreed to).
 */
import { z } from 'zod';

/**
 * `terminal.sale`'s `saveCard`: the customer agreed to have the card stored. `words` are what they
 * agreed to, kept in the journal with the signed-in cashier and the time.
 */
export const saveCardConsentSchema = z
  .object({
    agreed: z.literal(true, { error: 'the card is saved only when the customer agrees' }),
    words: z
      .string()
      .trim()
      .min(1, { error: 'say what the customer agreed to' })
      .max(300, { error: 'the words agreed to are at most 300 characters' }),
  })
  .strict();
export type SaveCardConsent = z.infer<typeof saveCardConsentSchema>;

/**
 * Who starts a charge on a stored card: `customer` (the customer is here or asked for it: a
 * customer-initiated transaction), or `scheduled` (a recurring charge on the schedule the customer
 * agreed to: a merchant-initiated transaction).
 */
export const storedCardInitiators = ['customer', 'scheduled'] as const;
export type StoredCardInitiator = (typeof storedCardInitiators)[number];

/** What a sale did with a card on file, for the screen: saved with consent, not saved (declined), or charged. */
export interface CardOnFileNote {
  readonly kind: 'saved' | 'not-saved' | 'customer' | 'scheduled';
  /** The words the screen shows, e.g. "Card saved on file with the customer's consent". */
  readonly words: string;
}
