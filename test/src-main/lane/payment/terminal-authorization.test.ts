import { describe, expect, it } from 'vitest';
import type { GatewayClient } from '../../../../src-main/lane/gateway/client';
import { NotFoundYetError } from '../../../../src-main/lane/gateway/errors';
import type { TerminalClient } from '../../../../src-main/lane/integrated-terminal/client';
import {
  TerminalCanceled,
  TerminalNotConnected,
  TerminalRequestInvalid,
} from '../../../../src-main/lane/integrated-terminal/errors';
import type { Journal } from '../../../../src-main/lane/journal/journal';
import { recoverJournal } from '../../../../src-main/lane/journal/journaled';
import {
  journaledTerminalAuthorize,
  tipMinorOf,
  type JournaledTerminalAuthorization,
  type TerminalAuthorizationRequest,
} from '../../../../src-main/lane/payment/authorize/terminal-authorization';
import { voidStoppedPayment } from '../../../../src-main/lane/payment/authorize/stopped-device-payment';
import { terminalTestCards } from '../../../../src-main/stand-ins/terminal-emulator/test-cards';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { until } from '../../../support/until';
import {
  ingenico,
  laneOnStand,
  merchantId,
  prompted,
  scribble,
  standPerTest,
  type Stand,
} from '../../stand-ins/terminal-emulator/support';

/**
 * A payment on an integrated terminal, journaled: the lane's terminal client drives the terminal
 * emulator, which authorizes at the gateway emulator over loopback; the lane's gateway client
 * recovers at that same gateway; a real journal on a temporary SQLite file, on the stand's clock.
 * Each test checks what the function says, the journal's row and the gateway's ledger.
 */
let stand: Stand;
standPerTest((started) => (stand = started));

interface Lane {
  readonly journal: Journal;
  readonly gateway: GatewayClient;
  readonly terminals: TerminalClient;
}

/** The authCard timeout of the client in the lost-on-the-lane's-side test (below the service's own 1:59). */
const shortAuthorizationMs = 40_000;

const openLane = (timeouts?: { authorization: number }): Lane => laneOnStand(stand, timeouts ? { timeouts } : {});

const terminal = () => stand.terminals.terminal(ingenico);

function pay(
  lane: Lane,
  amountMinor: number,
  more: Partial<TerminalAuthorizationRequest> = {},
): Promise<JournaledTerminalAuthorization> {
  return journaledTerminalAuthorize({
    journal: lane.journal,
    client: lane.gateway,
    merchid: merchantId,
    terminal: lane.terminals,
    hsn: ingenico,
    amountMinor,
    capture: true,
    confirmAmount: false,
    includeSignature: false,
    ...more,
  });
}

/** The journal's only row, once the payment has written it. */
function onlyRow(lane: Lane) {
  const rows = lane.journal.list({});
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const ledger = (orderId: string) => stand.gateway.context.ledger.byOrderId(orderId);

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('a payment on an integrated terminal, journaled and recovered by order id', () => {
  it('approved with a tip: the tip goes into the amount journaled and authorized, once, with a signature', async () => {
    const lane = openLane();
    const paying = pay(lane, 2000, {
      tip: { prompt: 'Add a tip?', tipPercentPresets: [15, 18, 20] },
      includeSignature: true,
    });
    await prompted(stand, ingenico, 'tip');
    expect(lane.journal.list({})).toHaveLength(0);
    terminal().chooseTip({ percent: 18 });
    await prompted(stand, ingenico, 'card');
    // The row, its order id and the whole amount are written before the card is read.
    const pending = onlyRow(lane);
    expect(pending).toMatchObject({ state: 'pending', operation: 'auth', amountMinor: 2360 });
    expect(pending.detail).toMatchObject({ tipMinor: 360, hsn: ingenico });
    terminal().insertCard(terminalTestCards.visa);
    await prompted(stand, ingenico, 'signature');
    terminal().sign(scribble);
    const result = await paying;

    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(result.orderId).toBe(pending.orderId);
    expect(result.authorization).toMatchObject({
      outcome: 'approved',
      respstat: 'A',
      amount: 2360,
      entrymode: 'EMVContact',
      orderId: pending.orderId,
    });
    expect(result.authorization.signature).toBeTruthy();
    expect(JSON.stringify(result.authorization)).not.toContain(terminalTestCards.visa.pan);
    const row = onlyRow(lane);
    expect(row).toMatchObject({ state: 'completed', orderId: result.orderId, amountMinor: 2360 });
    expect(row.outcome).toMatchObject({ respstat: 'A', retref: result.authorization.retref, amountMinor: 2360 });
    expect(JSON.stringify(row)).not.toContain(terminalTestCards.visa.pan);
    expect(ledger(result.orderId)).toMatchObject([
      { respstat: 'A', amount: 2360, retref: result.authorization.retref },
    ]);
  });

  it('declined: answered as declined, the row completed with C, the ledger holds one decline', async () => {
    const lane = openLane();
    const paying = pay(lane, 1500);
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.declined);
    const result = await paying;
    expect(result).toMatchObject({ kind: 'answered', authorization: { outcome: 'declined', respstat: 'C' } });
    expect(onlyRow(lane)).toMatchObject({ state: 'completed', amountMinor: 1500, outcome: { respstat: 'C' } });
    expect(ledger(result.orderId)).toMatchObject([{ respstat: 'C' }]);
  });

  it('a partial approval: the amount approved is the answer’s, journaled as such, asked for in full', async () => {
    const lane = openLane();
    const paying = pay(lane, 800);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.partial);
    const result = await paying;
    expect(result).toMatchObject({ kind: 'answered', authorization: { outcome: 'approved', amount: 500 } });
    expect(onlyRow(lane)).toMatchObject({ state: 'completed', amountMinor: 800, outcome: { amountMinor: 500 } });
    expect(ledger(result.orderId)).toMatchObject([{ respstat: 'A', amount: 500 }]);
  });

  it('the customer cancels at the terminal: TerminalCanceled, the row not sent, nothing at the gateway', async () => {
    const lane = openLane();
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    const { orderId } = onlyRow(lane);
    terminal().pressCancel();
    const error = await failure(paying);
    expect(error).toBeInstanceOf(TerminalCanceled);
    expect((error as Error).message).toMatch(/canceled/);
    expect(onlyRow(lane)).toMatchObject({ state: 'not-sent', orderId, amountMinor: 1000 });
    expect(ledger(orderId)).toEqual([]);
  });

  it('the lane stops it while the terminal waits for the card: canceled there, the row not sent, nothing charged', async () => {
    const lane = openLane();
    const stop = new AbortController();
    const paying = pay(lane, 1000, { signal: stop.signal });
    await prompted(stand, ingenico, 'card');
    const { orderId } = onlyRow(lane);
    stop.abort();
    expect(await failure(paying)).toBeInstanceOf(TerminalCanceled);
    expect(onlyRow(lane)).toMatchObject({ state: 'not-sent', orderId });
    expect(ledger(orderId)).toEqual([]);
    expect(terminal().screen().prompt.kind).toBe('none');
  });

  it('the lane cancels through the client’s cancel: the same, not sent and nothing charged', async () => {
    const lane = openLane();
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    await lane.terminals.cancel({ hsn: ingenico });
    expect(await failure(paying)).toBeInstanceOf(TerminalCanceled);
    const row = onlyRow(lane);
    expect(row.state).toBe('not-sent');
    expect(ledger(row.orderId)).toEqual([]);
  });

  it('a stop before anything left: no tip asked, no row, nothing sent', async () => {
    const lane = openLane();
    const stop = new AbortController();
    stop.abort();
    expect(await failure(pay(lane, 1000, { signal: stop.signal, tip: { prompt: 'Tip?' } }))).toBeInstanceOf(
      TerminalCanceled,
    );
    expect(lane.journal.list({})).toEqual([]);
    expect(stand.gateway.context.ledger.all()).toEqual([]);
  });

  it('the answer lost after the gateway approved: recovered as approved by order id, sent once, not voided', async () => {
    const lane = openLane();
    terminal().loseNextAnswer();
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const result = await paying;
    expect(result).toMatchObject({ kind: 'recovered', outcome: { kind: 'found', approved: true } });
    const row = onlyRow(lane);
    expect(row).toMatchObject({ state: 'resolved', orderId: result.orderId, amountMinor: 1000 });
    expect(row.note).toMatch(/the gateway has it approved/);
    expect(ledger(result.orderId)).toMatchObject([{ respstat: 'A', amount: 1000 }]);
    expect(ledger(result.orderId)[0]?.setlstat).not.toBe('Voided');
  });

  it('the lane gives up waiting before the card is read: the terminal canceled, recovered as never at the gateway', async () => {
    const lane = openLane({ authorization: shortAuthorizationMs });
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    const { orderId } = onlyRow(lane);
    // The lane's own wait runs out past the gateway's answer window (35 s): "not found" is final then.
    stand.clock.advance(shortAuthorizationMs);
    const result = await paying;
    expect(result).toMatchObject({ kind: 'recovered', orderId, outcome: { kind: 'not-processed' } });
    expect(onlyRow(lane)).toMatchObject({ state: 'resolved', amountMinor: 1000 });
    expect(onlyRow(lane).note).toMatch(/never processed/);
    // The terminal no longer waits for a card that would be charged after the lane looked.
    await until(() => terminal().screen().prompt.kind === 'none', 'the terminal stops waiting');
    expect(() => terminal().insertCard(terminalTestCards.visa)).toThrow(/not asking/);
    expect(ledger(orderId)).toEqual([]);
  });

  it('the lane gives up inside the answer window: unknown, the row waits for recovery, nothing voided or charged', async () => {
    const lane = openLane({ authorization: 10_000 });
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    stand.clock.advance(10_000);
    const result = await paying;
    expect(result.kind).toBe('unknown');
    if (result.kind !== 'unknown') return;
    expect(result.error).toBeInstanceOf(NotFoundYetError);
    expect(onlyRow(lane)).toMatchObject({ state: 'unknown', orderId: result.orderId });
    expect(ledger(result.orderId)).toEqual([]);
  });

  it('a 5xx from the terminal service (the gateway failed it): unknown and held, settled later by order id as never processed', async () => {
    const lane = openLane();
    await emulatorAdmin(stand.gateway.url).fault('auth', 'http-500');
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const result = await paying;
    expect(result.kind).toBe('unknown');
    expect(onlyRow(lane)).toMatchObject({ state: 'unknown', orderId: result.orderId, amountMinor: 1000 });
    expect(onlyRow(lane).note).toMatch(/may still be processing it/);
    // Never sent again: the background pass asks the gateway once the answer window has passed.
    stand.clock.advance(35_000);
    const [settled] = await recoverJournal(lane.journal, lane.gateway, merchantId);
    expect(settled).toMatchObject({ kind: 'authorization', outcome: { kind: 'not-processed' } });
    expect(onlyRow(lane)).toMatchObject({ state: 'resolved', orderId: result.orderId });
    expect(ledger(result.orderId).filter((record) => record.respstat === 'A')).toEqual([]);
  });

  it('the terminal reboots while it waits for the card: not connected (code 6), the row not sent, nothing charged', async () => {
    const lane = openLane();
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    const { orderId } = onlyRow(lane);
    stand.terminals.reboot(ingenico);
    expect(await failure(paying)).toBeInstanceOf(TerminalNotConnected);
    expect(onlyRow(lane)).toMatchObject({ state: 'not-sent', orderId });
    expect(ledger(orderId)).toEqual([]);
  });

  it('the terminal reboots while the gateway authorizes: the approval is read and journaled, charged once', async () => {
    const lane = openLane();
    await emulatorAdmin(stand.gateway.url).fault('auth', 'delay', 'once', 5_000);
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    const before = stand.clock.pending;
    terminal().insertCard(terminalTestCards.visa);
    await until(() => stand.clock.pending >= before + 2, 'the gateway holds the authorization');
    stand.terminals.reboot(ingenico);
    stand.clock.advance(5_000);
    const result = await paying;
    const row = onlyRow(lane);
    const recorded = ledger(row.orderId);
    expect(recorded).toHaveLength(1);
    // The emulated service answers the authorization it already sent (a reboot is not a cancel).
    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(result.authorization).toMatchObject({ respstat: 'A', retref: recorded[0]?.retref });
    expect(row).toMatchObject({ state: 'completed', amountMinor: 1000, outcome: { respstat: 'A' } });
  });

  it('"Authorization Cancelled" with the gateway’s answer: completed as approved, never as nothing charged; the caller voids it once', async () => {
    const lane = openLane();
    await emulatorAdmin(stand.gateway.url).fault('auth', 'delay', 'once', 5_000);
    const paying = pay(lane, 1000);
    await prompted(stand, ingenico, 'card');
    const before = stand.clock.pending;
    terminal().insertCard(terminalTestCards.visa);
    await until(() => stand.clock.pending >= before + 2, 'the gateway holds the authorization');
    // The lane cancels once the authorization has left: the terminal service ends it after the gateway answers.
    expect(await lane.terminals.cancel({ hsn: ingenico })).toBeUndefined();
    stand.clock.advance(5_000);
    const result = await paying;

    expect(result.kind).toBe('stopped-after-authorization');
    if (result.kind !== 'stopped-after-authorization') return;
    expect(result.error).toBeInstanceOf(TerminalCanceled);
    expect(result.authorization).toMatchObject({ outcome: 'approved', respstat: 'A', amount: 1000 });
    expect(onlyRow(lane)).toMatchObject({
      state: 'completed',
      orderId: result.orderId,
      outcome: { respstat: 'A', retref: result.authorization.retref },
    });
    expect(ledger(result.orderId)).toMatchObject([{ respstat: 'A', amount: 1000 }]);

    // The caller voids it as the device path does for a payment stopped after the card was read.
    const voided = await voidStoppedPayment(
      { journal: lane.journal, client: lane.gateway, merchid: merchantId },
      { orderId: result.orderId, approvedMinor: 1000, retref: result.authorization.retref },
      false,
    );
    expect(voided).toMatchObject({ kind: 'not-charged' });
    expect(ledger(result.orderId)).toHaveLength(1);
    expect(ledger(result.orderId)[0]?.setlstat).toBe('Voided');
  });
});

describe('the lane’s stop after the authorization left', () => {
  it('the stop becomes the terminal’s cancel, and the approval it carries is journaled, not dropped', async () => {
    const lane = openLane();
    await emulatorAdmin(stand.gateway.url).fault('auth', 'delay', 'once', 5_000);
    // The real client's cancel, watched so the test knows when the terminal service took it.
    let canceling: Promise<void> | undefined;
    const terminals: TerminalAuthorizationRequest['terminal'] = {
      authCard: (request) => lane.terminals.authCard(request),
      tip: (request) => lane.terminals.tip(request),
      cancel: (request) => (canceling = lane.terminals.cancel(request)),
    };
    const stop = new AbortController();
    const paying = pay(lane, 1000, { signal: stop.signal, terminal: terminals });
    await prompted(stand, ingenico, 'card');
    const before = stand.clock.pending;
    terminal().insertCard(terminalTestCards.visa);
    await until(() => stand.clock.pending >= before + 2, 'the gateway holds the authorization');
    stop.abort();
    await canceling;
    stand.clock.advance(5_000);
    const result = await paying;
    expect(result).toMatchObject({ kind: 'stopped-after-authorization', authorization: { respstat: 'A' } });
    expect(onlyRow(lane)).toMatchObject({ state: 'completed', outcome: { respstat: 'A' } });
    expect(ledger(result.orderId)).toMatchObject([{ respstat: 'A', amount: 1000 }]);
  });
});

describe('the tip the terminal answers', () => {
  it('reads digits as minor units and a decimal as major units', () => {
    expect(tipMinorOf('360')).toBe(360);
    expect(tipMinorOf('.06')).toBe(6);
    expect(tipMinorOf('1.5')).toBe(150);
    expect(tipMinorOf('0')).toBe(0);
  });

  it('refuses a tip that is not an amount, naming it', () => {
    expect(() => tipMinorOf('-1')).toThrow(TerminalRequestInvalid);
    expect(() => tipMinorOf('1.234')).toThrow(/tip.*"1.234"/);
  });
});
