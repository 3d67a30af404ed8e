import type { Reversal } from '../../gateway/reversal';
import { journaledFollowUp, type JournaledFollowUp } from '../../journal/follow-ups';
import type { Journal } from '../../journal/journal';
import type { SaleOutcome } from '../outcome';

/** What the customer is told once the payment they stopped was voided. */
export const stoppedAndVoidedWords = 'Payment stopped: nothing was charged.';

/** What the lane needs to void a payment the customer stopped: its journal and the gateway's void and inquiry. */
export interface StoppingLane {
  readonly journal: Journal;
  readonly client: Parameters<typeof journaledFollowUp>[1];
  readonly merchid: string;
}

const staffWords = (why: string) =>
  `The customer stopped the payment after the card was read, and it could not be voided (${why}): the card may still be charged. Staff must void this order from History; it is in the recovery list.`;

/** What is said once the void of an approval took, or when it did not (`why` in words). */
export interface VoidWords {
  readonly voided: string;
  readonly notVoided: (why: string) => string;
  /** Kept on the void's row, so the journal says why the lane voided it. */
  readonly detail: Readonly<Record<string, string | number | boolean>>;
}

/**
 * A payment the customer (or cashier) stopped after the unattended device had read the card: the
 * device refuses CPT then and authorizes anyway, so the approval is voided (`voidApproval`).
 */
export function voidStoppedPayment(
  lane: StoppingLane,
  approved: Pick<Extract<SaleOutcome, { kind: 'approved' | 'partial' }>, 'orderId' | 'approvedMinor' | 'retref'>,
  credit: boolean,
): Promise<SaleOutcome> {
  return voidApproval(lane, approved, credit, {
    voided: stoppedAndVoidedWords,
    notVoided: staffWords,
    detail: { stoppedByCustomer: true },
  });
}

/**
 * An approval the lane will not keep, voided through the journal as any void is (the row under
 * the sale's order id first, a lost answer read from the sale's record). Only a void the gateway
 * took lets the screen say nothing was charged. A void that did not take is a staff matter: its
 * row is left open so the recovery list shows it and the background check turns it into a
 * finding ("do it again from History"); the outcome says so and is never approved.
 */
export async function voidApproval(
  lane: StoppingLane,
  approved: Pick<Extract<SaleOutcome, { kind: 'approved' | 'partial' }>, 'orderId' | 'approvedMinor' | 'retref'>,
  credit: boolean,
  words: VoidWords,
): Promise<SaleOutcome> {
  const { journal } = lane;
  const { orderId } = approved;
  if (!approved.retref)
    return { kind: 'unknown', orderId, reason: words.notVoided('the answer gave no gateway reference to void by') };
  let result: JournaledFollowUp;
  try {
    result = await journaledFollowUp(journal, lane.client, {
      operation: 'void',
      merchid: lane.merchid,
      orderId,
      retref: approved.retref,
      journalAmountMinor: credit ? -approved.approvedMinor : approved.approvedMinor,
      detail: words.detail,
    });
  } catch (error) {
    // The void certainly never left (journaledFollowUp marked it not sent): queue it for a person.
    const [entry] = journal.list({ orderId, operation: 'void', limit: 1 });
    const why = `the void was not sent: ${(error as Error).message}`;
    if (entry) markUnknownIfItCan(journal, entry.id, words.notVoided(why));
    return { kind: 'unknown', orderId, reason: words.notVoided(why) };
  }
  if (result.kind === 'unrecorded') {
    // The void left; what came of it is held until the journal records it (journal/unrecorded.ts).
    const behind =
      'The journal could not record it (the disk may be full): the lane sends nothing new until it does; free disk space or call support.';
    if ((result.answer as Reversal | undefined)?.respstat === 'A')
      return { kind: 'not-charged', orderId, reason: `${words.voided} ${behind}` };
    const why = 'the void was sent, but the journal could not record what came of it (the disk may be full)';
    return { kind: 'unknown', orderId, reason: words.notVoided(why) };
  }
  // A void answers with a reversal (a capture's answer has another shape).
  const reversal = result.kind === 'answered' ? (result.answer as Reversal) : undefined;
  const voided = reversal?.respstat === 'A' || (result.kind === 'recovered' && result.applied);
  if (voided) return { kind: 'not-charged', orderId, reason: words.voided };
  if (result.kind === 'unknown')
    return { kind: 'unknown', orderId, reason: words.notVoided('the void’s answer was lost and is being checked') };
  const why = reversal
    ? `the gateway answered ${[reversal.respcode, reversal.resptext].filter(Boolean).join(' ') || 'without a reason'}`
    : result.kind === 'retry'
      ? 'the gateway asked to try again'
      : 'the gateway shows it was not voided';
  journal.markUnknown(result.entryId, words.notVoided(why));
  return { kind: 'unknown', orderId, reason: words.notVoided(why) };
}

/** Marks a void row unknown for a person; a journal that refuses even that leaves the row pending for the start-up pass. */
function markUnknownIfItCan(journal: Journal, entryId: number, note: string): void {
  try {
    journal.markUnknown(entryId, note);
  } catch {
    // The row stays pending: the start-up pass settles it by the sale's record.
  }
}
