import type { AuthorizationRequest } from '../gateway/auth-request';
import type { Authorization } from '../gateway/auth-response';
import type { GatewayClient } from '../gateway/client';
import { NotFoundYetError, type GatewayError, type RetryableError } from '../gateway/errors';
import { answerWindowMs, resolveLostAuthorization, type LostAuthorizationOutcome } from '../gateway/recovery';
import type { TransactionRecord } from '../gateway/transaction-record';
import { recordFailedCall } from './failed-call';
import { settleFollowUp, type FollowUpSettlement } from './follow-ups';
import { type FindingSource, type Journal, type JournalEntry, type JournalIntent, type JournalOutcome } from './journal';

/** What the screen may say about an authorization. `unknown` is never shown or printed as approved. */
export type JournaledAuthorization =
  | { readonly kind: 'answered'; readonly entryId: number; readonly orderId: string; readonly authorization: Authorization }
  /** The answer was lost and recovery learned the outcome. */
  | { readonly kind: 'recovered'; readonly entryId: number; readonly orderId: string; readonly outcome: LostAuthorizationOutcome }
  /** The gateway asked to try again (respstat B): nothing was charged. */
  | { readonly kind: 'retry'; readonly entryId: number; readonly orderId: string; readonly error: RetryableError }
  /** The answer was lost and nothing could be learned yet: the entry waits in the recovery queue. */
  | { readonly kind: 'unknown'; readonly entryId: number; readonly orderId: string; readonly error: GatewayError };

export interface CardForJournal {
  /** First six and last four at most. */
  readonly maskedPan?: string;
  readonly entryMode?: string;
}

function outcomeOf(answer: Authorization | TransactionRecord): JournalOutcome {
  return {
    ...(answer.respstat ? { respstat: answer.respstat } : {}),
    ...(answer.respcode ? { respcode: answer.respcode } : {}),
    ...(answer.resptext ? { resptext: answer.resptext } : {}),
    ...(answer.retref ? { retref: answer.retref } : {}),
    ...('authcode' in answer && answer.authcode ? { authcode: answer.authcode } : {}),
    ...(answer.batchid ? { batchid: answer.batchid } : {}),
    ...('setlstat' in answer && answer.setlstat ? { setlstat: answer.setlstat } : {}),
    ...(answer.emvTagData ? { emvTagData: JSON.stringify(answer.emvTagData) } : {}),
    ...(answer.receipt ? { receipt: answer.receipt } : {}),
    ...(answer.amount !== undefined ? { amountMinor: answer.amount } : {}),
  };
}

/** How the note of an authorization the gateway had no record of yet, inside its answer window, begins. */
const noRecordYetNote = 'answer lost; the gateway had no record of it yet and may still be processing it';

/**
 * When an open entry can next be settled: an authorization the gateway had no record of yet only
 * once its answer window has passed (its "not found" is final then); any other entry at `now`.
 */
export function settleableAt(entry: JournalEntry, now: number): number {
  return entry.operation === 'auth' && entry.note?.startsWith(noRecordYetNote) ? entry.createdAt + answerWindowMs : now;
}

/** Words for the journal's note on how a lost answer was settled. */
function describeRecovery(outcome: LostAuthorizationOutcome): string {
  switch (outcome.kind) {
    case 'found':
      return outcome.approved ? 'answer lost; the gateway has it approved' : 'answer lost; the gateway has it declined';
    case 'not-processed':
      return 'answer lost; the gateway never processed it';
    case 'voided':
      return 'answer lost and the gateway did not answer the inquiry; voided by order id';
    case 'void-refused':
      return `answer lost; voidByOrderId answered ${outcome.reversal.respcode ?? ''} ${outcome.reversal.resptext ?? ''}`.trim();
    case 'unresolved':
      if (outcome.error instanceof NotFoundYetError) return `${noRecordYetNote}: asked again once its answer window has passed (${outcome.error.message})`;
      return `answer lost; nothing answered yet (${outcome.error.message})`;
  }
}

/** The row was written just before the request left: its time starts the gateway's answer window. */
function answerWindowOf(journal: Journal, entryId: number): { sentAt: number; now: number } {
  const now = journal.clock.now();
  return { sentAt: journal.get(entryId)?.createdAt ?? now, now };
}

/** Records what recovery learned; an unresolved entry stays unknown for the next try. */
function record(journal: Journal, entryId: number, outcome: LostAuthorizationOutcome, finding?: FindingSource): void {
  if (outcome.kind === 'unresolved') journal.markUnknown(entryId, describeRecovery(outcome));
  else journal.resolve(entryId, describeRecovery(outcome), outcome.kind === 'found' ? outcomeOf(outcome.record) : outcome.kind === 'voided' || outcome.kind === 'void-refused' ? { respstat: outcome.reversal.respstat, ...(outcome.reversal.respcode ? { respcode: outcome.reversal.respcode } : {}), ...(outcome.reversal.resptext ? { resptext: outcome.reversal.resptext } : {}) } : null, finding);
}

/**
 * One authorization the journaled way (ARCHITECTURE.md, principle 4): the row is written first
 * (a JournalError means nothing was sent), then the request; the answer completes the row. A
 * request that certainly never left is marked not sent and its error rethrown; respstat B is an
 * answer (`retry`: nothing was charged). When the answer is lost after the request may have arrived, the
 * row is marked unknown and the lost-response procedure runs at once.
 */
export async function journaledAuthorize(
  journal: Journal,
  client: Pick<GatewayClient, 'auth' | 'inquireByOrderid' | 'voidByOrderId'>,
  /** Without an order id, a new one is taken in the same transaction as the row. */
  request: AuthorizationRequest,
  card: CardForJournal = {},
  /** Told when the row is written and when the answer is in (before it is recorded): for metrics and the crash tests. */
  onStage?: (stage: 'journaled' | 'answered') => void,
  /** Kept with the row for reprints and the history: how it was tendered, whether a signature was asked for. */
  detail?: JournalIntent['detail'],
): Promise<JournaledAuthorization> {
  const intent = { operation: 'auth' as const, amountMinor: request.amount, ...card, ...(detail ? { detail } : {}) };
  const { id: entryId, orderId } = request.orderid ? { id: journal.begin({ ...intent, orderId: request.orderid }), orderId: request.orderid } : journal.beginWithNewOrderId(intent);
  const sent = { ...request, orderid: orderId };
  onStage?.('journaled');
  let authorization: Authorization;
  try {
    authorization = await client.auth(sent);
    onStage?.('answered');
  } catch (error) {
    const failure = recordFailedCall(journal, entryId, error);
    if (failure.kind === 'retry') return { kind: 'retry', entryId, orderId, error: failure.error };
    const outcome = await resolveLostAuthorization(client, { merchid: request.merchid, orderid: orderId }, answerWindowOf(journal, entryId));
    record(journal, entryId, outcome);
    return outcome.kind === 'unresolved' ? { kind: 'unknown', entryId, orderId, error: outcome.error } : { kind: 'recovered', entryId, orderId, outcome };
  }
  journal.complete(entryId, outcomeOf(authorization));
  return { kind: 'answered', entryId, orderId, authorization };
}

/** What the start-up or background pass made of one open entry. */
export type RecoveredEntry =
  | { readonly entry: JournalEntry; readonly kind: 'authorization'; readonly outcome: LostAuthorizationOutcome }
  | { readonly entry: JournalEntry; readonly kind: 'follow-up'; readonly settlement: FollowUpSettlement };

/** Whether a recovered entry still waits: for the gateway to answer, or for a person. */
export function stillOpen(result: RecoveredEntry): boolean {
  return result.kind === 'authorization' ? result.outcome.kind === 'unresolved' : result.settlement.kind !== 'resolved';
}

/** One word for what became of a recovered entry: the lost-response outcome, or applied / not-applied / unresolved / needs-person. */
export function recoveredKind(result: RecoveredEntry): string {
  if (result.kind === 'authorization') return result.outcome.kind;
  const { settlement } = result;
  return settlement.kind === 'resolved' ? (settlement.applied ? 'applied' : 'not-applied') : settlement.kind;
}

/**
 * The start-up (and background) pass over the journal: every entry whose outcome is not known
 * (written but not answered when the process died, or answered but lost) is settled. An
 * authorization goes through the lost-response procedure; a capture or void is read from its
 * authorization's record; a refund waits for a person. Unresolved ones stay queued. With
 * `finding`, each settled entry is also kept (in the same transaction) as a finding for the next
 * person to acknowledge: nobody at the counter saw it settle.
 */
export async function recoverJournal(journal: Journal, client: Pick<GatewayClient, 'inquireByOrderid' | 'voidByOrderId' | 'inquire'>, merchid: string, finding?: FindingSource): Promise<RecoveredEntry[]> {
  const results: RecoveredEntry[] = [];
  for (const entry of journal.unresolved()) {
    if (entry.operation === 'auth') {
      const outcome = await resolveLostAuthorization(client, { merchid, orderid: entry.orderId }, { sentAt: entry.createdAt, now: journal.clock.now() });
      record(journal, entry.id, outcome, finding);
      results.push({ entry, kind: 'authorization', outcome });
    } else if (entry.operation === 'capture' || entry.operation === 'void' || entry.operation === 'refund') {
      results.push({ entry, kind: 'follow-up', settlement: await settleFollowUp(journal, client, merchid, entry, finding) });
    }
  }
  return results;
}
