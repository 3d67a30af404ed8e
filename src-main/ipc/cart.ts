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
