import { describe, expect, it } from 'vitest';
import { LaneError } from '../../../../src-main/lane/errors';
import type { TerminalClient } from '../../../../src-main/lane/integrated-terminal/client';
import type { TerminalPhase } from '../../../../src-main/lane/ipc/contract';
import { stoppedAndVoidedWords } from '../../../../src-main/lane/payment/authorize/stopped-device-payment';
import { receiptAsText } from '../../../../src-main/lane/receipt/escpos';
import type { SignaturePolicy } from '../../../../src-main/lane/signature/requirement';
import { createTerminalStateStore } from '../../../../src-main/lane/terminal/state-store';
import { runTerminalSale, terminalAsksSignature } from '../../../../src-main/lane/terminal/terminal-sale';
import type { CardTender } from '../../../../src-main/lane/payment/outcome';
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
 * The lane's sale on an integrated terminal, end to end below the IPC: the lane's terminal client
 * drives the terminal emulator, which authorizes at the gateway emulator over loopback; the lane's
 * gateway client recovers and voids at that same gateway; a real journal on a temporary SQLite
 * file; the lane's real state machine takes the phases. Each test reads the words, the journal's
 * row and the gateway's ledger.
 */
let stand: Stand;
standPerTest((started) => (stand = started));

interface Options {
  readonly tips?: boolean;
  readonly pinDebit?: boolean;
  readonly policy?: SignaturePolicy;
  readonly tender?: CardTender;
}

function openLane(options: Options = {}) {
  const { journal, gateway, terminals: real } = laneOnStand(stand);
  // The real client, its cancel watched so a test knows when the terminal service took it.
  const cancels: Array<Promise<void>> = [];
  const terminals: TerminalClient = { ...real, cancel: (request) => pushed(cancels, real.cancel(request)) };
  const state = createTerminalStateStore({ now: () => stand.clock.now() });
  state.enter('idle');
  const phases: Array<[TerminalPhase, string | null]> = [];
  state.onChange(({ phase, detail }) => phases.push([phase, detail]));
  const abort = new AbortController();
  const sell = (amountMinor: number) =>
    runTerminalSale(
      {
        journal,
        client: gateway,
        merchid: merchantId,
        terminalId: 'LANE-01',
        training: true,
        now: () => stand.clock.now(),
        policy: options.policy ?? 'network-rules',
        terminal: { client: terminals, hsn: ingenico, merchantId },
        tips: options.tips ?? false,
        pinDebit: options.pinDebit ?? false,
      },
      // The real state machine: a move it does not allow throws, as on the lane.
      {
        amountMinor,
        tender: options.tender ?? 'sale',
        signal: abort.signal,
        onPhase: (phase, detail) => state.enter(phase, detail),
      },
    );
  const onlyRow = () => {
    const rows = journal.list({ operation: 'auth' });
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  return { journal, sell, abort, phases, onlyRow, cancels };
}

function pushed<T>(list: Array<Promise<T>>, promise: Promise<T>): Promise<T> {
  list.push(promise);
  return promise;
}

const terminal = () => stand.terminals.terminal(ingenico);
const ledger = (orderId: string) => stand.gateway.context.ledger.byOrderId(orderId);
const merchantCopy = (receipts: readonly { copy: string }[]) =>
  receiptAsText(receipts.find((r) => r.copy === 'merchant') as never).join('\n');

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('a sale on an integrated terminal', () => {
  it('approved with an 18 % tip chosen on the terminal: the tip on its own line, EMV data on the slip, charged once', async () => {
    const lane = openLane({ tips: true });
    const selling = lane.sell(2000);
    await prompted(stand, ingenico, 'tip');
    expect(lane.phases.at(-1)).toEqual(['awaiting-card', 'Follow the terminal: the customer chooses a tip']);
    terminal().chooseTip({ percent: 18 });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    // 23.60 is under the lowest network threshold (25.00): the terminal asks no signature.
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 2360 });
    expect(result.card.maskedPan).toMatch(/^\*{4}\d{4}$/);
    expect(result.card.maskedPan.slice(-4)).toBe(terminalTestCards.visa.pan.slice(-4));
    expect(result.card.entryMode).toBe('EMVContact');
    const text = merchantCopy(result.receipts);
    expect(text).toMatch(/Amount\s+\$?20\.00/);
    expect(text).toMatch(/Tip\s+\$?3\.60/);
    expect(text).toMatch(/TOTAL\s+\$?23\.60/);
    expect(text).toMatch(/AID/);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 2360, outcome: { respstat: 'A' } });
    expect(row.detail).toMatchObject({ tipMinor: 360, hsn: ingenico, tender: 'sale' });
    expect(JSON.stringify(row)).not.toContain(terminalTestCards.visa.pan);
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 2360 }]);
    expect(lane.phases.map(([phase]) => phase)).toEqual([
      'awaiting-card',
      'awaiting-card',
      'card-read',
      'authorizing',
      'approved',
    ]);
  });

  it('signed on the terminal above the threshold: the terminal’s signature is the one on the merchant copy', async () => {
    const lane = openLane({ tips: true });
    const selling = lane.sell(4000);
    await prompted(stand, ingenico, 'tip');
    terminal().chooseTip({ percent: 20 });
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    await prompted(stand, ingenico, 'signature');
    terminal().sign(scribble);
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 4800 });
    expect(result.signatureRequired).toBe(true);
    const text = merchantCopy(result.receipts);
    expect(text).toMatch(/\[image \d+x\d+\]/);
    expect(text).toMatch(/Signed electronically/);
    expect(text).toMatch(/Tip\s+\$?8\.00/);
    const customer = receiptAsText(result.receipts.find((r) => r.copy === 'customer')!).join('\n');
    expect(customer).not.toMatch(/\[image/);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 4800 });
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 4800 }]);
  });

  it('declined: the decline’s words and slip, the row completed with C, one decline at the gateway', async () => {
    const lane = openLane();
    const selling = lane.sell(1500);
    await prompted(stand, ingenico, 'card');
    terminal().swipeCard(terminalTestCards.declined);
    const result = await selling;
    expect(result.outcome.kind).toBe('declined');
    if (result.outcome.kind !== 'declined') return;
    expect(result.outcome.reason).toBeTruthy();
    expect(merchantCopy(result.receipts)).toMatch(/DECLINED/);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 1500, outcome: { respstat: 'C' } });
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'C' }]);
    expect(lane.phases.at(-1)?.[0]).toBe('declined');
  });

  it('a partial approval: 5.00 of 8.00 approved, the balance due on the slip, nothing voided', async () => {
    const lane = openLane();
    const selling = lane.sell(800);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.partial);
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'partial', approvedMinor: 500 });
    const text = merchantCopy(result.receipts);
    expect(text).toMatch(/Requested\s+\$?8\.00/);
    expect(text).toMatch(/Balance due\s+\$?3\.00/);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 800, outcome: { amountMinor: 500 } });
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 500 }]);
    expect(ledger(row.orderId)[0]?.setlstat).not.toBe('Voided');
  });

  it('PIN debit: the debit card asks its PIN, the slip says verified by PIN and has no signature line', async () => {
    const lane = openLane({ pinDebit: true });
    const selling = lane.sell(1800);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visaDebit);
    await prompted(stand, ingenico, 'pin');
    terminal().enterPin('1234');
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 1800 });
    expect(result.signatureRequired).toBe(false);
    const text = merchantCopy(result.receipts);
    expect(text).toMatch(/VERIFIED BY PIN/);
    expect(text).toMatch(/US DEBIT/);
    expect(text).not.toMatch(/\[image|Signed electronically/);
    expect(text).not.toMatch(/I agree to pay|X___/);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 1800, outcome: { respstat: 'A' } });
    expect(JSON.stringify(row)).not.toContain(terminalTestCards.visaDebit.pan);
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 1800 }]);
  });

  it('the customer cancels at the terminal: plain words that nothing was charged, the row not sent, nothing at the gateway', async () => {
    const lane = openLane();
    const selling = lane.sell(1000);
    await prompted(stand, ingenico, 'card');
    const { orderId } = lane.onlyRow();
    terminal().pressCancel();
    const error = await failure(selling);
    expect(error).toBeInstanceOf(LaneError);
    expect((error as Error).message).toBe(
      'The payment was canceled at the terminal: nothing was charged. Start the sale again to take a card.',
    );
    expect(lane.onlyRow()).toMatchObject({ state: 'not-sent', orderId });
    expect(ledger(orderId)).toEqual([]);
  });

  it('the cashier cancels at the lane while the terminal asks the tip: canceled there, no row, nothing charged', async () => {
    const lane = openLane({ tips: true });
    const selling = lane.sell(1000);
    await prompted(stand, ingenico, 'tip');
    lane.abort.abort();
    const error = await failure(selling);
    expect(error).toBeInstanceOf(LaneError);
    expect((error as Error).message).toMatch(/canceled at the terminal: nothing was charged/);
    expect(lane.journal.list({})).toEqual([]);
    expect(stand.gateway.context.ledger.all()).toEqual([]);
    await until(() => terminal().screen().prompt.kind === 'none', 'the terminal stops asking');
  });

  it('the cashier cancels at the lane while the terminal waits for the card: canceled there, the row not sent', async () => {
    const lane = openLane();
    const selling = lane.sell(1000);
    await prompted(stand, ingenico, 'card');
    const { orderId } = lane.onlyRow();
    lane.abort.abort();
    expect(await failure(selling)).toBeInstanceOf(LaneError);
    expect(lane.onlyRow()).toMatchObject({ state: 'not-sent', orderId });
    expect(ledger(orderId)).toEqual([]);
    await until(() => terminal().screen().prompt.kind === 'none', 'the terminal stops asking');
  });

  it('the cashier cancels after the card was read: the terminal says Authorization Cancelled, the approval is voided once', async () => {
    const lane = openLane();
    await emulatorAdmin(stand.gateway.url).fault('auth', 'delay', 'once', 5_000);
    const selling = lane.sell(1000);
    await prompted(stand, ingenico, 'card');
    const before = stand.clock.pending;
    terminal().insertCard(terminalTestCards.visa);
    await until(() => stand.clock.pending >= before + 2, 'the gateway holds the authorization');
    lane.abort.abort();
    await until(() => lane.cancels.length > 0, 'the lane cancels at the terminal');
    await Promise.all(lane.cancels);
    stand.clock.advance(5_000);
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'not-charged', reason: stoppedAndVoidedWords });
    expect(result.receipts).toEqual([]);
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'completed', amountMinor: 1000, outcome: { respstat: 'A' } });
    expect(lane.journal.list({ orderId: row.orderId, operation: 'void' })).toMatchObject([{ state: 'completed' }]);
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 1000, setlstat: 'Voided' }]);
  });

  it('the answer lost after the gateway approved: recovered by order id as approved, charged once, not voided', async () => {
    const lane = openLane();
    terminal().loseNextAnswer();
    const selling = lane.sell(1000);
    await prompted(stand, ingenico, 'card');
    terminal().insertCard(terminalTestCards.visa);
    const result = await selling;
    expect(result.outcome).toMatchObject({ kind: 'approved', approvedMinor: 1000 });
    expect(lane.phases.map(([phase]) => phase)).toContain('resolving');
    const row = lane.onlyRow();
    expect(row).toMatchObject({ state: 'resolved', amountMinor: 1000 });
    expect(row.note).toMatch(/the gateway has it approved/);
    expect(ledger(row.orderId)).toMatchObject([{ respstat: 'A', amount: 1000 }]);
    expect(ledger(row.orderId)[0]?.setlstat).not.toBe('Voided');
  });

  it('a terminal off the network: words that say so and that nothing was charged, the row not sent', async () => {
    const lane = openLane();
    terminal().setConnected(false);
    const error = await failure(lane.sell(1000));
    expect(error).toBeInstanceOf(LaneError);
    expect((error as Error).message).toMatch(
      /^The terminal is not connected to the terminal service: nothing was charged/,
    );
    expect(stand.gateway.context.ledger.all()).toEqual([]);
    expect(lane.onlyRow()).toMatchObject({ state: 'not-sent', amountMinor: 1000 });
  });

  it('a refund without a sale is refused before anything moves', async () => {
    const lane = openLane({ tender: 'forced-credit' });
    const error = await failure(lane.sell(1000));
    expect(error).toBeInstanceOf(LaneError);
    expect((error as Error).message).toMatch(/refund the original sale/);
    expect(lane.journal.list({})).toEqual([]);
  });
});

describe('when the terminal asks for a signature', () => {
  it('by policy, and under network rules from the lowest network threshold (25.00)', () => {
    expect(terminalAsksSignature('always', 100)).toBe(true);
    expect(terminalAsksSignature('never', 100_000)).toBe(false);
    expect(terminalAsksSignature('network-rules', 2499)).toBe(false);
    expect(terminalAsksSignature('network-rules', 2500)).toBe(true);
  });
});
