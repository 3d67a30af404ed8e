import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../../src-main/lane/gateway/client';
import { GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import {
  createGatewayLink,
  probeEveryMs,
  type GatewayLink,
  type ProbeResult,
} from '../../../../src-main/lane/offline/gateway-link';
import { createGatewayProbe } from '../../../../src-main/lane/offline/gateway-probe';
import { startEmulator, type RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { keyedSale } from '../../../support/gateway-emulator';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';

/**
 * The link against the real emulator over real HTTP: real refused connections, a real slow
 * answer, a real connection reset after the request was sent. Time is the test's clock; only
 * the sockets run in real time.
 */
let clock: ManualClock;
let emulator: RunningEmulator;
let link: GatewayLink;
let client: GatewayClient;
let probesAsked: number;
const inFlight = new Set<Promise<ProbeResult>>();

beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  emulator = await startEmulator({ realism: false, rateLimit: false, clock });
  const realProbe = createGatewayProbe({ baseUrl: emulator.url, clock });
  probesAsked = 0;
  const probe = () => {
    probesAsked += 1;
    const asked = realProbe();
    inFlight.add(asked);
    void asked.finally(() => inFlight.delete(asked));
    return asked;
  };
  link = createGatewayLink({ probe, clock });
  const credentials = { level: 'site', username: 'testing', password: 'testing123' } as const;
  client = createGatewayClient({ baseUrl: emulator.url, credentials, clock, link });
});

afterEach(async () => {
  link.close();
  await emulator.close();
});

/** Waits for the probes under way (real HTTP) and the link's reading of them. */
async function probesDone(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
}

/** Moves the clock in 100 ms steps until `check` holds; returns how far it moved. */
async function advanceUntil(check: () => boolean, limitMs: number): Promise<number> {
  for (let moved = 0; moved <= limitMs; moved += 100) {
    await probesDone();
    if (check()) return moved;
    clock.advance(100);
  }
  throw new Error(`still not true after ${limitMs} ms on the clock: ${check.toString()}`);
}

describe('the gateway link against the emulator', () => {
  it('goes offline within 2 s of the emulator going down (refused), and back within 10 s of its return', async () => {
    emulator.network.down();
    const downAt = clock.monotonic();
    const sale = client.auth(keyedSale({ orderid: 'LINK-1' })).catch((error: unknown) => error);
    await until(() => link.state() === 'offline', 'the link goes offline');
    expect(clock.monotonic() - downAt).toBeLessThan(2_000);
    // The sale's own retries (never left, so safe) fail too, on real refused sockets; the link stays offline.
    let settled = false;
    void sale.finally(() => (settled = true));
    for (let moved = 0; !settled; moved += 100) {
      if (moved > 10_000) throw new Error('the sale never ended');
      clock.advance(100);
      // Real refused sockets answer within a turn or two of the loop; then the sale waits on the clock again.
      await new Promise((resolve) => setTimeout(resolve, 2));
      await probesDone();
    }
    const failed = await sale;
    expect(failed).toBeInstanceOf(GatewayTransportError);
    expect((failed as GatewayTransportError).requestSent).toBe(false);
    expect(link.state()).toBe('offline');

    await emulator.network.restore();
    const took = await advanceUntil(() => link.state() === 'online', 10_000);
    // The target is 10 s; the probe every 2 s makes it at most one probe's wait.
    expect(took).toBeLessThanOrEqual(probeEveryMs);
  });

  it('a slow answer never flips it: one past the timeout (outcome unknown) nor one within it', async () => {
    await emulatorAdmin(emulator.url).fault('auth', 'delay-after', 'once', 45_000);
    const timedOut = client.auth(keyedSale({ orderid: 'LINK-SLOW' })).catch((error: unknown) => error);
    await until(() => clock.pending >= 2, 'the sale is under way');
    clock.advance(40_000);
    const error = await timedOut;
    expect(error).toMatchObject({ requestSent: true, timedOut: true });
    clock.advance(5_000);
    expect(link.state()).toBe('online');
    expect(probesAsked).toBe(0);

    await emulatorAdmin(emulator.url).fault('auth', 'delay', 'once', 30_000);
    const slow = client.auth(keyedSale({ orderid: 'LINK-SLOW-2' }));
    await until(() => clock.pending >= 2, 'the sale is under way');
    clock.advance(30_000);
    expect((await slow).respstat).toBe('A');
    expect(link.state()).toBe('online');
    expect(probesAsked).toBe(0);
  });

  it('any answer is an answer: a 500, a 401 and a decline each bring an offline link back', async () => {
    const wrong = createGatewayClient({
      baseUrl: emulator.url,
      credentials: { level: 'site', username: 'testing', password: 'wrong' },
      clock,
      link,
    });
    const calls: Array<() => Promise<unknown>> = [
      async () => {
        await emulatorAdmin(emulator.url).fault('auth', 'http-500');
        return client.auth(keyedSale({ orderid: 'LINK-500' }));
      },
      () => wrong.auth(keyedSale({ orderid: 'LINK-401' })),
      () => client.auth(keyedSale({ orderid: 'LINK-DECLINE', account: '4387751111111038' })),
    ];
    for (const call of calls) {
      link.noteNeverLeft('a');
      link.noteNeverLeft('b');
      expect(link.state()).toBe('offline');
      await call().catch((error: unknown) => error);
      expect(link.state()).toBe('online');
    }
  });

  it('a lost answer (the request left, the connection reset after) never flips it', async () => {
    await emulatorAdmin(emulator.url).fault('auth', 'drop-after');
    const error = await client.auth(keyedSale({ orderid: 'LINK-LOST' })).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ requestSent: true });
    expect(link.state()).toBe('online');
    expect(probesAsked).toBe(0);
    // It did arrive: the gateway has the authorization the lane must now recover by order id.
    const records = await client.inquireByOrderid({ merchid: '496160873888', orderid: 'LINK-LOST' });
    expect(records).toHaveLength(1);
    // And it does not count toward the two never-left failures in a row: one refusal is probed.
    await emulatorAdmin(emulator.url).fault('auth', 'drop-before');
    await client.auth(keyedSale({ orderid: 'LINK-LOST-2' })).catch((failure: unknown) => failure);
    expect(link.state()).toBe('online');
  });
});
