import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../../src-main/stand-ins/gateway-emulator/server';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { ValidationError } from '../../../../src-main/lane/gateway/errors';
import { journaledFollowUp, refundNeedsPerson } from '../../../../src-main/lane/journal/follow-ups';
import type { Journal } from '../../../../src-main/lane/journal/journal';
import { recoverJournal, recoveredKind } from '../../../../src-main/lane/journal/journaled';
import { journaledAuthorize } from '../../../../src-main/lane/payment/authorize/journaled-authorization';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { closeJournalLane, laneMerchid, openJournalLane } from '../../../support/journal-lane';

const merchid = laneMerchid;
let emulator: RunningEmulator;
let client: GatewayClient;
let journal: Journal;

beforeEach(async () => {
  ({ emulator, client, journal } = await openJournalLane('follow-ups-'));
});
afterEach(() => closeJournalLane({ emulator, client, journal }));

const fault = (endpoint: string, kind: string) => emulatorAdmin(emulator.url).fault(endpoint, kind);
const settle = () => emulatorAdmin(emulator.url).settle();

/** An approved authorization in the journal: its order id and retref. */
async function authorized(amount: number, capture: boolean) {
  const result = await journaledAuthorize({
    journal,
    client,
    request: { merchid, amount, account: '4788250000121443', expiry: '1228', capture, receipt: true },
    card: { maskedPan: '478825******1443', entryMode: 'keyed' },
  });
  if (result.kind !== 'answered' || result.authorization.outcome !== 'approved')
    throw new Error('the test sale was not approved');
  return { orderId: result.orderId, retref: result.authorization.retref! };
}

const followUp = (
  operation: 'capture' | 'void' | 'refund',
  sale: { orderId: string; retref: string },
  amountMinor: number | undefined,
  journalAmountMinor: number,
  extra: object = {},
) =>
  journaledFollowUp(journal, client, {
    operation,
    merchid,
    orderId: sale.orderId,
    retref: sale.retref,
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    journalAmountMinor,
    maskedPan: '478825******1443',
    ...extra,
  });

describe('journaled captures, voids and refunds against the emulator over HTTP', () => {
  it('captures an authorization with a tip, filed under its order id with the tip kept', async () => {
    const sale = await authorized(2000, false);
    const result = await followUp('capture', sale, 2300, 2300, { detail: { tipMinor: 300 } });
    expect(result).toMatchObject({ kind: 'answered', answer: { setlstat: 'Queued for Capture', amount: 2300 } });
    expect(
      journal.list({ orderId: sale.orderId }).map((entry) => [entry.operation, entry.state, entry.amountMinor]),
    ).toEqual([
      ['capture', 'completed', 2300],
      ['auth', 'completed', 2000],
    ]);
    expect(journal.get(result.entryId)).toMatchObject({
      originalRetref: sale.retref,
      detail: { tipMinor: 300 },
      outcome: { setlstat: 'Queued for Capture', batchid: expect.any(String) },
    });
  });

  it('voids part of an authorization, then the rest, and refunds a settled sale in part', async () => {
    const held = await authorized(5000, false);
    expect(await followUp('void', held, 1500, 1500, { priorAmountMinor: 5000 })).toMatchObject({
      kind: 'answered',
      answer: { outcome: 'approved', amount: 3500 },
    });
    expect(await followUp('void', held, undefined, 3500, { priorAmountMinor: 3500 })).toMatchObject({
      kind: 'answered',
      answer: { outcome: 'approved', amount: 0 },
    });
    const sale = await authorized(4200, true);
    await settle();
    const refund = await followUp('refund', sale, 1200, 1200);
    expect(refund).toMatchObject({
      kind: 'answered',
      answer: { outcome: 'approved', amount: 1200, retref: expect.not.stringMatching(sale.retref) },
    });
    expect(journal.get(refund.entryId)).toMatchObject({
      operation: 'refund',
      state: 'completed',
      outcome: { respstat: 'A', retref: expect.any(String) },
    });
  });

  it('records the gateway’s refusal as an answer, and a request that cannot be sent as not sent', async () => {
    const sale = await authorized(1000, true);
    // Not settled yet, and this merchant may not refund unsettled sales.
    expect(await followUp('refund', sale, undefined, 1000)).toMatchObject({
      kind: 'answered',
      answer: { outcome: 'declined' },
    });
    await expect(followUp('void', { ...sale, retref: 'not-a-retref' }, undefined, 1000)).rejects.toThrow(
      ValidationError,
    );
    expect(journal.list({ orderId: sale.orderId }).map((entry) => entry.state)).toEqual([
      'not-sent',
      'completed',
      'completed',
    ]);
  });

  it('settles a capture whose answer was lost from the authorization’s record: applied once, never sent twice', async () => {
    const sale = await authorized(3000, false);
    await fault('capture', 'drop-after');
    const result = await followUp('capture', sale, undefined, 3000);
    expect(result).toMatchObject({ kind: 'recovered', applied: true, record: { setlstat: 'Queued for Capture' } });
    expect(journal.get(result.entryId)).toMatchObject({
      state: 'resolved',
      note: 'answer lost; the gateway shows it captured',
      outcome: { applied: true },
    });
  });

  it('tells a partial void that took effect from one that did not, when the answer was lost', async () => {
    const sale = await authorized(6000, false);
    await fault('void', 'drop-after');
    expect(await followUp('void', sale, 1000, 1000, { priorAmountMinor: 6000 })).toMatchObject({
      kind: 'recovered',
      applied: true,
      record: { amount: 5000 },
    });
    await fault('void', 'drop-before');
    const notApplied = await followUp('void', sale, 1000, 1000, { priorAmountMinor: 5000 });
    expect(notApplied).toMatchObject({ kind: 'recovered', applied: false });
    expect(journal.get(notApplied.entryId)?.note).toBe(
      'answer lost; the gateway shows it was not voided, so it can be tried again',
    );
  });

  it('leaves a refund whose answer was lost to a person, and keeps it queued', async () => {
    const sale = await authorized(2500, true);
    await settle();
    await fault('refund', 'drop-after');
    const result = await followUp('refund', sale, undefined, 2500);
    expect(result).toMatchObject({ kind: 'unknown' });
    expect(journal.unresolved()).toEqual([
      expect.objectContaining({ operation: 'refund', state: 'unknown', note: refundNeedsPerson }),
    ]);
  });

  it('settles at start the follow-ups a crash left pending', async () => {
    const captured = await authorized(1800, false);
    await client.capture({ merchid, retref: captured.retref });
    const voided = await authorized(900, false);
    // As if the process died after writing each row: the capture reached the gateway, the void never left.
    journal.begin({
      operation: 'capture',
      orderId: captured.orderId,
      amountMinor: 1800,
      originalRetref: captured.retref,
    });
    journal.begin({ operation: 'void', orderId: voided.orderId, amountMinor: 900, originalRetref: voided.retref });
    const results = await recoverJournal(journal, client, merchid);
    expect(results.map(recoveredKind)).toEqual(['applied', 'not-applied']);
    expect(journal.unresolved()).toEqual([]);
  });
});
