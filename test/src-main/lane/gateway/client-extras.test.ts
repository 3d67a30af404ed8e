import { noWaitClockWith } from '../../../support/no-wait-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import {
  AuthenticationError,
  GatewayError,
  ProtocolError,
  RetryableError,
  GatewayTransportError,
} from '../../../../src-main/lane/gateway/errors';
import { approvedAnswer } from '../../../support/gateway-answers';
import { scriptedGateway, type Step } from '../../../support/scripted-gateway';
import { collectingLogger } from '../../../support/test-core';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setUp(script: Record<string, Step[]>) {
  const gateway = await scriptedGateway(script);
  close = gateway.close;
  const { logger, lines } = collectingLogger();
  let now = 1_000;
  const client = createGatewayClient({
    baseUrl: gateway.baseUrl,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    logger,
    // Every reading of the clock moves it 250 ms, so elapsed time is exact and no test sleeps.
    clock: noWaitClockWith({ now: () => (now += 250), monotonic: () => (now += 250) }),
  });
  return { client, lines, seen: gateway.seen };
}

const merchid = '496160873888';

describe('stored profiles', () => {
  it('creates a profile with profile Y and reads the new profile id', async () => {
    const answer = { ...approvedAnswer, profileid: '16392957457530496411', acctid: '1' };
    const { client, seen } = await setUp({ auth: [{ answer }] });
    const result = await client.auth({ merchid, amount: 0, account: '4788250000121443', expiry: '1228', profile: 'Y' });
    expect(result).toMatchObject({ profileid: '16392957457530496411', acctid: '1' });
    expect(seen[0]?.body).toMatchObject({ profile: 'Y', amount: '0.00' });
  });

  it('pays with a stored profile, sending no account', async () => {
    const { client, seen } = await setUp({ auth: [{ answer: approvedAnswer }] });
    await client.auth({ merchid, amount: 1234, profile: '16392957457530496411/1' });
    expect(seen[0]?.body).toEqual({ merchid, amount: '12.34', profile: '16392957457530496411/1' });
  });
});

describe('BIN lookup', () => {
  it('keeps the BIN service fields when bin is Y', async () => {
    const answer = {
      ...approvedAnswer,
      bin: '478825',
      binInfo: [{ country: 'USA', product: 'V', bin: '478825', cardusestring: 'Visa Credit' }],
    };
    const { client } = await setUp({ auth: [{ answer }] });
    const result = await client.auth({ merchid, amount: 100, account: '4788250000121443', expiry: '1228', bin: true });
    expect(result.bin).toBe('478825');
    expect(result.binInfo).toEqual([{ country: 'USA', product: 'V', bin: '478825', cardusestring: 'Visa Credit' }]);
  });
});

describe('call logging and timing', () => {
  it('logs each call with its timing by the injected clock, never the body or card data', async () => {
    const { client, lines } = await setUp({ auth: [{ answer: approvedAnswer }] });
    await client.auth({ merchid, amount: 1234, account: '4788250000121443', expiry: '1228', cvv: '112' });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ msg: 'gateway call', operation: 'auth', status: 200, elapsedMs: 250 });
    // Only these keys: no body, no card data, no credentials (checked by key, not by digits,
    // which pino's timestamp could contain by chance).
    expect(Object.keys(record).sort()).toEqual(['app', 'elapsedMs', 'level', 'msg', 'operation', 'status', 'time']);
    expect(lines[0]).not.toContain('4788250000121443');
    expect(lines[0]).not.toContain('testing123');
  });

  it('logs a failed call with its error code and whether it was sent', async () => {
    const { client, lines } = await setUp({ auth: ['drop'] });
    await expect(client.auth({ merchid, amount: 1234, account: '4788250000121443', expiry: '1228' })).rejects.toThrow(
      GatewayTransportError,
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'gateway call failed',
      operation: 'auth',
      code: 'transport',
      requestSent: true,
    });
  });
});

describe('error codes', () => {
  it('gives each failure kind a stable code', () => {
    expect(new GatewayError('x').code).toBe('http');
    expect(new AuthenticationError('x').code).toBe('authentication');
    expect(new RetryableError('x').code).toBe('retryable');
    expect(new GatewayTransportError('x', { requestSent: false }).code).toBe('transport');
    expect(new ProtocolError('x').code).toBe('protocol');
  });
});
