import { resolveLostAuthorization } from '../../gateway/recovery';
import { recordRecovery } from '../../journal/journaled';
import { writeAfterSending } from '../../journal/unrecorded';
import type { JournaledAuthorization, JournaledAuthorizationRequest } from './journaled-authorization';

/** A journaled payment a device made by itself: its row, its order id and the amount asked. */
export interface HeldPayment {
  readonly entryId: number;
  readonly orderId: string;
  readonly amountMinor: number;
}

/**
 * A device's payment whose answer is lost, or cannot be told to be this payment's (the
 * unattended device's and the integrated terminal's): the row is marked unknown with `why`, the
 * gateway is asked by order id, and what it says is recorded. Every write here is after the
 * device may have authorized: one the journal cannot make leaves the outcome unknown, held
 * (principle 10).
 */
export async function recoverHeldByOrderId(
  where: {
    readonly journal: JournaledAuthorizationRequest['journal'];
    readonly client: Pick<JournaledAuthorizationRequest['client'], 'inquireByOrderid' | 'voidByOrderId'>;
    readonly merchid: string;
  },
  held: HeldPayment,
  why: string,
): Promise<JournaledAuthorization> {
  const { journal, client, merchid } = where;
  const { entryId, orderId } = held;
  const lost = writeAfterSending(journal, { ...held, outcome: null }, () => journal.markUnknown(entryId, why));
  if ('refused' in lost) return { kind: 'unrecorded', entryId, orderId, error: lost.refused };
  const sentAt = journal.get(entryId)?.createdAt ?? journal.clock.now();
  const outcome = await resolveLostAuthorization(
    client,
    { merchid, orderid: orderId },
    { sentAt, now: journal.clock.now() },
  );
  const learned = writeAfterSending(journal, { ...held, outcome: null }, () =>
    recordRecovery(journal, entryId, outcome),
  );
  if ('refused' in learned) return { kind: 'unrecorded', entryId, orderId, error: learned.refused };
  return outcome.kind === 'unresolved'
    ? { kind: 'unknown', entryId, orderId, error: outcome.error }
    : { kind: 'recovered', entryId, orderId, outcome };
}
