import { describe, expect, it } from 'vitest';
import { EmulatedPaeDevice, type PaeTestCard } from '../../../../src-main/stand-ins/devices/pae-device';
import { UnattendedPaymentDevice } from '../../../../drivers/unattended/unattended-device';
import { recoverJournal } from '../../../../src-main/lane/journal/journaled';
import { receiptAsText } from '../../../../src-main/lane/receipt/escpos';
import type { TerminalPhase } from '../../../../src-main/lane/ipc/contract';
import { runDeviceSale } from '../../../../src-main/lane/terminal/device-sale';
import { recoveryQueue } from '../../../../src-main/lane/terminal/history';
import { findingOf } from '../../../../src-main/lane/terminal/recovery';
import { createTerminalStateStore } from '../../../../src-main/lane/terminal/state-store';
import { serialLinks } from '../../../support/driver-serial-links';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { journalLanes, laneCredentials, laneMerchid } from '../../../support/journal-lane';
import { until } from '../../../support/until';

const mastercard: PaeTestCard = { account: '5454545454545454', expiry: '1228' };

/**
 * The customer presses Cancel once the device has read the card: the device refuses CPT and
 * authorizes anyway (the emulated device holds the authorization until the CPT was answered).
 */
async function cancelAfterCardRead(
  peer: EmulatedPaeDevice,
  abort: AbortController,
  terminal: UnattendedPaymentDevice,
): Promise<void> {
  await until(() => peer.stage === 'waiting');
  // The authorization waits until the lane has the device's refusal of its CPT in hand.
  let answered = false;
  const cancelPayment = terminal.cancelPayment.bind(terminal);
  terminal.cancelPayment = () => cancelPayment().finally(() => (answered = true));
  const cancelRefused = until(() => answered, 'the device answered the CPT');
  const presenting = peer.presentCard(mastercard, { authorizeAfter: cancelRefused });
  await until(() => peer.stage === 'card-read');
  abort.abort();
  await presenting;
}

describe('a sale on an unattended payment device', () => {
  const serial = serialLinks();
  const openLane = journalLanes('lanepoint-pae-sale-');

  /** A lane (emulator, client, journal), the emulated device on a pty, and the lane's state machine from idle. */
  const setUp = async () => {
    const lane = await openLane();
    const { host, device } = await serial.link({ baudRate: 115_200 });
    const peer = new EmulatedPaeDevice(device, {
      gateway: { url: lane.emulator.url, ...laneCredentials, merchid: laneMerchid },
    });
    const terminal = new UnattendedPaymentDevice(host);
    await terminal.open();
    const state = createTerminalStateStore({ now: () => Date.now() });
    state.enter('idle');
    const phases: Array<[TerminalPhase, string | null]> = [];
    state.onChange(({ phase, detail }) => phases.push([phase, detail]));
    const abort = new AbortController();
    const sell = (amountMinor: number) =>
      runDeviceSale(
        {
          journal: lane.journal,
          client: lane.client,
          merchid: laneMerchid,
          terminalId: 'LANE-01',
          training: true,
          now: () => Date.now(),
          device: terminal,
          user: 'Kiosk',
        },
        // The real state machine: a move it does not allow throws, as on the lane.
        { amountMinor, signal: abort.signal, onPhase: (phase, detail) => state.enter(phase, detail) },
      );
    return { lane, peer, phases, abort, sell, terminal };
  };

  it('waits for the card with the device’s prompts, then authorizes, with the retref on the receipt', async () => {
    const { peer, phases, sell } = await setUp();
    const selling = sell(1500);
    // The card goes in once the lane shows the device's prompt (the device writes its prompts one by one).
    await until(() => phases.some(([, detail]) => detail === 'INSERT/PRESENT CARD'));
    await peer.presentCard(mastercard);
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 1500 });
    // No "Authorizing" before the device asks for the card: authorizing only once it is processing.
    expect(phases).toEqual([
      ['awaiting-card', 'Follow the payment device'],
      ['awaiting-card', 'WELCOME'],
      ['awaiting-card', 'INSERT/PRESENT CARD'],
      ['card-read', 'PROCESSING...'],
      ['authorizing', 'PROCESSING...'],
      ['approved', expect.stringMatching(/^Approved, code /)],
    ]);
    const retref = result.outcome.kind === 'approved' ? result.outcome.retref : undefined;
    expect(retref).toMatch(/^\d{12}$/);
    const slips = result.receipts.flatMap(receiptAsText).join('\n');
    expect(slips).toContain(retref);
    // The card's last four come from the device's token (CardSecure keeps them); no full number is anywhere.
    expect(slips).toMatch(/5454/);
    expect(slips).not.toContain('5454545454545454');
  });

  it('voids a payment canceled after the card was read, and says nothing was charged once the void is in', async () => {
    const { lane, peer, phases, abort, sell, terminal } = await setUp();
    const selling = sell(2200);
    await cancelAfterCardRead(peer, abort, terminal);
    const result = await selling;
    expect(result.outcome).toEqual({
      kind: 'not-charged',
      orderId: expect.any(String),
      reason: 'Payment stopped: nothing was charged.',
    });
    expect(result.receipts).toEqual([]);
    expect(phases.map(([phase]) => phase)).not.toContain('approved');
    const [record] = await lane.client.inquireByOrderid({ merchid: laneMerchid, orderid: result.outcome.orderId });
    expect(record).toMatchObject({ setlstat: 'Voided' });
    const rows = lane.journal.list({ orderId: result.outcome.orderId });
    expect(rows.map((row) => [row.operation, row.state, row.outcome?.respstat])).toEqual([
      ['void', 'completed', 'A'],
      ['auth', 'completed', 'A'],
    ]);
  });

  it('makes a void that does not take a staff matter: never approved, in the recovery queue, then a finding', async () => {
    const { lane, peer, abort, sell, terminal } = await setUp();
    await emulatorAdmin(lane.emulator.url).fault('void', 'http-500', 'always');
    const selling = sell(2300);
    await cancelAfterCardRead(peer, abort, terminal);
    const { outcome } = await selling;
    expect(outcome).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/could not be voided.*Staff/) });
    const [queued] = recoveryQueue(lane.journal);
    expect(queued).toMatchObject({ operation: 'void', orderId: outcome.orderId });
    await recoverJournal(lane.journal, lane.client, laneMerchid, 'background');
    const [finding] = lane.journal.findings().map(findingOf);
    expect(finding).toMatchObject({ operation: 'void', orderId: outcome.orderId, outcome: 'not-applied' });
    expect(finding?.message).toMatch(/do it again from History/);
  });

  it('refuses a device approval for more than was asked and voids it: journaled, at the gateway, in words', async () => {
    const { lane, peer, phases, sell } = await setUp();
    // The gateway approves 12.04; the device reports 9,999.99 approved.
    peer.misreportNextAnswer({ amountAuthorizedCents: 999_999 });
    const selling = sell(1204);
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(mastercard);
    const result = await selling;
    expect(result.outcome).toEqual({
      kind: 'not-charged',
      orderId: expect.any(String),
      reason:
        'The card was approved for $9,999.99, more than the $12.04 asked: the lane refused it and voided it, so nothing was charged. Run the card again.',
    });
    expect(result.receipts).toEqual([]);
    expect(phases.map(([phase]) => phase)).not.toContain('approved');
    expect(phases).toContainEqual(['resolving', 'Voiding an approval for more than was asked']);
    const { orderId } = result.outcome;
    const [held] = lane.emulator.context.ledger.byOrderId(orderId);
    expect(held).toMatchObject({ amount: 1204, setlstat: 'Voided' });
    const rows = lane.journal.list({ orderId });
    expect(
      rows.map((row) => [row.operation, row.state, row.outcome?.respstat, row.detail?.refusedOverApproval]),
    ).toEqual([
      ['void', 'completed', 'A', true],
      ['auth', 'completed', 'A', undefined],
    ]);
    // The authorization's row keeps what the device said; the void's row says why the lane voided it.
    expect(rows[1]?.outcome?.amountMinor).toBe(999_999);
    expect(rows[0]?.detail).toEqual({ refusedOverApproval: true, askedMinor: 1204 });
    expect(rows[0]?.originalRetref).toBe(held?.retref);
  });

  it('does not take a device answer without its order id: the gateway is asked by order id instead', async () => {
    const { lane, peer, sell } = await setUp();
    // The device claims 9,999.99 and names no order; the gateway holds 15.00 under this payment's order id.
    peer.misreportNextAnswer({ amountAuthorizedCents: 999_999, withoutOrderId: true });
    const selling = sell(1500);
    await until(() => peer.stage === 'waiting');
    await peer.presentCard(mastercard);
    const result = await selling;
    const [held] = lane.emulator.context.ledger.byOrderId(result.outcome.orderId);
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 1500, retref: held?.retref });
    const [row] = lane.journal.list({ orderId: result.outcome.orderId });
    expect(row).toMatchObject({
      state: 'resolved',
      note: 'answer lost; the gateway has it approved',
      outcome: expect.objectContaining({ amountMinor: 1500 }),
    });
  });
});
