import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { Forwarder } from '../../../../src-main/lane/offline/forwarder';
import { offlineFinding } from '../../../../src-main/lane/offline/offline-findings';
import { systemClock } from '../../../../src-main/platform/clock';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes, laneCredentials, laneMerchid, type JournalLane } from '../../../support/journal-lane';
import { ManualClock } from '../../../support/manual-clock';
import { noWaitClock } from '../../../support/no-wait-clock';
import { approvingPan, chipSale, decliningPan, offlineOf, settableLink } from './offline-lane';

const lanes = journalLanes('forwarder-');

/** A journal stamped by the wall clock plus what the test moves: the gateway's answer window is measured on it. */
function skewedClock() {
  let skew = 0;
  const clock = new ManualClock(0);
  return {
    clock: { ...systemClock, now: () => Date.now() + skew, setTimer: clock.setTimer },
    advance: (ms: number) => {
      skew += ms;
      clock.advance(ms);
    },
  };
}

async function forwarding(lane: JournalLane, timers: ReturnType<typeof skewedClock>) {
  const offline = await offlineOf(lane);
  const link = settableLink('online');
  const forwarder = new Forwarder({
    journal: lane.journal,
    book: offline.book,
    link,
    client: lane.client,
    merchid: laneMerchid,
    clock: timers.clock,
  });
  return { ...offline, link, forwarder };
}

const card = (pan: string, brand: string) => ({
  maskedPan: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
  entryMode: 'chip',
  brand,
});

describe('forwarding stored payments against the emulator over HTTP', () => {
  it('sends three oldest first: a lost answer recovered by order id, a decline kept for a manager, each order once at the gateway', async () => {
    const timers = skewedClock();
    const lane = await lanes(timers.clock);
    const { book, forwarder, link } = await forwarding(lane, timers);
    const first = book.store(chipSale(approvingPan, 1100), card(approvingPan, 'VISA'));
    timers.advance(60_000);
    const second = book.store(chipSale(decliningPan, 2200), card(decliningPan, 'VISA'));
    timers.advance(60_000);
    const third = book.store(chipSale(approvingPan, 3300), card(approvingPan, 'VISA'));
    // The oldest goes first: its answer is dropped after the gateway processed it.
    await emulatorAdmin(lane.emulator.url).fault('auth', 'drop-after');

    const pass = await forwarder.forwardAll();

    expect(pass).toEqual({ sent: 3, stopped: null });
    const { journal } = lane;
    expect(journal.get(first.entryId)).toMatchObject({
      state: 'resolved',
      note: 'answer lost; the gateway has it approved',
      outcome: { respstat: 'A' },
    });
    expect(journal.get(second.entryId)).toMatchObject({ state: 'completed', outcome: { respstat: 'C' } });
    expect(journal.get(third.entryId)).toMatchObject({ state: 'completed', outcome: { respstat: 'A' } });
    for (const { entryId, orderId } of [first, second, third]) {
      expect(lane.emulator.context.ledger.byOrderId(orderId), orderId).toHaveLength(1);
      expect(journal.offline.sealedOf(entryId)).toBeUndefined();
    }
    expect(book.outstanding()).toEqual({ count: 0, minor: 0, oldestAt: null });
    // Only the decline waits for a manager, in words naming the amount, the card and what to do.
    const findings = journal.findings();
    expect(findings.map((finding) => finding.id)).toEqual([second.entryId]);
    const finding = offlineFinding(findings[0]!, journal.offline.get(second.entryId));
    expect(finding).toMatchObject({ outcome: 'offline-declined', orderId: second.orderId, amountMinor: 2200 });
    expect(finding.message).toMatch(
      /^Offline decline: \$22\.00 taken offline \w{3} \d+ \d\d:\d\d on VISA ending 1020 was not approved when sent \(.+\)\. Call the customer or write it off\.$/,
    );
    expect(link.told).toContain('answered');
  });

  it('puts a payment whose forward never left back to stored, one attempt more, and tells the link', async () => {
    const timers = skewedClock();
    const lane = await lanes(timers.clock);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = {
      ...lane,
      client: createGatewayClient({
        baseUrl: `http://127.0.0.1:${port}/rest`,
        credentials: laneCredentials,
        clock: noWaitClock,
      }),
    };
    const { book, forwarder, link } = await forwarding(unreachable, timers);
    const stored = book.store(chipSale(approvingPan, 1100), card(approvingPan, 'VISA'));

    const pass = await forwarder.forwardAll();

    expect(pass).toMatchObject({ sent: 0, stopped: expect.stringContaining('cannot be reached') });
    expect(lane.journal.get(stored.entryId)?.state).toBe('stored');
    expect(lane.journal.offline.get(stored.entryId)).toMatchObject({ attempts: 1, sealed: true });
    expect(link.told.some((told) => told.startsWith('never-left'))).toBe(true);
    expect(lane.emulator.context.ledger.byOrderId(stored.orderId)).toEqual([]);
    forwarder.close();
  });

  it('waits while a sale is in progress, and tries again on the clock', async () => {
    const timers = skewedClock();
    const lane = await lanes(timers.clock);
    const offline = await offlineOf(lane);
    let selling = true;
    const forwarder = new Forwarder({
      journal: lane.journal,
      book: offline.book,
      link: settableLink('online'),
      client: lane.client,
      merchid: laneMerchid,
      clock: timers.clock,
      saleInProgress: () => selling,
      retryMs: 5000,
    });
    const stored = offline.book.store(chipSale(approvingPan, 900), card(approvingPan, 'VISA'));
    expect(await forwarder.forwardAll()).toMatchObject({
      sent: 0,
      stopped: expect.stringContaining('a sale is in progress'),
    });
    selling = false;
    timers.advance(5000);
    // The timer started a pass in the background; forwardAll hands back that same pass.
    expect(forwarder.forwarding).toBe(true);
    expect(await forwarder.forwardAll()).toEqual({ sent: 1, stopped: null });
    expect(lane.journal.get(stored.entryId)?.state).toBe('completed');
    forwarder.close();
  });
});
