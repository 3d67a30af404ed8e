import { describe, expect, it } from 'vitest';
import * as errors from '../../../../src-main/lane/gateway/errors';

describe('gateway errors', () => {
  // Logs and callers read the name and branch on the code; every subclass stays a GatewayError.
  it.each<[errors.GatewayError, string, string]>([
    [new errors.GatewayError('HTTP 500', { status: 500 }), 'http', 'GatewayError'],
    [new errors.AuthenticationError('HTTP 401', { status: 401 }), 'authentication', 'AuthenticationError'],
    [new errors.RetryableError('respstat B', { respstat: 'B' }), 'retryable', 'RetryableError'],
    [new errors.GatewayTransportError('dropped', { requestSent: true }), 'transport', 'GatewayTransportError'],
    [new errors.NotFoundYetError('not yet', { finalAt: 1 }), 'not-found-yet', 'NotFoundYetError'],
    [new errors.ProtocolError('not JSON', { raw: 'x' }), 'protocol', 'ProtocolError'],
  ])('%s has code %s and name %s', (error, code, name) => {
    expect(error).toBeInstanceOf(errors.GatewayError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(String(error)).toBe(`${name}: ${error.message}`);
  });

  it('keeps the details it is given, the raw answer redacted', () => {
    const error = new errors.RetryableError('respstat B', {
      status: 200,
      respstat: 'B',
      respcode: '62',
      respproc: 'PPS',
      resptext: 'Timed out',
      raw: '{"account":"4788250000121443"}',
    });
    expect(error).toMatchObject({ status: 200, respstat: 'B', respcode: '62', respproc: 'PPS', resptext: 'Timed out' });
    expect(error.raw).not.toContain('4788250000121443');
  });
});
