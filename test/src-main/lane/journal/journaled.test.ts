import { noWaitClock } from '../../../support/no-wait-clock';
import { systemClock } from '../../../../src-main/platform/clock';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import { createGatewayClient, type GatewayClient } from '../../../../src-main/lane/gateway/client';
import { NotFoundYetError, GatewayTransportError, ValidationError } from '../../../../src-main/lane/gateway/errors';
import { answerWindowMs } from '../../../../src-main/lane/gateway/recovery';
import { Journal, JournalError } from '../../../../src-main/lane/journal/journal';
import { recoverJournal, recoveredKind } from '../../../../src-main/lane/journal/journaled';
import { journaledAuthorize } from '../../../../src-main/lane/payment/authorize/journaled-authorization';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { closeJournalLane, laneCredentials, laneMerchid, openJournalLane } from '../../../support/journal-lane';

const merchid = laneMerchid;
const credentials = laneCredentials;
let emulator: RunningEmulator;
let client: GatewayClient;
let journal: Journal;
/** How far the journal's clock runs ahead of the wall clock: a test moves it past the gateway's answer window. */
let skew = 0;

beforeEach(async () => {
  skew = 0;
  ({ emulator, client, journal } = await openJournalLane('journaled-', {
    ...systemClock,
    now: () => Date.now() + skew,
  }));
});
afterEach(() => closeJournalLane({ emulator, client, journal }));

const fault = (kind: string) => emulatorAdmin(emulator.url).fault('auth', kind);
const card = { maskedPan: '478825******1443', entryMode: 'keyed' };
const sale = (orderid: string, amount = 1234) => ({
  merchid,
  amount,
  account: '4788250000121443',
  expiry: '1228',
  orderid,
  capture: true,
  receipt: true,
});

describe('journaled authorizations against the emulator over HTTP', () => {
  it('completes the row with the answer', async () => {
    const orderid = journal.nextOrderId();
    const result = await journaledAuthorize({ journal, client, request: sale(orderid), card });
    expect(result).toMatchObject({ kind: 'answered', authorization: { outcome: 'approved' } });
    expect(journal.get(result.entryId)).toMatchObject({
      state: 'completed',
      orderId: orderid,
      maskedPan: '478825******1443',
      outcome: { respstat: 'A', authcode: expect.any(String), receipt: { dba: 'Lanepoint Training Store' } },
    });
  });

  it('marks a request that never left as not sent: a broken field, or a gateway that cannot be reached', async () => {
    await expect(
      journaledAuthorize({ journal, client, request: { ...sale(journal.nextOrderId()), expiry: '13/28' }, card }),
    ).rejects.toThrow(ValidationError);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}/rest`,
      credentials,
      clock: noWaitClock,
    });
    await expect(
      journaledAuthorize({ journal, client: offline, request: sale(journal.nextOrderId()), card }),
    ).rejects.toThrow(GatewayTransportError);
    expect(journal.list().map((entry) => entry.state)).toEqual(['not-sent', 'not-sent']);
    expect(journal.unresolved()).toEqual([]);
  });

  it('recovers a lost answer at once: the approval the gateway recorded is found, never charged twice', async () => {
    await fault('drop-after');
    const orderid = journal.nextOrderId();
    const result = await journaledAuthorize({ journal, client, request: sale(orderid), card });
    expect(result).toMatchObject({ kind: 'recovered', outcome: { kind: 'found', approved: true } });
    expect(journal.get(result.entryId)).toMatchObject({
      state: 'resolved',
      note: 'answer lost; the gateway has it approved',
      outcome: { respstat: 'A' },
    });
    const attempts = await client.inquireByOrderid({ merchid, orderid });
    expect(attempts).toHaveLength(1);
  });

  it('knows a request dropped before processing was never charged, once the answer window has passed', async () => {
    await fault('drop-before');
    // The connection drops only after the gateway's answer window: its "not found" is final.
    const result = await journaledAuthorize({
      journal,
      client,
      request: sale(journal.nextOrderId()),
      card,
      onStage: (stage) => {
        if (stage === 'journaled') skew += answerWindowMs;
      },
    });
    expect(result).toMatchObject({ kind: 'recovered', outcome: { kind: 'not-processed' } });
    expect(journal.get(result.entryId)?.note).toBe('answer lost; the gateway never processed it');
  });

  it('a "not found" inside the answer window is no answer: unknown, nothing voided or retried, settled after the window', async () => {
    await fault('drop-before');
    const orderid = journal.nextOrderId();
    const result = await journaledAuthorize({ journal, client, request: sale(orderid), card });
    expect(result).toMatchObject({ kind: 'unknown', orderId: orderid });
    expect((result as { error: unknown }).error).toBeInstanceOf(NotFoundYetError);
    expect(journal.get(result.entryId)).toMatchObject({
      state: 'unknown',
      note: expect.stringContaining('the gateway had no record of it yet and may still be processing it'),
    });
    // Nothing was voided or sent again: the gateway still holds no record of the order.
    await expect(client.inquireByOrderid({ merchid, orderid })).resolves.toEqual([
      expect.objectContaining({ respcode: '29' }),
    ]);
    expect(emulator.context.ledger.all().filter((transaction) => transaction.orderid === orderid)).toEqual([]);
    // Asked again still inside the window: still open.
    expect((await recoverJournal(journal, client, merchid)).map(recoveredKind)).toEqual(['unresolved']);
    expect(journal.unresolved()).toHaveLength(1);
    skew += answerWindowMs;
    expect((await recoverJournal(journal, client, merchid)).map(recoveredKind)).toEqual(['not-processed']);
    expect(journal.get(result.entryId)).toMatchObject({
      state: 'resolved',
      note: 'answer lost; the gateway never processed it',
    });
  });

  it('resolves at start the rows a crash left pending', async () => {
    const sent = journal.nextOrderId();
    await client.auth(sale(sent));
    // As if the process died after writing the rows: one whose request arrived, one whose never left.
    journal.begin({ operation: 'auth', orderId: sent, amountMinor: 1234, ...card });
    journal.begin({ operation: 'auth', orderId: journal.nextOrderId(), amountMinor: 500, ...card });
    // The restart comes after the gateway's answer window: the one never sent is known not processed.
    skew += answerWindowMs;
    const results = await recoverJournal(journal, client, merchid);
    expect(results.map(recoveredKind)).toEqual(['found', 'not-processed']);
    expect(journal.unresolved()).toEqual([]);
  });

  it('sends nothing when the journal cannot be written', async () => {
    journal.close();
    const orderid = 'LANE01-261122-09999';
    await expect(journaledAuthorize({ journal, client, request: sale(orderid), card })).rejects.toThrow(JournalError);
    journal = Journal.open(join(mkdtempSync(join(tmpdir(), 'journaled-')), 'journal.sqlite'), {
      clock: { now: () => Date.now() },
      terminalId: 'LANE-01',
    });
    await expect(client.inquireByOrderid({ merchid, orderid })).resolves.toEqual([
      expect.objectContaining({ respcode: '29' }),
    ]);
  });
});
