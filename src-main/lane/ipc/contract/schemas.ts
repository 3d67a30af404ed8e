/** Argument schemas more than one command group takes. */
import { z } from 'zod';

/** A command that takes no arguments: an empty object, nothing else. */
export const noArgs = z.object({}).strict();

/**
 * The most the gateway's amount fields hold, in minor units: 12 characters, "999999999.99"
 * (gateway/money.ts refuses more before anything is sent).
 */
export const maxAmountMinor = 99_999_999_999;

/**
 * An amount in minor units, up to what the gateway takes. The limit is checked before the
 * integer check, so a huge number is refused with the gateway's limit, not JavaScript's.
 */
export function amountMinorFrom(min: 0 | 1) {
  return z
    .number()
    .min(min, { error: min === 0 ? 'an amount cannot be negative' : 'an amount is at least 0.01' })
    .max(maxAmountMinor, {
      error: 'an amount is at most 999,999,999.99: the gateway\u2019s amount field holds 12 characters',
    })
    .int({ error: 'an amount is a whole number of cents (minor units)' });
}

/**
 * A manager's PIN, given with a command only a manager may run (a void; a refund above the
 * lane's limit; settling a lost refund by hand; changing settings) when a cashier is signed in.
 */
export const managerPin = z
  .string()
  .regex(/^\d{4,8}$/, { error: 'a manager PIN is 4 to 8 digits' })
  .optional();
