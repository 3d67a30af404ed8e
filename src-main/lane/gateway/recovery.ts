import type { GatewayClient } from './client';
import {
  AuthenticationError,
  GatewayError,
  NotFoundYetError,
  ProtocolError,
  RetryableError,
  GatewayTransportError,
} from './errors';
import type { Reversal } from './reversal';
import type { TransactionRecord } from './transaction-record';

/** What became of an authorization whose answer was lost. */
export type LostAuthorizationOutcome =
  /** The gateway has it: act on this record (approved or declined). */
  | { readonly kind: 'found'; readonly record: TransactionRecord; readonly approved: boolean }
  /** PPS respcode 29, "Txn not found", asked after the answer window: it was never processed, so it is safe to try again. */
  | { readonly kind: 'not-processed' }
  /** No answer to the inquiry; voidByOrderId reversed whatever may have been authorized. */
  | { readonly kind: 'voided'; readonly reversal: Reversal }
  /** No answer to the inquiry; the void answered but did not void (nothing there, or refused). */
  | { readonly kind: 'void-refused'; readonly reversal: Reversal }
  /**
   * Nothing answered, three voids included; or (a `NotFoundYetError`) no record yet inside the
   * answer window, with no void tried: keep it in the journal and try again later.
   */
  | { readonly kind: 'unresolved'; readonly error: GatewayError };

export const maxVoidAttempts = 3;

/**
 * How long after an authorization was sent a "Txn not found" is final. The gateway gives the
 * processor 31 s and answers every auth by 32 s (developer-guides.md, "CardPointe Gateway
 * Authorization Timeout (32 Seconds)" and "No Response Returned"; FACTS.md, "Timeouts and lost
 * responses"); before then it may still be processing the request and approve it after saying
 * "not found". 3 s more covers the two clocks and the trip.
 */
export const answerWindowMs = 35_000;

/** When the authorization was sent (the journal row's `createdAt`, written just before) and what time it is now, on one clock. */
export interface AnswerWindow {
  readonly sentAt: number;
  readonly now: number;
}

function isNotProcessed(record: TransactionRecord): boolean {
  return record.respproc === 'PPS' && record.respcode === '29';
}

/**
 * The gateway's lost-response procedure (FACTS.md): ask by order id; a record found is the
 * answer; PPS 29 means never processed, once the answer window since `window.sentAt` has passed
 * (before, the gateway may still approve it: the outcome stays unknown and nothing is voided);
 * no answer means voidByOrderId, up to three times, so a sale is never left authorized by
 * accident. Errors other than a lost answer (wrong credentials, a rejected request) are thrown:
 * they need a person, not a retry.
 */
export async function resolveLostAuthorization(
  client: Pick<GatewayClient, 'inquireByOrderid' | 'voidByOrderId'>,
  request: { merchid: string; orderid: string },
  window: AnswerWindow,
): Promise<LostAuthorizationOutcome> {
  let inquiryError: GatewayError;
  try {
    const records = await client.inquireByOrderid({ ...request, scope: 'merchant' });
    const real = records.filter((record) => !isNotProcessed(record));
    if (real.length === 0) {
      const finalAt = window.sentAt + answerWindowMs;
      if (window.now >= finalAt) return { kind: 'not-processed' };
      const error = new NotFoundYetError(
        `the gateway had no record of order ${request.orderid} yet and may still be processing it; asked again after ${new Date(finalAt).toISOString()}`,
        { finalAt, respproc: 'PPS', respcode: '29' },
      );
      return { kind: 'unresolved', error };
    }
    // Several attempts may share the order id (a retry after a decline): an approval wins.
    const approved = real.find((record) => record.respstat === 'A' && record.setlstat !== 'Voided');
    const record = approved ?? (real[real.length - 1] as TransactionRecord);
    return { kind: 'found', record, approved: approved !== undefined };
  } catch (error) {
    if (!isLostAnswer(error)) throw error;
    inquiryError = error;
  }
  let lastError: GatewayError = inquiryError;
  for (let attempt = 1; attempt <= maxVoidAttempts; attempt++) {
    try {
      const reversal = await client.voidByOrderId(request);
      return reversal.outcome === 'approved' ? { kind: 'voided', reversal } : { kind: 'void-refused', reversal };
    } catch (error) {
      if (!isLostAnswer(error)) throw error;
      lastError = error;
    }
  }
  return { kind: 'unresolved', error: lastError };
}

/** A failure where the gateway may simply not have answered (transport, timeout, 5xx, garbage, B). */
function isLostAnswer(error: unknown): error is GatewayError {
  if (error instanceof AuthenticationError || !(error instanceof GatewayError)) return false;
  if (error instanceof GatewayTransportError || error instanceof ProtocolError || error instanceof RetryableError)
    return true;
  return error.status !== undefined && (error.status >= 500 || error.status === 408);
}
