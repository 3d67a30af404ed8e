import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearingAttempts,
  createStaffCaller,
  staffCallRetryDelay,
  type StaffCaller,
  type StaffCallMessage,
} from '../../../../src-main/lane/kiosk/staff-call';
import { ManualClock } from '../../../support/manual-clock';
import { collectingLogger, until } from '../../../support/test-core';

/**
 * The staff caller alone (staff-call.ts) against a pager on loopback, on a clock the test moves:
 * what the kiosk tests (kiosk-staff-call.test.ts) cannot reach through a lane.
 */
const pagers: Server[] = [];
const callers: StaffCaller[] = [];
afterEach(async () => {
  for (const caller of callers.splice(0)) caller.close();
  for (const server of pagers) server.closeAllConnections();
  await Promise.all(pagers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A pager that does `answer(n)` with its n-th call (from 1): a status, or `drop` the connection unanswered. */
async function startPager(answer: (n: number) => number | 'drop') {
  const calls: StaffCallMessage[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as StaffCallMessage);
      const what = answer(calls.length);
      if (what === 'drop') request.socket.destroy();
      else response.writeHead(what).end();
    });
  });
  pagers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calls` };
}

function caller(url: string, clock: ManualClock) {
  const { logger, lines } = collectingLogger();
  const staffCalls = createStaffCaller({
    setting: { url, timeoutMs: 30_000, firstRetryMs: 20_000 },
    terminalId: 'lane-1',
    clock,
    logger,
    onChange: () => undefined,
  });
  callers.push(staffCalls);
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string } & Record<string, unknown>)
      .filter((line) => line.level === 40);
  return { staffCalls, warnings };
}

describe('the staff caller', () => {
  it('a call whose connection dropped after it was sent may have arrived: it is cleared at the channel', async () => {
    const pager = await startPager((n) => (n === 1 ? 'drop' : 204));
    const clock = new ManualClock(Date.UTC(2026, 10, 28, 9));
    const { staffCalls, warnings } = caller(pager.url, clock);
    const call = staffCalls.open('help', 'A customer asked for help at the self-checkout.');
    await until(() => staffCalls.current()?.delivery === 'failed', 'the call failed');
    expect(warnings()[0]).toMatchObject({ callId: call.callId, attempt: 1, retryInMs: 20_000 });
    staffCalls.clear('help', '1001');
    await until(() => pager.calls.length === 2, 'the clearing');
    expect(pager.calls.map((message) => [message.state, message.callId])).toEqual([
      ['open', call.callId],
      ['cleared', call.callId],
    ]);
    expect(pager.calls[1]).toMatchObject({ clearedBy: '1001', clearedAt: '2026-11-28T09:00:00.000Z' });
  });

  it('a clearing the channel keeps failing is given up after its attempts, each wait on the clock', async () => {
    const pager = await startPager((n) => (n === 1 ? 204 : 503));
    const clock = new ManualClock();
    const { staffCalls, warnings } = caller(pager.url, clock);
    staffCalls.open('payment', 'The bank has not confirmed payment 42 yet.');
    await until(() => staffCalls.current()?.delivery === 'delivered', 'the call delivered');
    staffCalls.clear('payment', null);
    for (let attempt = 1; attempt < clearingAttempts; attempt++) {
      await until(() => warnings().length === attempt, `clearing attempt ${attempt}`);
      const wait = staffCallRetryDelay(attempt, 20_000); // 20 s, 40 s, then a minute: real time would not do
      expect(warnings().at(-1)).toMatchObject({ state: 'cleared', attempt, retryInMs: wait });
      clock.advance(wait);
    }
    await until(() => warnings().length === clearingAttempts, 'the last clearing attempt');
    expect(warnings().at(-1)).toMatchObject({
      state: 'cleared',
      attempt: clearingAttempts,
      problem: 'the channel answered HTTP 503',
      msg: expect.stringMatching(/no more attempts$/),
    });
    expect(pager.calls).toHaveLength(1 + clearingAttempts);
    expect(clock.pending).toBe(0);
  });
});
