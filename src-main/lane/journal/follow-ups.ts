import type { Capture, CaptureRequest } from '../gateway/capture';
import type { GatewayClient } from '../gateway/client';
import {
  AuthenticationError,
  GatewayError,
  ProtocolError,
  RetryableError,
  GatewayTransportError,
} from '../gateway/errors';
import type { Reversal, ReversalRequest } from '../gateway/reversal';
import type { TransactionRecord } from '../gateway/transaction-record';
import { recordFailedCall } from './failed-call';
import { JournalError } from './card-data';
import type { FindingSource, Journal, JournalEntry, JournalOutcome } from './journal';
import { writeAfterSending } from './unrecorded';

/** The calls that act on an authorization already made. */
export type FollowUpOperation = 'capture' | 'void' | 'refund';

/** What a journaled capture, void or refund came to. */
export type JournaledFollowUp =
  | { readonly kind: 'answered'; readonly entryId: number; readonly answer: Capture | Reversal }
  /** The gateway asked to try again (respstat B): nothing changed. */
  | { readonly kind: 'retry'; readonly entryId: number; readonly error: RetryableError }
  /** The answer was lost; an inquiry showed whether the call took effect. */
  | {
      readonly kind: 'recovered';
      readonly entryId: number;
      readonly applied: boolean;
      readonly record: TransactionRecord;
    }
  /**
   * The gateway refused the request as sent (HTTP 400: a capture above what the merchant may
   * capture): an answer, so nothing changed; the row is completed declined with the gateway's words.
   */
  | { readonly kind: 'refused'; readonly entryId: number; readonly words: string }
  /** The answer was lost and nothing could be learned yet: the entry waits in the recovery queue. */
  | { readonly kind: 'unknown'; readonly entryId: number; readonly error: GatewayError }
  /**
   * The request left and the journal could not write what followed (a full disk): the outcome is
   * held in `journal.unrecorded` until the journal takes it. `answer` is the gateway's answer when
   * one came (it is then known, but not recorded); absent when it was lost too.
   */
  | {
      readonly kind: 'unrecorded';
      readonly entryId: number;
      readonly answer?: Capture | Reversal;
      readonly error: JournalError;
    };

type FollowUpClient = Pick<GatewayClient, 'capture' | 'void' | 'refund' | 'inquire'>;

export interface FollowUpRequest {
  readonly operation: FollowUpOperation;
  readonly merchid: string;
  /** The order id of the authorization acted on: the journal files the follow-up under it. */
  readonly orderId: string;
  readonly retref: string;
  /** Minor units; absent means the whole amount (capture: the authorized one; void and refund: all of it). */
  readonly amountMinor?: number;
  /** The amount the journal records: what moves (the capture with its tip, the void, the refund). */
  readonly journalAmountMinor: number;
  readonly maskedPan?: string;
  /** Capture only: the authorization code and the Level 2/3 details. */
  readonly capture?: Omit<CaptureRequest, 'merchid' | 'retref' | 'amount'>;
  /** Void only: the amount the authorization holds before the void, so recovery can tell a partial void happened. */
  readonly priorAmountMinor?: number;
  /** Anything else worth keeping (a tip), never card data. */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
}

function outcomeOfAnswer(answer: Capture | Reversal): JournalOutcome {
  return {
    ...('respstat' in answer && answer.respstat ? { respstat: answer.respstat } : {}),
    ...('respcode' in answer && answer.respcode ? { respcode: answer.respcode } : {}),
    ...('resptext' in answer && answer.resptext ? { resptext: answer.resptext } : {}),
    ...(answer.retref ? { retref: answer.retref } : {}),
    ...('authcode' in answer && answer.authcode ? { authcode: answer.authcode } : {}),
    ...('batchid' in answer && answer.batchid ? { batchid: answer.batchid } : {}),
    ...('setlstat' in answer && answer.setlstat ? { setlstat: answer.setlstat } : {}),
    ...(answer.amount !== undefined ? { amountMinor: answer.amount } : {}),
  };
}

/** Whether a follow-up whose answer was lost took effect, judged from the authorization's record now. */
export function followUpApplied(
  entry: Pick<JournalEntry, 'operation' | 'amountMinor' | 'detail'>,
  record: TransactionRecord,
): boolean | undefined {
  switch (entry.operation) {
    case 'capture':
      return (
        record.setlstat === 'Queued for Capture' || record.setlstat === 'Accepted' || record.setlstat === 'Rejected'
      );
    case 'void': {
      if (record.setlstat === 'Voided') return true;
      const remainder = entry.detail?.expectedRemainderMinor;
      return typeof remainder === 'number' && record.amount === remainder;
    }
    default:
      // A refund is a new transaction with a retref nobody has heard: the original's record cannot tell.
      return undefined;
  }
}

function describe(entry: Pick<JournalEntry, 'operation'>, applied: boolean): string {
  const done = { capture: 'captured', void: 'voided', refund: 'refunded' }[entry.operation as FollowUpOperation];
  return applied
    ? `answer lost; the gateway shows it ${done}`
    : `answer lost; the gateway shows it was not ${done}, so it can be tried again`;
}

/**
 * A capture, void or refund the journaled way: the row first (filed under the authorization's
 * order id, with its retref), then the call, then the answer. A request that certainly never
 * left is marked not sent and its error rethrown. When the answer is lost, the authorization's
 * record is read at once: a capture or void shows in it; a refund does not, and waits for a
 * person with the settlement report, since refunding again could pay the customer twice.
 */
export async function journaledFollowUp(
  journal: Journal,
  client: FollowUpClient,
  request: FollowUpRequest,
): Promise<JournaledFollowUp> {
  const expectedRemainderMinor =
    request.operation === 'void' && request.priorAmountMinor !== undefined && request.amountMinor
      ? request.priorAmountMinor - request.amountMinor
      : undefined;
  const detail = { ...request.detail, ...(expectedRemainderMinor !== undefined ? { expectedRemainderMinor } : {}) };
  const entryId = journal.begin({
    operation: request.operation,
    orderId: request.orderId,
    amountMinor: request.journalAmountMinor,
    originalRetref: request.retref,
    ...(request.maskedPan ? { maskedPan: request.maskedPan } : {}),
    ...(Object.keys(detail).length ? { detail } : {}),
  });
  const held = { entryId, orderId: request.orderId, amountMinor: request.journalAmountMinor };
  let answer: Capture | Reversal;
  try {
    const base = {
      merchid: request.merchid,
      retref: request.retref,
      ...(request.amountMinor !== undefined ? { amount: request.amountMinor } : {}),
    };
    if (request.operation === 'capture') answer = await client.capture({ ...request.capture, ...base });
    else if (request.operation === 'void') answer = await client.void(base as ReversalRequest);
    else answer = await client.refund(base as ReversalRequest);
  } catch (error) {
    // A capture the gateway refused as sent (HTTP 400) is its answer: nothing was captured.
    const words = request.operation === 'capture' ? refusedWords(error) : undefined;
    if (words !== undefined) {
      const outcome: JournalOutcome = { respstat: 'C', resptext: words };
      const done = writeAfterSending(journal, { ...held, outcome }, () => journal.complete(entryId, outcome));
      if ('refused' in done) return { kind: 'unrecorded', entryId, error: done.refused };
      return { kind: 'refused', entryId, words };
    }
    // Even a request that never left is held when its row cannot say so: the gateway is asked later.
    const failure = writeAfterSending(journal, { ...held, outcome: null }, () =>
      recordFailedCall(journal, entryId, error),
    );
    if ('refused' in failure) return { kind: 'unrecorded', entryId, error: failure.refused };
    if (failure.written.kind === 'retry') return { kind: 'retry', entryId, error: failure.written.error };
    // What the inquiry learned is asked again once the journal works: the row is unknown by then.
    const settling = await settlingFollowUp(() =>
      settleFollowUp({ journal, client, merchid: request.merchid }, journal.get(entryId)!),
    );
    if ('refused' in settling) {
      journal.unrecorded.hold({ ...held, outcome: null, problem: settling.refused.message });
      return { kind: 'unrecorded', entryId, error: settling.refused };
    }
    const settled = settling.settled;
    if (settled.kind === 'resolved')
      return { kind: 'recovered', entryId, applied: settled.applied, record: settled.record };
    return {
      kind: 'unknown',
      entryId,
      error: settled.kind === 'unresolved' ? settled.error : failure.written.error,
    };
  }
  const outcome = outcomeOfAnswer(answer);
  const completed = writeAfterSending(journal, { ...held, outcome }, () => journal.complete(entryId, outcome));
  if ('refused' in completed) return { kind: 'unrecorded', entryId, answer, error: completed.refused };
  return { kind: 'answered', entryId, answer };
}

/**
 * The gateway's words when it refused a request as sent (HTTP 400, its `message` when the body
 * has one); undefined for any other failure.
 */
export function refusedWords(error: unknown): string | undefined {
  if (!(error instanceof GatewayError) || error.kind !== 'http' || error.status !== 400) return undefined;
  try {
    const body: unknown = error.raw === undefined ? undefined : JSON.parse(error.raw);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message)
      return body.message;
  } catch {
    // Not JSON: the status is all the gateway said.
  }
  return 'the gateway refused the request (HTTP 400)';
}

/** Runs a settling whose journal writes may be refused, returning the refusal instead of throwing it. */
async function settlingFollowUp(
  settle: () => Promise<FollowUpSettlement>,
): Promise<{ settled: FollowUpSettlement } | { refused: JournalError }> {
  try {
    return { settled: await settle() };
  } catch (error) {
    if (error instanceof JournalError) return { refused: error };
    throw error;
  }
}

export type FollowUpSettlement =
  | { readonly kind: 'resolved'; readonly applied: boolean; readonly record: TransactionRecord }
  /** The inquiry did not answer: try again later. */
  | { readonly kind: 'unresolved'; readonly error: GatewayError }
  /** Only a person can tell (a refund): the entry stays unknown with a note saying what to check. */
  | { readonly kind: 'needs-person'; readonly note: string };

export const refundNeedsPerson =
  'the refund was sent and its answer lost; the gateway cannot look a refund up by the sale, so check the settlement report for a refund of this sale before refunding again';

/** Settles one capture, void or refund whose answer was lost, by reading the authorization's record; `finding` as in `Journal.resolve`. */
export async function settleFollowUp(
  lane: { readonly journal: Journal; readonly client: Pick<GatewayClient, 'inquire'>; readonly merchid: string },
  entry: JournalEntry,
  finding?: FindingSource,
): Promise<FollowUpSettlement> {
  const { journal, client, merchid } = lane;
  if (entry.operation === 'refund' || !entry.originalRetref) {
    journal.markUnknown(entry.id, refundNeedsPerson);
    return { kind: 'needs-person', note: refundNeedsPerson };
  }
  let record: TransactionRecord;
  try {
    record = await client.inquire({ merchid, retref: entry.originalRetref });
  } catch (error) {
    if (error instanceof AuthenticationError || !(error instanceof GatewayError)) throw error;
    if (!(
      error instanceof GatewayTransportError ||
      error instanceof ProtocolError ||
      error instanceof RetryableError ||
      (error.status !== undefined && error.status >= 500)
    ))
      throw error;
    journal.markUnknown(entry.id, `answer lost; the inquiry did not answer either (${error.message})`);
    return { kind: 'unresolved', error };
  }
  const applied = followUpApplied(entry, record) ?? false;
  journal.resolve(
    entry.id,
    describe(entry, applied),
    {
      ...(record.respstat ? { respstat: record.respstat } : {}),
      ...(record.setlstat ? { setlstat: record.setlstat } : {}),
      ...(record.batchid ? { batchid: record.batchid } : {}),
      ...(record.amount !== undefined ? { amountMinor: record.amount } : {}),
      applied,
    },
    finding,
  );
  return { kind: 'resolved', applied, record };
}
