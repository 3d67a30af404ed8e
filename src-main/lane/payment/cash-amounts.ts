/**
 * Cash arithmetic shared by the lane and the counter's screen (pureSharedModules in
 * eslint.config.ts): the amount cash pays and the quick-cash buttons are the same numbers on the
 * screen and in the journal. It imports nothing; the table is read by cash-rules.ts.
 */

/** How cash is paid in one currency: the smallest amount cash can pay, and the notes handed over (minor units). */
export interface CashRules {
  readonly increment: number;
  readonly notes: readonly number[];
}

/** What the customer pays in cash for `dueMinor`: rounded to the nearest increment, halves up (a card pays the exact amount). */
export function cashDue(dueMinor: number, rules: CashRules): number {
  const { increment } = rules;
  const remainder = dueMinor % increment;
  return remainder * 2 >= increment ? dueMinor - remainder + increment : dueMinor - remainder;
}

/**
 * The quick-cash buttons for an amount due: exact (rounded for cash), then the next whole unit
 * (the next dollar), then each note that covers it, smallest first; no amount twice, at most `max`.
 */
export function quickCash(dueMinor: number, rules: CashRules, max = 4): number[] {
  const exact = cashDue(dueMinor, rules);
  const unit = Math.max(100, rules.increment);
  const nextUnit = Math.ceil(exact / unit) * unit;
  const amounts = [exact, nextUnit, ...rules.notes.filter((note) => note >= exact)];
  return [...new Set(amounts)].filter((amount) => amount >= exact).slice(0, max);
}
