import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { createOutboundSender } from '../../../../src-main/platform/http/outbound';
import { createLogger } from '../../../../src-main/platform/log/logger';
import {
  finalPostMs,
  heartbeatMs,
  pollMs,
  startHubSender,
  type HubSender,
} from '../../../../src-main/lane/hub/hub-sender';
import type { HubStatusView } from '../../../../src-main/lane/ipc/contract';
import { ManualClock } from '../../../support/manual-clock';
import { until } from '../../../support/until';
import { FakeHub } from './fake-hub';

const secret = 'A'.repeat(43);
const logger = createLogger({ level: 'silent' });
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: { hubSecret?: string } = {}) {
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 14, 2, 0));
  const journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'hub-sender-')), 'journal.sqlite'), {
    clock,
    terminalId: 'LANE-01',
  });
  cleanups.push(() => journal.close());
  const hub = new FakeHub('lane-3f9k2c', options.hubSecret ?? secret);
  await hub.start();
  cleanups.push(() => hub.stop());
  const statuses: HubStatusView[] = [];
  let connected = 0;
  const start = () => {
    const sender = startHubSender({
      outbox: journal.hub,
      journalId: journal.identity,
      address: { url: hub.url, laneId: 'lane-3f9k2c', key: `lpk_lane-3f9k2c_${secret}` },
      clock,
      sender: createOutboundSender({ clock }),
      logger,
      onStatus: (status) => statuses.push(status),
      onConnected: () => connected++,
    });
    cleanups.push(() => sender.stop());
    return sender;
  };
  /** A card sale as the lane writes it: its row, then its answer (two payment events). */
  const sale = (amountMinor: number) => {
    const id = journal.begin({
      operation: 'auth',
      orderId: `LANE01-${amountMinor}`,
      amountMinor,
      maskedPan: '478825******1443',
    });
    journal.complete(id, { respstat: 'A', retref: `3430051${String(id).padStart(5, '0')}`, amountMinor });
  };
  return { clock, journal, hub, statuses, start, sale, connected: () => connected };
}

const seqs = (hub: FakeHub) => hub.events.map((event) => event.seq);
const stateOf = (sender: HubSender) => sender.status().state;

describe('the hub sender', () => {
  it('delivers the outbox in order, deletes what the hub acknowledged, and says it is connected', async () => {
    const { hub, journal, start, sale, connected } = await setUp();
    sale(100);
    sale(200);
    const sender = start();
    await until(() => stateOf(sender) === 'connected');
    expect(seqs(hub)).toEqual([1, 2, 3, 4]);
    expect(hub.events[1]).toMatchObject({
      kind: 'payment',
      body: { state: 'completed', amountMinor: 100, outcome: { respstat: 'A' } },
    });
    expect(journal.hub.pending()).toBe(0);
    expect(sender.status()).toMatchObject({ behind: 0, reason: null });
    expect(connected()).toBe(1);
  });

  it('keeps the rows while the hub is down, says since when, backs off on the clock, and delivers each once when it is back', async () => {
    const { clock, hub, journal, start, sale } = await setUp();
    const sender = start();
    await until(() => stateOf(sender) === 'connected' && hub.posts.length === 1); // the first heartbeat
    await hub.stop();
    sale(300);
    clock.advance(pollMs);
    await until(() => stateOf(sender) === 'unreachable');
    const downAt = clock.now();
    expect(sender.status()).toMatchObject({ behind: 2, since: downAt });
    expect(journal.hub.pending()).toBe(2);
    // 1 s, then 2 s: still down, still since the first failure.
    clock.advance(1000);
    await until(() => (sender.status().reason ?? '').length > 0 && clock.pending > 0);
    sale(400);
    await hub.start(); // the same port
    hub.failures.push('5xx', 'lost-after-storing');
    clock.advance(2000); // 503: unreachable still
    await until(() => (sender.status().reason ?? '').includes('HTTP 503'));
    expect(sender.status().since).toBe(downAt);
    clock.advance(4000); // stored, but the answer was lost: the lane sends the batch again
    await until(() => hub.events.length === 4 && (sender.status().reason ?? '').includes('HTTP 500'));
    clock.advance(8000);
    await until(() => stateOf(sender) === 'connected');
    expect(seqs(hub)).toEqual([1, 2, 3, 4]);
    expect(journal.hub.pending()).toBe(0);
  });

  it('sends a heartbeat every 30 s while idle, and new rows within the short poll', async () => {
    const { clock, hub, start, sale } = await setUp();
    const sender = start();
    await until(() => hub.posts.length === 1 && stateOf(sender) === 'connected');
    clock.advance(heartbeatMs - pollMs);
    await until(() => clock.pending > 0);
    expect(hub.posts).toEqual([0]);
    clock.advance(pollMs);
    await until(() => hub.posts.length === 2);
    expect(hub.posts).toEqual([0, 0]);
    await until(() => clock.pending > 0);
    sale(500);
    clock.advance(pollMs);
    await until(() => hub.posts.length === 3);
    expect(hub.posts).toEqual([0, 0, 2]);
  });

  it('resends from the acknowledged seq after a gap', async () => {
    const { hub, start, sale } = await setUp();
    sale(100);
    hub.failures.push('gap-once');
    const sender = start();
    await until(() => stateOf(sender) === 'connected');
    expect(hub.posts).toEqual([2, 2]);
    expect(seqs(hub)).toEqual([1, 2]);
  });

  it('stops at once while the hub does not answer: a stop never waits out the request', async () => {
    const { hub, start } = await setUp();
    hub.failures.push('hang');
    const sender = start();
    await until(() => hub.posts.length === 1);
    await sender.stop();
    expect(stateOf(sender)).not.toBe('connected');
  });

  it('counts an event the lane added since the last post: connected, 0 behind is never said over a row not yet sent', async () => {
    const { hub, journal, start, sale } = await setUp();
    const sender = start();
    await until(() => stateOf(sender) === 'connected' && hub.posts.length === 1);
    sale(700); // the sender is in its short poll: nothing posted yet
    expect(hub.posts).toEqual([0]);
    expect(sender.status()).toMatchObject({ state: 'behind', behind: 2 });
    expect(journal.hub.pending()).toBe(2);
  });

  it('hands the hub what is left on a planned stop while the link is up, so the lane does not come back behind', async () => {
    const { hub, journal, start, sale } = await setUp();
    const sender = start();
    await until(() => stateOf(sender) === 'connected' && hub.posts.length === 1);
    sale(800); // written, then the lane is stopped before the next poll
    await sender.stop();
    expect(seqs(hub)).toEqual([1, 2]);
    expect(journal.hub.pending()).toBe(0);
    expect(sender.status()).toMatchObject({ state: 'connected', behind: 0 });
  });

  it('gives that last post 2 s on the clock: a hub that stops answering then keeps the rows for the next start', async () => {
    const { clock, hub, journal, start, sale } = await setUp();
    const sender = start();
    await until(() => stateOf(sender) === 'connected' && hub.posts.length === 1);
    hub.failures.push('hang');
    sale(900);
    let stoppedYet = false;
    const stopping = sender.stop().then(() => (stoppedYet = true));
    await until(() => hub.posts.length === 2);
    clock.advance(finalPostMs - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stoppedYet).toBe(false);
    clock.advance(1);
    await stopping;
    expect(journal.hub.pending()).toBe(2);
    expect(hub.events).toEqual([]);
  });

  it('stops when the hub refuses the key, and says so', async () => {
    const { clock, hub, start, sale } = await setUp({ hubSecret: 'B'.repeat(43) });
    sale(100);
    const sender = start();
    await until(() => stateOf(sender) === 'refused');
    expect(sender.status()).toMatchObject({ reason: "the hub refused this lane's key", behind: 2 });
    clock.advance(5 * 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.events).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('stops when the hub holds another journal for this lane', async () => {
    const { hub, start, sale } = await setUp();
    hub.journalId = 'another';
    sale(100);
    const sender = start();
    await until(() => stateOf(sender) === 'refused');
    expect(sender.status().reason).toMatch(/journal replaced/);
  });

  it('stops and says why when the hub lost events the lane had already deleted', async () => {
    const { clock, hub, start, sale } = await setUp();
    sale(100);
    const sender = start();
    await until(() => stateOf(sender) === 'connected');
    hub.lastSeq = 0; // the hub was restored from an old backup
    hub.events.length = 0;
    sale(200);
    clock.advance(pollMs);
    await until(() => stateOf(sender) === 'refused');
    expect(sender.status().reason).toBe(
      'the hub holds events up to 0 but this lane has them only from 3: they were acknowledged before',
    );
    expect(hub.events).toEqual([]);
  });
});
