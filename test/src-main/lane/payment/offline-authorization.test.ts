import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { GatewayTransportError } from '../../../../src-main/lane/gateway/errors';
import type { ReceiptDocument } from '../../../../src-main/lane/receipt/model';
import { authorizeAndPrint } from '../../../../src-main/lane/terminal/sale';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes, laneCredentials, laneMerchid, type JournalLane } from '../../../support/journal-lane';
import { noWaitClock } from '../../../support/no-wait-clock';
import { approvingPan, offlineOf, settableLink, trackOf } from '../offline/offline-lane';

const lanes = journalLanes('offline-authorization-');

async function closedPortClient() {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return createGatewayClient({
    baseUrl: `http://127.0.0.1:${port}/rest`,
    credentials: laneCredentials,
    clock: noWaitClock,
  });
}

async function saleLane(lane: JournalLane, link: ReturnType<typeof settableLink>, client = lane.client) {
  const offline = await offlineOf(lane);
  return {
    offline,
    deps: {
      journal: lane.journal,
      client,
      merchid: laneMerchid,
      terminalId: 'LANE-01',
      training: true,
      now: () => lane.journal.clock.now(),
      holdReceipts: true,
      offline: { link, book: offline.book, policy: offline.policy },
    },
  };
}

const chipPayment = (amountMinor: number) => ({
  amountMinor,
  tender: 'sale' as const,
  fields: { track: trackOf(approvingPan) },
  card: { maskedPan: '478825******1443', entryMode: 'chip' },
  cardFacts: { lastFour: '1443', brand: 'VISA', entryMethod: 'Chip Read' },
  signatureRequired: false,
});

const text = (receipt: ReceiptDocument) =>
  receipt.lines
    .map((line) => ('text' in line ? line.text : 'left' in line ? `${line.left} ${line.right}` : ''))
    .join(' ');

describe('the authorize step with offline taking', () => {
  it('stores a sale without sending it while the link is offline; its slip says OFFLINE, never APPROVED', async () => {
    const lane = await lanes();
    const { deps } = await saleLane(lane, settableLink('offline'));
    const result = await authorizeAndPrint(deps, chipPayment(1234));
    expect(result.outcome).toEqual({
      kind: 'stored',
      orderId: expect.any(String),
      reason: 'Stored offline: $12.34 will be sent to the gateway when it is back.',
    });
    expect(lane.journal.list({ orderId: result.outcome.orderId })).toMatchObject([
      { state: 'stored', amountMinor: 1234 },
    ]);
    expect(lane.emulator.context.ledger.byOrderId(result.outcome.orderId)).toEqual([]);
    expect(result.receipts).toHaveLength(2);
    for (const receipt of result.receipts) {
      expect(receipt.kind).toBe('offline');
      expect(text(receipt)).toContain('OFFLINE');
      expect(text(receipt)).toContain('This payment will be sent when the network is back');
      expect(text(receipt)).not.toContain('APPROVED');
    }
  });

  it('stores the pending row under the same order id when the request provably never left, and tells the link', async () => {
    const lane = await lanes();
    const link = settableLink('online');
    const { deps } = await saleLane(lane, link, await closedPortClient());
    const result = await authorizeAndPrint(deps, chipPayment(2000));
    expect(result.outcome.kind).toBe('stored');
    const rows = lane.journal.list();
    expect(rows).toMatchObject([
      { state: 'stored', orderId: result.outcome.orderId, note: expect.stringContaining('never left') },
    ]);
    expect(lane.journal.offline.get(rows[0]!.id)).toMatchObject({ sealed: true, attempts: 0, lastFour: '1443' });
    expect(link.told.some((told) => told.startsWith('never-left'))).toBe(true);
  });

  it('never stores a request that left and lost its answer: it is recovered by order id as today', async () => {
    const lane = await lanes();
    const { deps } = await saleLane(lane, settableLink('online'));
    await emulatorAdmin(lane.emulator.url).fault('auth', 'drop-after');
    const result = await authorizeAndPrint(deps, chipPayment(1500));
    expect(result.outcome.kind).toBe('approved');
    const [row] = lane.journal.list();
    expect(row).toMatchObject({ state: 'resolved', note: 'answer lost; the gateway has it approved' });
    expect(lane.journal.offline.isOffline(row!.id)).toBe(false);
  });

  it('refuses offline above the ceiling: not sent, today\u2019s error with the policy\u2019s words', async () => {
    const lane = await lanes();
    const { deps } = await saleLane(lane, settableLink('offline'), await closedPortClient());
    const failure = authorizeAndPrint(deps, chipPayment(6200));
    await expect(failure).rejects.toThrow(GatewayTransportError);
    await expect(failure).rejects.toThrow(
      'Offline: $62.00 is over the $50.00 a payment may be while offline. Take cash or another tender.',
    );
    expect(lane.journal.list().map((row) => row.state)).toEqual(['not-sent']);
  });
});
