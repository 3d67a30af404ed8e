import { describe, expect, it } from 'vitest';
import { GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import { answerWindowMs, resolveLostAuthorization } from '../../../../src-main/lane/gateway/recovery';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../../support/gateway-emulator';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { call, freshEmulator, freshEmulatorPerTest, rpctMerchant, sale, siteAuth } from './support';

/** Asked after the gateway's answer window since the request was sent: a "not found" is final. */
const pastTheWindow = { sentAt: 0, now: answerWindowMs };

let emulator: RunningEmulator;
freshEmulatorPerTest((started) => (emulator = started));

const admin = (method: string, body?: unknown) =>
  fetch(`${emulator.url.replace('/rest', '')}/__emulator/faults`, {
    method,
    headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const authorizeRaw = () =>
  fetch(`${emulator.url}/auth`, {
    method: 'PUT',
    headers: { Authorization: siteAuth, 'Content-Type': 'application/json' },
    body: JSON.stringify(sale({ orderid: 'F-1' })),
  });

const attempts = async () => (await call(emulator, 'GET', `inquireByOrderid/F-1/${rpctMerchant}/1`)).json;

describe('fault injection', () => {
  it('drop-before: no answer and nothing recorded', async () => {
    await admin('PUT', { endpoint: 'auth', kind: 'drop-before' });
    await expect(authorizeRaw()).rejects.toThrow();
    expect(await attempts()).toMatchObject({ respcode: '29' });
  });

  it('drop-after: the authorization is recorded but no answer comes', async () => {
    await admin('PUT', { endpoint: 'auth', kind: 'drop-after' });
    await expect(authorizeRaw()).rejects.toThrow();
    expect(await attempts()).toEqual([expect.objectContaining({ respstat: 'A', setlstat: 'Authorized' })]);
  });

  it.each([
    ['http-500', 500],
    ['http-408', 408],
  ])('%s answers %i without processing', async (kind, status) => {
    await admin('PUT', { endpoint: 'auth', kind });
    expect((await authorizeRaw()).status).toBe(status);
    expect(await attempts()).toMatchObject({ respcode: '29' });
  });

  it('malformed-json processes the request and answers broken JSON', async () => {
    await admin('PUT', { endpoint: 'auth', kind: 'malformed-json' });
    const response = await authorizeRaw();
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
    expect(await attempts()).toHaveLength(1);
  });

  it('delay holds the answer for the given time, on the emulator\u2019s clock', async () => {
    await emulator.close();
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    emulator = await freshEmulator(clock);
    try {
      await admin('PUT', { endpoint: 'inquire', kind: 'delay', ms: 150 });
      const answer = call(emulator, 'GET', `inquire/1/${rpctMerchant}`);
      await until(() => clock.pending === 1, 'the emulator holding the answer');
      clock.advance(149);
      expect(clock.pending).toBe(1);
      clock.advance(1);
      expect(clock.pending).toBe(0);
      expect((await answer).status).toBe(200);
    } finally {
      await emulator.close();
    }
  });

  it('a one-off fault applies once; an "always" fault until cleared; faults are per endpoint', async () => {
    await admin('PUT', { endpoint: 'auth', kind: 'http-500' });
    expect((await authorizeRaw()).status).toBe(500);
    expect((await authorizeRaw()).status).toBe(200);
    await admin('PUT', { endpoint: 'capture', kind: 'http-500', times: 'always' });
    expect((await authorizeRaw()).status).toBe(200);
    expect((await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref: '1' })).status).toBe(500);
    expect((await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref: '1' })).status).toBe(500);
    expect(await (await admin('GET')).json()).toHaveLength(1);
    await admin('DELETE');
    expect((await call(emulator, 'PUT', 'capture', { merchid: rpctMerchant, retref: '1' })).status).toBe(200);
  });

  it('refuses a fault it does not know, naming the field', async () => {
    const response = await admin('PUT', { endpoint: 'auth', kind: 'meteor-strike' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('kind');
  });
});

describe('a lost authorization answer, end to end', () => {
  it('the client reports the answer lost, and recovery finds the approval by order id', async () => {
    const client = emulatorClient(emulator.url);
    await admin('PUT', { endpoint: 'auth', kind: 'drop-after' });
    const lost = await client.auth(keyedSale({ orderid: 'F-1' })).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(GatewayTransportError);
    expect((lost as GatewayTransportError).requestSent).toBe(true);
    await expect(
      resolveLostAuthorization(client, { merchid: rpctMerchant, orderid: 'F-1' }, pastTheWindow),
    ).resolves.toMatchObject({ kind: 'found', approved: true, record: { amount: 1234 } });
  });

  it('when the inquiries fail too, recovery voids by order id', async () => {
    const client = emulatorClient(emulator.url);
    await admin('PUT', { endpoint: 'auth', kind: 'drop-after' });
    await admin('PUT', { endpoint: 'inquireByOrderid', kind: 'http-500', times: 'always' });
    await client.auth(keyedSale({ orderid: 'F-1' })).catch(() => undefined);
    await expect(
      resolveLostAuthorization(client, { merchid: rpctMerchant, orderid: 'F-1' }, pastTheWindow),
    ).resolves.toMatchObject({ kind: 'voided', reversal: { authcode: 'REVERS' } });
    await admin('DELETE');
    expect(await attempts()).toEqual([expect.objectContaining({ setlstat: 'Voided' })]);
  });
});
