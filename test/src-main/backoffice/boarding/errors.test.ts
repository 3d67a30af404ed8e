import { describe, expect, it } from 'vitest';
import {
  BoardingApiError,
  BoardingAuthenticationError,
  BoardingError,
  BoardingProtocolError,
  BoardingRuleError,
  BoardingTransportError,
  BoardingValidationError,
} from '../../../../src-main/backoffice/boarding/errors';

describe('boarding errors', () => {
  it.each([
    [new BoardingError('merchant.get: HTTP 500'), 'BoardingError', 'api'],
    [new BoardingApiError('merchant.update: Dba name is required (1101)', { status: 400 }), 'BoardingApiError', 'api'],
    [new BoardingAuthenticationError('token: refused'), 'BoardingAuthenticationError', 'authentication'],
    [
      new BoardingTransportError('merchant.get: no answer within 30000 ms', { timedOut: true }),
      'BoardingTransportError',
      'transport',
    ],
    [new BoardingProtocolError('merchant.get: the answer is not JSON (HTTP 200)'), 'BoardingProtocolError', 'protocol'],
    [new BoardingRuleError('merchant.update: the merchant is OFS, not INPROG', 'OFS'), 'BoardingRuleError', 'rule'],
    [new BoardingValidationError('merchant.dbaName', 'is required'), 'BoardingValidationError', 'validation'],
  ])('%s is named for its kind in logs and stacks, and carries its code', (error, name, code) => {
    expect(error).toBeInstanceOf(BoardingError);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.stack?.split('\n')[0]).toBe(`${name}: ${error.message}`);
  });
});
