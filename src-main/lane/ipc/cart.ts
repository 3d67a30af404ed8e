/**
 * The counter's cart as it crosses the contract. Kept apart from contract.ts (which needs zod) so
 * the renderer adds up a cart with the very function the main process checks it with.
 */
export interface CartLine {
  readonly description: string;
  readonly quantity: number;
  readonly unitMinor: number;
  /** The line's tax in minor units; none when omitted. */
  readonly taxMinor?: number;
}

/** What a cart comes to, tax included, in minor units. */
export function cartTotalMinor(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitMinor + (line.taxMinor ?? 0), 0);
}

/**
 * The most one sale takes, keyed on the keypad or rung up as a cart: seven digits before the
 * cents ($999,999.99). The gateway would take more, but no sale at a lane is that large: a larger
 * total is a slip of the finger (a quantity keyed as a price), so the core refuses it whatever
 * way it came in, and the keypad stops at the same place.
 */
export const maxSaleMinor = 99_999_999;
