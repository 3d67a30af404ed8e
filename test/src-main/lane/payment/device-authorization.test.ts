import { systemClock } from '../../../../src-main/platform/clock';
import { describe, expect, it } from 'vitest';
import { EmulatedPaeDevice, type PaeTestCard } from '../../../../src-main/stand-ins/devices/pae-device';
import { UnattendedPaymentDevice, type LcdPrompt } from '../../../../drivers/unattended/unattended-device';
import { ManualClock } from '../../../support/manual-clock';
import { journaledDeviceAuthorize } from '../../../../src-main/lane/payment/authorize/device-authorization';
import { serialLinks } from '../../../support/driver-serial-links';
import { journalLanes, laneCredentials, laneMerchid } from '../../../support/journal-lane';
import { until } from '../../../support/until';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { collectingLogger } from '../../../support/test-core';
import { createRecovery } from '../../../../src-main/lane/terminal/recovery';
import type { DptAnswer } from '../../../../drivers/unattended/dpt';
import { JournalError, type Journal } from '../../../../src-main/lane/journal/journal';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';

/** The journaled device payment's fields besides the device, on a lane's journal and gateway client. */
const deviceRequest = (lane: { journal: Journal; client: GatewayClient }) => ({
  journal: lane.journal,
  client: lane.client,
  merchid: laneMerchid,
  amountMinor: 1234,
  credit: false,
  capture: true,
  user: 'Kiosk',
});

const visa: PaeTestCard = { account: '4788250000121443', expiry: '1228' };
const doNotHonor: PaeTestCard = { account: '4387751111111038', expiry: '1228' };

describe('a payment on an unattended device, journaled and recovered by order id', () => {
  const serial = serialLinks();
  const openLane = journalLanes('lanepoint-pae-');

  /** The journal's clock (epoch ms, moved by the test) and the device clock (the driver's timeouts). */
  const setUp = async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const lane = await openLane({ ...systemClock, now: () => now });
    const deviceClock = new ManualClock();
    const { pair, host, device } = await serial.link({ baudRate: 115_200, backoff: { initialMs: 20, maxMs: 100 } });
    const peer = new EmulatedPaeDevice(device, {
      gateway: {
        url: lane.emulator.url,
        username: laneCredentials.username,
        password: laneCredentials.password,
        merchid: laneMerchid,
      },
    });
    const terminal = new UnattendedPaymentDevice(host, { clock: deviceClock, paymentTimeoutMs: 120_000 });
    await terminal.open();
    const prompts: LcdPrompt[] = [];
    const pay = (amountMinor: number, signal?: AbortSignal) =>
      journaledDeviceAuthorize({
        journal: lane.journal,
        client: lane.client,
        merchid: laneMerchid,
        device: terminal,
        amountMinor,
        credit: false,
        capture: true,
        user: 'Kiosk',
        ...(signal ? { signal } : {}),
        onPrompt: (prompt) => prompts.push(prompt),
      });
    const later = (ms: number) => (now += ms);
    /** A payment the device approves and whose answer it then loses: `paying` settles once the clock runs out. */
    const payAndLoseAnswer = async (amountMinor: number) => {
      peer.dropNextAnswer();
      const paying = pay(amountMinor);
      await until(() => peer.stage === 'waiting');
      await peer.presentCard(visa);
      return { paying };
    };
    return { lane, pair, peer, terminal, deviceClock, prompts, pay, later, payAndLoseAnswer };
  };

  it('journals the order id and amount before the DPT, and the approval as its outcome', async () => {
    const { lane, peer, prompts, pay } = await setUp();
    const paying = pay(1234);
    await until(() => peer.stage === 'waiting');
    const [row] = lane.journal.list();
    expect(row).toMatchObject({ state: 'pending', amountMinor: 1234, entryMode: 'unattended' });
    await peer.presentCard(visa);
    const result = await paying;
    expect(result.kind).toBe('answered');
    expect(result.orderId).toBe(row?.orderId);
    const [record] = await lane.client.inquireByOrderid({ merchid: laneMerchid, orderid: result.orderId });
    expect(lane.journal.get(row!.id)).toMatchObject({
      state: 'completed',
      outcome: { respstat: 'A', retref: record?.retref, amountMinor: 1234 },
    });
    expect(prompts.map((prompt) => prompt.message)).toContain('INSERT/PRESENT CARD');
  });

  it('journals a decline as the outcome', async () => {
    const { lane, peer, pay } = await setUp();
    const paying = pay(1000);
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(doNotHonor);
    const result = await paying;
    expect(result).toMatchObject({
      kind: 'answered',
      authorization: { outcome: 'declined', resptext: 'Do not honor' },
    });
    expect(lane.journal.get(result.entryId)).toMatchObject({ state: 'completed', outcome: { respstat: 'C' } });
  });

  it('marks a payment canceled before the card as not sent', async () => {
    const { lane, peer, pay } = await setUp();
    const abort = new AbortController();
    const paying = pay(700, abort.signal);
    await until(() => peer.stage === 'waiting');
    abort.abort();
    await expect(paying).rejects.toMatchObject({ kind: 'canceled' });
    expect(lane.journal.list()[0]).toMatchObject({ state: 'not-sent' });
  });

  it('recovers a lost answer by order id: the gateway’s approval becomes the outcome', async () => {
    const { lane, deviceClock, payAndLoseAnswer } = await setUp();
    const { paying } = await payAndLoseAnswer(2500);
    deviceClock.advance(120_000);
    const result = await paying;
    expect(result.kind).toBe('recovered');
    if (result.kind !== 'recovered') return;
    expect(result.outcome).toMatchObject({ kind: 'found', approved: true });
    const [record] = await lane.client.inquireByOrderid({ merchid: laneMerchid, orderid: result.orderId });
    expect(lane.journal.get(result.entryId)).toMatchObject({
      state: 'resolved',
      outcome: { respstat: 'A', retref: record?.retref },
    });
  });

  it('settles a cable pull before the card as never processed once the answer window has passed', async () => {
    const { lane, pair, peer, pay, later } = await setUp();
    const paying = pay(900);
    await until(() => peer.stage === 'waiting');
    // The gateway's answer window is measured on the journal's clock from the row's time.
    later(40_000);
    await pair.stop();
    const result = await paying;
    expect(result).toMatchObject({ kind: 'recovered', outcome: { kind: 'not-processed' } });
    expect(lane.journal.get(result.entryId)).toMatchObject({ state: 'resolved' });
  });

  it('keeps a cable pull inside the answer window unknown, queued for recovery', async () => {
    const { lane, pair, peer, pay } = await setUp();
    const paying = pay(900);
    await until(() => peer.stage === 'waiting');
    await pair.stop();
    const result = await paying;
    expect(result.kind).toBe('unknown');
    expect(lane.journal.unresolved().map((entry) => entry.id)).toEqual([result.entryId]);
  });

  it('leaves a lost answer the gateway will not explain to the background recovery, which settles it by order id', async () => {
    const { lane, deviceClock, payAndLoseAnswer } = await setUp();
    const { paying } = await payAndLoseAnswer(3100);
    // The device's approval is at the gateway; now the gateway stops answering the lane's inquiry and void.
    const admin = emulatorAdmin(lane.emulator.url);
    await admin.fault('*', 'http-500', 'always');
    deviceClock.advance(120_000);
    const result = await paying;
    expect(result.kind).toBe('unknown');
    await admin.clearFaults();
    const timers: Array<() => void> = [];
    const recovery = createRecovery({
      journal: () => lane.journal,
      gateway: async () => ({ client: lane.client, merchid: laneMerchid }),
      retrySeconds: 30,
      logger: collectingLogger().logger,
      setTimer: (run) => (timers.push(run), () => undefined),
    });
    expect(recovery.queue()).toMatchObject([{ entryId: result.entryId, orderId: result.orderId, operation: 'auth' }]);
    recovery.schedule();
    expect(timers).toHaveLength(1);
    timers[0]!();
    await until(() => recovery.queue().length === 0);
    const [record] = await lane.client.inquireByOrderid({ merchid: laneMerchid, orderid: result.orderId });
    expect(lane.journal.get(result.entryId)).toMatchObject({
      state: 'resolved',
      outcome: { respstat: 'A', retref: record?.retref, amountMinor: 3100 },
    });
    expect(recovery.findings()).toMatchObject([
      { entryId: result.entryId, orderId: result.orderId, outcome: 'approved', source: 'background' },
    ]);
    recovery.close();
  });

  /** A device that answers at once with `answer`, running `meanwhile` first (as the disk fills during the payment). */
  /** A device that answers with `answer` for the payment it was given (its order id echoed back). */
  const answering = (answer: DptAnswer, meanwhile: () => void = () => undefined) => ({
    pay: async ({ orderId }: { orderId: string }) => {
      meanwhile();
      return { ...answer, orderId };
    },
  });
  const approved: DptAnswer = {
    outcome: 'accepted',
    code: '00000000',
    processorReference: '123456789012',
    authorization: 'PPS123',
    amountAuthorizedMinor: 1234,
    receiptData: { dba: 'Lanepoint Kiosk', footer: 'Gift card 6011 0009 9013 9424: balance $20.00' },
  };

  it('keeps an approval whose receipt data quotes a card number, the number masked (issue 29, item 10)', async () => {
    const lane = await openLane(systemClock);
    const result = await journaledDeviceAuthorize({
      ...deviceRequest(lane),
      device: answering(approved),
    });
    expect(result.kind).toBe('answered');
    expect(lane.journal.get(result.entryId)).toMatchObject({
      state: 'completed',
      outcome: { respstat: 'A', receipt: { footer: 'Gift card 601100******9424: balance $20.00' } },
    });
  });

  it('an approval the journal cannot record is unrecorded and held, never "not sent" (issue 29, item 10)', async () => {
    const lane = await openLane(systemClock);
    // The journal stops taking writes after the row was written and the DPT left.
    const result = await journaledDeviceAuthorize({
      ...deviceRequest(lane),
      device: answering(approved, () => lane.journal.close()),
    });
    expect(result).toMatchObject({ kind: 'unrecorded', error: expect.any(JournalError) });
    expect(lane.journal.unrecorded.list()).toEqual([
      expect.objectContaining({
        entryId: result.entryId,
        amountMinor: 1234,
        outcome: expect.objectContaining({ respstat: 'A' }),
      }),
    ]);
  });
});
