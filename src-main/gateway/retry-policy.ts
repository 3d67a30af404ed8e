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
}

export type RetryDecision =
  | { readonly action: 'retry'; readonly delayMs: number }
  /** The outcome is unknown: find out (inquireByOrderid / inquire) before anything else. */
  | { readonly action: 'resolve' }
  | { readonly action: 'fail' };

export const maxAttempts = 3;
const baseDelayMs = 500;
/** Inquiries are limited to 20 a minute per client address: back off a full slot. */
const rateLimitDelayMs = 3000;

/**
 * What to do after a failed call. Pure, so it is tested with a table. The rules:
 * - a wrong credential or a rejected request is final;
 * - a request that never left can always be tried again, money-moving or not;
 * - a money-moving request that may have arrived is never repeated: it must be resolved;
 * - a read is retried with exponential backoff, up to three attempts in all.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { operation, attempt, failure } = input;
  if (failure === 'unauthorized' || failure === 'http-4xx') return { action: 'fail' };
  const attemptsLeft = attempt < maxAttempts;
  const backoff = baseDelayMs * 2 ** (attempt - 1);
  if (failure === 'connect') return attemptsLeft ? { action: 'retry', delayMs: backoff } : { action: 'fail' };
  if (moneyMovingOperations.has(operation)) return { action: 'resolve' };
  if (!attemptsLeft) return { action: 'fail' };
  return { action: 'retry', delayMs: failure === 'http-429' ? rateLimitDelayMs * attempt : backoff };
}
