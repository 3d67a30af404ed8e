import type { AuthorizationRequest } from '../../gateway/auth-request';
import type { Authorization } from '../../gateway/auth-response';
import type { GatewayClient } from '../../gateway/client';
import { GatewayTransportError, type GatewayError, type RetryableError } from '../../gateway/errors';
import { resolveLostAuthorization, type LostAuthorizationOutcome } from '../../gateway/recovery';
import { recordFailedCall } from '../../journal/failed-call';
import type { Journal, JournalError, JournalIntent } from '../../journal/journal';
import { outcomeOf, recordRecovery, sentAtOf } from '../../journal/journaled';
import { writeAfterSending } from '../../journal/unrecorded';

/** What the screen may say about an authorization. `unknown` is never shown or printed as approved. */
export type JournaledAuthorization =
  | {
      readonly kind: 'answered';
      readonly entryId: number;
      readonly orderId: string;
      readonly authorization: Authorization;
    }
  /** The answer was lost and recovery learned the outcome. */
  | {
      readonly kind: 'recovered';
      readonly entryId: number;
      readonly orderId: string;
      readonly outcome: LostAuthorizationOutcome;
    }
  /** The gateway asked to try again (respstat B): nothing was charged. */
  | { readonly kind: 'retry'; readonly entryId: number; readonly orderId: string; readonly error: RetryableError }
  /** The answer was lost and nothing could be learned yet: the entry waits in the recovery queue. */
  | { readonly kind: 'unknown'; readonly entryId: number; readonly orderId: string; readonly error: GatewayError }
  /**
   * The request left and the journal could not write what followed (a full disk): the outcome is
   * unknown, held in `journal.unrecorded` until the journal takes it; the customer may have been charged.
   */
  | { readonly kind: 'unrecorded'; readonly entryId: number; readonly orderId: string; readonly error: JournalError }
  /** The request provably never left and the row became an offline payment (ADR 074): nothing was charged yet. */
  | { readonly kind: 'stored'; readonly entryId: number; readonly orderId: string };

export interface CardForJournal {
  /** First six and last four at most. */
  readonly maskedPan?: string;
  readonly entryMode?: string;
}

/** One authorization to journal and send. */
export interface JournaledAuthorizationRequest {
  readonly journal: Journal;
  readonly client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>;
  /** Without an order id, a new one is taken in the same transaction as the row. */
  readonly request: AuthorizationRequest;
  readonly card?: CardForJournal;
  /** Told when the row is written and when the answer is in (before it is recorded): for metrics and the crash tests. */
  readonly onStage?: (stage: 'journaled' | 'answered') => void;
  /** Kept with the row for reprints and the history: how it was tendered, whether a signature was asked for. */
  readonly detail?: JournalIntent['detail'];
  /**
   * Offline taking (ADR 074): asked when the request provably never left (`requestSent` false),
   * before the row is marked not sent; true when it stored the pending row (same order id, the
   * sealed request in the same transaction) instead. Never asked for a request that may have left.
   */
  readonly storeIfNeverLeft?: (entryId: number, sent: AuthorizationRequest, error: GatewayTransportError) => boolean;
}

/** The row was written just before the request left: its time starts the gateway's answer window. */
function answerWindowOf(journal: Journal, entryId: number): { sentAt: number; now: number } {
  const now = journal.clock.now();
  const entry = journal.get(entryId);
  return { sentAt: entry ? sentAtOf(entry) : now, now };
}

/**
 * One authorization the journaled way (ARCHITECTURE.md, principle 4): the row is written first
 * (a JournalError from it means nothing was sent), then the request; the answer completes the row.
 * A request that certainly never left is marked not sent and its error rethrown; respstat B is an
 * answer (`retry`: nothing was charged). When the answer is lost after the request may have arrived, the
 * row is marked unknown and the lost-response procedure runs at once. A journal write that fails
 * once the request has left makes the outcome `unrecorded` (principle 10): held, never "not sent".
 */
export async function journaledAuthorize(
  authorization: JournaledAuthorizationRequest,
): Promise<JournaledAuthorization> {
  const { journal, client, request, card = {}, onStage, detail } = authorization;
  const intent = { operation: 'auth' as const, amountMinor: request.amount, ...card, ...(detail ? { detail } : {}) };
  const { id: entryId, orderId } = request.orderid
    ? { id: journal.begin({ ...intent, orderId: request.orderid }), orderId: request.orderid }
    : journal.beginWithNewOrderId(intent);
  const sent = { ...request, orderid: orderId };
  onStage?.('journaled');
  const held = { entryId, orderId, amountMinor: request.amount };
  const unrecorded = (error: JournalError) => ({ kind: 'unrecorded' as const, entryId, orderId, error });
  let answer: Authorization;
  try {
    answer = await client.auth(sent);
    onStage?.('answered');
  } catch (error) {
    if (
      error instanceof GatewayTransportError &&
      !error.requestSent &&
      authorization.storeIfNeverLeft?.(entryId, sent, error)
    )
      return { kind: 'stored', entryId, orderId };
    // Even a request that never left is held when its row cannot say so: the gateway is asked later.
    const failure = writeAfterSending(journal, { ...held, outcome: null }, () =>
      recordFailedCall(journal, entryId, error),
    );
    if ('refused' in failure) return unrecorded(failure.refused);
    if (failure.written.kind === 'retry') return { kind: 'retry', entryId, orderId, error: failure.written.error };
    const outcome = await resolveLostAuthorization(
      client,
      { merchid: request.merchid, orderid: orderId },
      answerWindowOf(journal, entryId),
    );
    // What recovery learned is asked again once the journal works: the row is unknown by then.
    const learned = writeAfterSending(journal, { ...held, outcome: null }, () =>
      recordRecovery(journal, entryId, outcome),
    );
    if ('refused' in learned) return unrecorded(learned.refused);
    return outcome.kind === 'unresolved'
      ? { kind: 'unknown', entryId, orderId, error: outcome.error }
      : { kind: 'recovered', entryId, orderId, outcome };
  }
  const outcome = outcomeOf(answer);
  const completed = writeAfterSending(journal, { ...held, outcome }, () => journal.complete(entryId, outcome));
  if ('refused' in completed) return unrecorded(completed.refused);
  return { kind: 'answered', entryId, orderId, authorization: answer };
}
