import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearingAttempts,
  longestRetryMs,
  staffCallRetries,
  staffCallRetryDelay,
  type StaffCallMessage,
} from '../../../../src-main/lane/kiosk/staff-call';
import { scanText } from '../../../../src-main/lane/security/card-data-scan';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/test-core';
import { emulatorForEachTest } from '../terminal/support';
import { kioskLane, unconfirmedPayment } from './support';

const { emulator, cores, admin } = emulatorForEachTest();
const pagers: Server[] = [];
afterEach(async () => {
  for (const server of pagers) server.closeAllConnections(); // the silent pager's request is still open
  await Promise.all(pagers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A store's pager on loopback: it keeps every call POSTed to it and answers `status`, or, for
 * the first `silentFor` calls, never answers at all.
 */
async function startPager(port = 0, status = 204, silentFor = 0) {
  const calls: Array<{ method: string; path: string; contentType: string; body: StaffCallMessage }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as StaffCallMessage,
      });
      if (calls.length > silentFor) response.writeHead(status).end();
    });
  });
  pagers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return { calls, port: bound, url: `http://127.0.0.1:${bound}/kiosk-calls` };
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A kiosk lane calling staff as `staffCall` (kiosk.staffCall) says (without it, no channel), on
 * a clock the test moves: each attempt's timeout and the waits between attempts pass only when
 * the test says so.
 */
const lane = (staffCall?: { url: string; timeoutMs?: number; firstRetryMs: number }) => {
  const clock = new ManualClock(Date.now());
  return { ...kioskLane(emulator(), cores, undefined, staffCall ? { kiosk: { staffCall } } : {}, clock), clock };
};

/** The log's lines at warn, parsed. */
const warnings = (lines: readonly string[]) =>
  lines
    .map((line) => JSON.parse(line) as { level: number; msg: string } & Record<string, unknown>)
    .filter((line) => line.level === 40);

describe('the kiosk calls staff', () => {
  it('an unconfirmed payment calls staff over the store\u2019s channel, and staff settling it clears the call', async () => {
    const pager = await startPager();
    const kioskLane = lane({ url: pager.url, firstRetryMs: 50 });
    const { core, lines } = kioskLane;
    const unknown = await unconfirmedPayment(kioskLane, admin());
    await until(() => core.kiosk.state().staffCall?.delivery === 'delivered', 'the call delivered', 10_000);

    expect(pager.calls).toHaveLength(1);
    const [call] = pager.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/kiosk-calls', contentType: 'application/json' });
    expect(call!.body).toEqual({
      type: 'lanepoint.kiosk.staffCall',
      callId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      terminalId: core.settings.terminalId,
      state: 'open',
      kind: 'payment',
      reason: expect.stringContaining(`payment ${unknown.orderId} yet, so it may have been charged`),
      since: new Date(core.kiosk.state().staffCall!.since).toISOString(),
    });
    // No card data (the hygiene scan's own rules) and no amount: the order id is what staff look up.
    expect(scanText(JSON.stringify(call!.body))).toEqual([]);
    expect(call!.body.reason).not.toMatch(/\$|1\.35/);
    expect(core.kiosk.state().staffCall).toMatchObject({ kind: 'payment', callId: call!.body.callId });

    await admin().clearFaults();
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    // Signing in answers a customer's call for help, not this one: it is cleared once settled.
    expect(core.kiosk.state().staffCall).toMatchObject({ kind: 'payment' });
    // Staff asking to clear learn the bank approved it (kiosk-safety.test.ts): the hold and its call end there.
    const settled = await core.dispatch('kiosk.abandon', { reason: 'staff' });
    expect(settled).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^The bank approved payment/) },
    });
    expect(core.kiosk.state()).toMatchObject({ staffNeeded: null, staffCall: null });
    await until(() => pager.calls.length === 2, 'the clearing', 10_000);
    expect(pager.calls[1]!.body).toEqual({
      ...call!.body,
      state: 'cleared',
      clearedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      clearedBy: '1001',
    });
    expect(warnings(lines).filter((line) => /staff call/.test(line.msg))).toEqual([]);
  });

  it('with the channel down the screen asks the customer to find staff; once it is up the call gets through', async () => {
    const port = await freePort();
    const { core, kiosk, lines, states, clock } = lane({ url: `http://127.0.0.1:${port}/page`, firstRetryMs: 30_000 });
    const calling = await kiosk('kiosk.callStaff');
    expect(calling.staffCall).toMatchObject({ kind: 'help', delivery: 'calling' });
    await until(() => core.kiosk.state().staffCall?.delivery === 'failed', 'the call failed', 10_000);
    expect(states.at(-1)?.staffCall).toMatchObject({ delivery: 'failed' });
    const retry = warnings(lines).find((line) => /trying again/.test(line.msg));
    expect(retry).toMatchObject({ callId: calling.staffCall!.callId, kind: 'help', attempt: 1, retryInMs: 30_000 });
    expect(retry!.problem).toMatch(/not reached \(ECONNREFUSED\)/);
    // Pressed again while the call is open: the same call, not a second one.
    expect((await kiosk('kiosk.callStaff')).staffCall?.callId).toBe(calling.staffCall!.callId);

    const pager = await startPager(port);
    clock.advance(30_000); // the wait before the next attempt passes on the clock, not in real time
    await until(() => core.kiosk.state().staffCall?.delivery === 'delivered', 'the call delivered', 10_000);
    expect(states.at(-1)?.staffCall).toMatchObject({ delivery: 'delivered' });
    expect(pager.calls.map((call) => [call.body.state, call.body.kind, call.body.callId])).toEqual([
      ['open', 'help', calling.staffCall!.callId],
    ]);
    expect(pager.calls[0]!.body.reason).toBe('A customer asked for help at the self-checkout.');

    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(core.kiosk.state().staffCall).toBeNull();
    await until(() => pager.calls.length === 2, 'the clearing', 10_000);
    expect(pager.calls[1]!.body).toMatchObject({
      state: 'cleared',
      clearedBy: '1001',
      callId: calling.staffCall!.callId,
    });
  });

  it('a call whose attempt timed out may have arrived: it is cleared at the channel all the same', async () => {
    const pager = await startPager(0, 204, 1);
    const { core, kiosk, lines, clock } = lane({ url: pager.url, timeoutMs: 30_000, firstRetryMs: 60_000 });
    const { staffCall } = await kiosk('kiosk.callStaff');
    await until(() => pager.calls.length === 1, 'the call at the pager', 10_000);
    expect(core.kiosk.state().staffCall?.delivery).toBe('calling');
    clock.advance(30_000); // the attempt's timeout, on the clock
    await until(() => core.kiosk.state().staffCall?.delivery === 'failed', 'the call failed', 10_000);
    expect(warnings(lines).find((line) => /trying again/.test(line.msg))).toMatchObject({
      problem: 'no answer within 30000 ms',
      retryInMs: 60_000,
    });
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    await until(() => pager.calls.length === 2, 'the clearing', 10_000);
    expect(pager.calls.map((call) => [call.body.state, call.body.callId])).toEqual([
      ['open', staffCall!.callId],
      ['cleared', staffCall!.callId],
    ]);
  });

  it('a channel refusing the call (404) is not tried again; the screen asks the customer to find staff', async () => {
    const pager = await startPager(0, 404);
    const { core, kiosk, lines } = lane({ url: pager.url, firstRetryMs: 10 });
    await kiosk('kiosk.callStaff');
    await until(() => core.kiosk.state().staffCall?.delivery === 'failed', 'the call failed', 10_000);
    await until(() => warnings(lines).some((line) => /no more attempts/.test(line.msg)), 'the last attempt', 10_000);
    expect(warnings(lines).find((line) => /no more attempts/.test(line.msg))).toMatchObject({
      attempt: 1,
      problem: 'the channel answered HTTP 404',
    });
    expect(pager.calls).toHaveLength(1);
  });

  it('without a channel the call is said to be unconfigured, logged, and nothing is sent', async () => {
    const { core, kiosk, lines } = lane();
    expect(core.settings.kiosk.staffCall.url).toBeNull();
    expect((await kiosk('kiosk.callStaff')).staffCall).toMatchObject({ kind: 'help', delivery: 'unconfigured' });
    expect(warnings(lines).filter((line) => /no call channel is set/.test(line.msg))).toHaveLength(1);
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(core.kiosk.state().staffCall).toBeNull();
  });

  it('waits twice as long after each failure, at most a minute, and retries only what may pass next time', () => {
    expect([1, 2, 3, 4, 10, 30].map((attempt) => staffCallRetryDelay(attempt, 2000))).toEqual([
      2000,
      4000,
      8000,
      16_000,
      longestRetryMs,
      longestRetryMs,
    ]);
    expect(
      [undefined, 500, 503, 408, 429, 400, 401, 404, 410].map((status) => [status, staffCallRetries({ status })]),
    ).toEqual([
      [undefined, true],
      [500, true],
      [503, true],
      [408, true],
      [429, true],
      [400, false],
      [401, false],
      [404, false],
      [410, false],
    ]);
    expect(clearingAttempts).toBeGreaterThan(1);
  });
});
