import type { AuthorizationRequest } from '../../gateway/auth-request';
import type { Authorization } from '../../gateway/auth-response';
import type { GatewayClient } from '../../gateway/client';
import type { GatewayError, RetryableError } from '../../gateway/errors';
import { resolveLostAuthorization, type LostAuthorizationOutcome } from '../../gateway/recovery';
import { recordFailedCall } from '../../journal/failed-call';
import type { Journal, JournalIntent } from '../../journal/journal';
import { outcomeOf, recordRecovery } from '../../journal/journaled';

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
  | { readonly kind: 'unknown'; readonly entryId: number; readonly orderId: string; readonly error: GatewayError };

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
}

/** The row was written just before the request left: its time starts the gateway's answer window. */
function answerWindowOf(journal: Journal, entryId: number): { sentAt: number; now: number } {
  const now = journal.clock.now();
  return { sentAt: journal.get(entryId)?.createdAt ?? now, now };
}

/**
 * One authorization the journaled way (ARCHITECTURE.md, principle 4): the row is written first
 * (a JournalError means nothing was sent), then the request; the answer completes the row. A
 * request that certainly never left is marked not sent and its error rethrown; respstat B is an
 * answer (`retry`: nothing was charged). When the answer is lost after the request may have arrived, the
 * row is marked unknown and the lost-response procedure runs at once.
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
  let answer: Authorization;
  try {
    answer = await client.auth(sent);
    onStage?.('answered');
  } catch (error) {
    const failure = recordFailedCall(journal, entryId, error);
    if (failure.kind === 'retry') return { kind: 'retry', entryId, orderId, error: failure.error };
    const outcome = await resolveLostAuthorization(
      client,
      { merchid: request.merchid, orderid: orderId },
      answerWindowOf(journal, entryId),
    );
    recordRecovery(journal, entryId, outcome);
    return outcome.kind === 'unresolved'
      ? { kind: 'unknown', entryId, orderId, error: outcome.error }
      : { kind: 'recovered', entryId, orderId, outcome };
  }
  journal.complete(entryId, outcomeOf(answer));
  return { kind: 'answered', entryId, orderId, authorization: answer };
}
