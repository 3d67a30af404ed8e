import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { formatDecimal } from '../../platform/money';
import { LaneError } from '../errors';
import { cashDue, type CashRules } from './cash-amounts';

export { cashDue, quickCash, type CashRules } from './cash-amounts';

const rulesSchema = z
  .object({
    increment: z.number().int().min(1).max(10_000),
    notes: z
      .array(z.number().int().min(1))
      .min(1)
      .refine((notes) => notes.every((note, i) => i === 0 || note > notes[i - 1]!), 'notes must be in ascending order'),
  })
  .strict();

/**
 * The cash rules of every currency (assets/cash/currencies.json), by ISO 4217 code: data, not
 * code, so a store's currency is a file edit. A file that is not such a table is an error naming
 * the currency and the field.
 */
export function loadCashRules(assetsDir: string): ReadonlyMap<string, CashRules> {
  const raw = JSON.parse(readFileSync(join(assetsDir, 'cash', 'currencies.json'), 'utf8')) as Record<string, unknown>;
  const rules = new Map<string, CashRules>();
  for (const [code, value] of Object.entries(raw)) {
    if (code.startsWith('$')) continue;
    if (!/^[A-Z]{3}$/.test(code))
      throw new LaneError('invalid', `cash rules: "${code}" is not an ISO 4217 currency code`);
    const parsed = rulesSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LaneError('invalid', `cash rules: ${code}.${issue?.path.join('.') || ''}: ${issue?.message ?? ''}`);
    }
    rules.set(code, parsed.data);
  }
  return rules;
}

/** The change for cash handed over: refused in words when it does not cover what is due. */
export function changeFor(tenderedMinor: number, dueMinor: number, rules: CashRules): number {
  const due = cashDue(dueMinor, rules);
  if (!Number.isSafeInteger(tenderedMinor) || tenderedMinor < 0)
    throw new LaneError('invalid', 'The cash tendered must be a whole, positive amount', 'tenderedMinor');
  if (tenderedMinor < due)
    throw new LaneError('invalid', `The cash tendered does not cover the ${formatDecimal(due)} due`, 'tenderedMinor');
  return tenderedMinor - due;
}

/** One currency's cash rules, or an error naming the currency when the table has none. */
export function cashRulesFor(assetsDir: string, currency: string): CashRules {
  const rules = loadCashRules(assetsDir).get(currency);
  if (!rules) throw new LaneError('invalid', `cash rules: no rules for the currency ${currency}`, 'currency');
  return rules;
}
