/**
 * What the customer display may do (ADR 087): read its own view and send the customer's
 * answers. It starts, voids and refunds nothing, reads no sale, no settings and no journal, and
 * hears only its own view: the dispatcher refuses every other command from it, and the
 * transports pass it no other event. Pure, so the renderer and the tests read the same lists.
 */

/** The only commands a `customer-display` caller may send. */
export const customerDisplayCommandNames: ReadonlySet<string> = new Set([
  'customerDisplay.view',
  'customerDisplay.brand',
  'customerDisplay.answer',
  // The customer signs on their display: the same capture, codec and thresholds as the counter's screen.
  'signature.session',
  'signature.clear',
  'signature.submit',
]);

/** The only events a `customer-display` caller hears. */
export const customerDisplayEventNames: ReadonlySet<string> = new Set(['customerDisplay.view', 'signature.cleared']);

/** The role a caller has: a customer display, or staff (every other screen, the CLI, tests). */
export interface CallerRole {
  readonly role?: 'customer-display';
}

/** True when `caller` may send `name`. */
export function mayCall(caller: CallerRole, name: string): boolean {
  return caller.role !== 'customer-display' || customerDisplayCommandNames.has(name);
}

/** True when a screen with `caller`'s role may hear the event `name`. */
export function mayHear(caller: CallerRole, name: string): boolean {
  return caller.role !== 'customer-display' || customerDisplayEventNames.has(name);
}
