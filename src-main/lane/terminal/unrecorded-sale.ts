import { LaneError } from '../errors';
import { formatMinorUnits } from '../../platform/money';
import type { Journal } from '../journal/journal';
import { recordHeld } from '../journal/unrecorded';

/**
 * Before a new payment: whatever the journal could not record after its request left is written
 * now if the journal takes it; while any of it is still held, the lane refuses the payment,
 * since the customer may already have been charged for it (issue 29, item 10). A journal that
 * cannot be opened is left to refuse in its own words.
 */
export function refuseWhileUnrecorded(openJournal: () => Journal, refused = 'No new sale'): void {
  let journal: Journal;
  try {
    journal = openJournal();
  } catch {
    return;
  }
  const [first] = recordHeld(journal).held;
  if (!first) return;
  throw new LaneError(
    'refused',
    `${refused}: order ${first.orderId} (${formatMinorUnits(Math.abs(first.amountMinor))}) was sent to the gateway but the journal could not record it, so its outcome is unknown and the customer may have been charged. Do not charge again. Free disk space or call support: the lane records it and sells again once the journal can be written.`,
  );
}
