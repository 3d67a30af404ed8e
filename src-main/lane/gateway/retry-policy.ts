import { decideRetry as decideAttempt, type AttemptFailure, type RetryRule } from '../../platform/http/outbound-retry';

/** Every gateway operation, by the name the client's methods use. */
export const gatewayOperations = [
  'credentialTest',
  'inquireMerchant',
  'auth',
  'capture',
  'void',
  'refund',
  'inquire',
  'inquireByOrderid',
  'voidByOrderId',
  'settlestat',
  'sigcap',
  'funding',
  'profile',
  'bin',
  'openbatch',
  'closebatch',
  'settlestatByBatchSource',
  'surcharge',
] as const;
export type GatewayOperation = (typeof gatewayOperations)[number];

/** Calls that move money: journaled before they leave, never repeated once they may have arrived. */
export const moneyMovingOperations: ReadonlySet<GatewayOperation> = new Set([
  'auth',
  'capture',
  'void',
  'refund',
  'voidByOrderId',
]);

export type FailureKind =
  /** No connection was made (refused, DNS, reset before the request was written). */
  | 'connect'
  /** The connection failed after the request may have been written. */
  | 'transport'
  | 'timeout'
  | 'http-408'
  | 'http-429'
  | 'http-5xx'
  | 'http-4xx'
  | 'unauthorized'
  /** The answer was not JSON or not the documented shape. */
  | 'protocol';

export interface RetryInput {
  readonly operation: GatewayOperation;
  /** Attempts made so far, counting the one that just failed (1 for the first). */
  readonly attempt: number;
  readonly failure: FailureKind;
  /** The wait the gateway asked for (Retry-After), when it gave one. */
  readonly retryAfterMs?: number;
}

export type RetryDecision =
  | { readonly action: 'retry'; readonly delayMs: number }
  /** The outcome is unknown: find out (inquireByOrderid / inquire) before anything else. */
  | { readonly action: 'resolve' }
  | { readonly action: 'fail' };

export const maxAttempts = 3;

/** The gateway's rule for the platform's retry decision. */
function gatewayRule(operation: GatewayOperation): RetryRule {
  return {
    maxAttempts,
    repeatable: !moneyMovingOperations.has(operation),
    retryStatus: (status) => status >= 500 || status === 408 || status === 429,
    retryMalformed: true,
    firstDelayMs: 500,
    // Inquiries are limited to 20 a minute per client address: back off a full slot.
    rateLimitDelayMs: 3000,
  };
}

/** The platform's view of a gateway failure. */
function attemptFailure(failure: FailureKind, retryAfterMs: number | undefined): AttemptFailure {
  const told = retryAfterMs === undefined ? {} : { retryAfterMs };
  switch (failure) {
    case 'unauthorized':
    case 'http-4xx':
      return { kind: 'final' };
    case 'connect':
      return { kind: 'not-sent' };
    case 'transport':
    case 'timeout':
      return { kind: 'unknown' };
    case 'http-408':
      return { kind: 'status', status: 408, ...told };
    case 'http-429':
      return { kind: 'status', status: 429, ...told };
    case 'http-5xx':
      return { kind: 'status', status: 500, ...told };
    case 'protocol':
      return { kind: 'malformed' };
  }
}

/**
 * What to do after a failed call: the platform's pure decision with the gateway's rule, tested
 * with a table. The rules:
 * - a wrong credential or a rejected request is final;
 * - a request that never left can always be tried again, money-moving or not;
 * - a money-moving request that may have arrived is never repeated: it must be resolved;
 * - a read is retried with exponential backoff, up to three attempts in all, waiting at least
 *   what a Retry-After asks (a 429 without one waits a rate-limit slot per attempt).
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { operation, attempt, failure } = input;
  const seen = attemptFailure(failure, input.retryAfterMs);
  const decision = decideAttempt(gatewayRule(operation), attempt, seen);
  if (decision.action === 'retry') return decision;
  const mayHaveArrived = seen.kind !== 'final' && seen.kind !== 'not-sent';
  return mayHaveArrived && moneyMovingOperations.has(operation) ? { action: 'resolve' } : { action: 'fail' };
}
