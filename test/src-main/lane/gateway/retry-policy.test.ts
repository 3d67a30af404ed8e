import { describe, expect, it } from 'vitest';
import {
  decideRetry,
  type FailureKind,
  type GatewayOperation,
  type RetryDecision,
} from '../../../../src-main/lane/gateway/retry-policy';

const retry = (delayMs: number): RetryDecision => ({ action: 'retry', delayMs });
const resolve: RetryDecision = { action: 'resolve' };
const fail: RetryDecision = { action: 'fail' };

describe('decideRetry', () => {
  it.each<[GatewayOperation, number, FailureKind, RetryDecision]>([
    // Final, whatever the operation.
    ['auth', 1, 'unauthorized', fail],
    ['inquire', 1, 'unauthorized', fail],
    ['capture', 1, 'http-4xx', fail],
    ['settlestat', 1, 'http-4xx', fail],
    // Never left the terminal: safe to try again, even for money.
    ['auth', 1, 'connect', retry(500)],
    ['refund', 2, 'connect', retry(1000)],
    ['auth', 3, 'connect', fail],
    ['inquire', 1, 'connect', retry(500)],
    // Money-moving and possibly arrived: resolve, never repeat.
    ['auth', 1, 'timeout', resolve],
    ['auth', 1, 'transport', resolve],
    ['auth', 1, 'http-408', resolve],
    ['auth', 1, 'http-5xx', resolve],
    ['auth', 1, 'protocol', resolve],
    ['capture', 1, 'timeout', resolve],
    ['void', 2, 'transport', resolve],
    ['refund', 1, 'http-5xx', resolve],
    ['voidByOrderId', 1, 'timeout', resolve],
    ['auth', 1, 'http-429', resolve],
    // Reads: exponential backoff, three attempts in all.
    ['inquire', 1, 'timeout', retry(500)],
    ['inquire', 2, 'timeout', retry(1000)],
    ['inquire', 3, 'timeout', fail],
    ['inquireByOrderid', 1, 'http-5xx', retry(500)],
    ['inquireByOrderid', 2, 'protocol', retry(1000)],
    ['settlestat', 1, 'transport', retry(500)],
    ['inquireMerchant', 1, 'http-408', retry(500)],
    ['credentialTest', 2, 'timeout', retry(1000)],
    // Rate limited (20 a minute): wait a full slot per attempt.
    ['inquire', 1, 'http-429', retry(3000)],
    ['inquireByOrderid', 2, 'http-429', retry(6000)],
    ['settlestat', 3, 'http-429', fail],
  ])('%s attempt %i after %s → %j', (operation, attempt, failure, expected) => {
    expect(decideRetry({ operation, attempt, failure })).toEqual(expected);
  });
});
