/**
 * The payment state machine's phases: the one list. Pure and import-free like cart.ts and
 * money.ts, so the contract, the sale in the main process and the screens read the same names
 * (eslint.config.ts lets the renderer import its values). src-main/lane/terminal/state-store.ts holds
 * the moves between them.
 */

/**
 * The phases one payment passes through, in order: awaiting-card, card-read, confirm-fee when the
 * merchant surcharges and the card would pay a fee (the cashier confirms it with the customer),
 * signature when the rules ask, authorizing, then its outcome (approved, partial, declined, retry, unknown;
 * resolving first while a lost answer is looked up), printing.
 */
export const salePhases = [
  'awaiting-card',
  'card-read',
  'confirm-fee',
  'signature',
  'authorizing',
  'resolving',
  'approved',
  'partial',
  'declined',
  'retry',
  'unknown',
  // Taken offline (ADR 074): stored in the journal, sent when the gateway is back; never "approved".
  'stored',
  'printing',
] as const;
export type SalePhase = (typeof salePhases)[number];

/**
 * Every phase: the lane `starting`, `idle` between sales, a sale's phases, `done`; `working` is
 * a capture, void, refund or reprint in progress; `offline` when the gateway cannot be reached.
 */
export const terminalPhases = ['starting', 'idle', ...salePhases, 'done', 'working', 'offline'] as const;
export type TerminalPhase = (typeof terminalPhases)[number];

/** The phases that wait for a person (the card, the fee, the signature): `terminal.cancel` ends the sale there. */
export const cancelablePhases = ['awaiting-card', 'confirm-fee', 'signature'] as const satisfies readonly SalePhase[];

/** True when the sale waits for a person in `phase`, so Cancel can end it there. */
export function isCancelablePhase(phase: TerminalPhase): boolean {
  return (cancelablePhases as readonly TerminalPhase[]).includes(phase);
}
