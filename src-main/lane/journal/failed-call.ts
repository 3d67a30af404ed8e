import {
  AuthenticationError,
  GatewayError,
  RetryableError,
  GatewayTransportError,
  ValidationError,
} from '../gateway/errors';
import type { Journal } from './journal';

/**
 * Records what a journaled call's failure means for its row, the same for an authorization, a
 * capture, a void or a refund:
 * - refused before anything was processed (checked locally, never connected, wrong
 *   credentials): the row is marked not sent and the error rethrown;
 * - respstat B: an answer (nothing changed), recorded; returns `retry`;
 * - any other gateway failure after the request may have arrived: the row is marked unknown;
 *   returns `lost`, and the caller runs its recovery;
 * - anything else is a bug, not an answer: rethrown, and the row stays pending for the start-up pass.
 */
export function recordFailedCall(
  journal: Journal,
  entryId: number,
  error: unknown,
): { kind: 'retry'; error: RetryableError } | { kind: 'lost'; error: GatewayError } {
  if (
    error instanceof ValidationError ||
    error instanceof AuthenticationError ||
    (error instanceof GatewayTransportError && !error.requestSent)
  ) {
    journal.markNotSent(entryId, error.message);
    throw error;
  }
  if (error instanceof RetryableError) {
    journal.complete(entryId, {
      respstat: 'B',
      ...(error.respcode ? { respcode: error.respcode } : {}),
      ...(error.resptext ? { resptext: error.resptext } : {}),
    });
    return { kind: 'retry', error };
  }
  if (!(error instanceof GatewayError)) throw error;
  journal.markUnknown(entryId, `the answer was lost: ${error.message}`);
  return { kind: 'lost', error };
}
