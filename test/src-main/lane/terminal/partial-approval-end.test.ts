import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/lane/journal/journal';
import type { Core } from '../../../../src-main/lane/core/core';
import type { FollowUpSummary, SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { ok, until } from '../../../support/test-core';
import { call, cardSale, devicesConnected, emulatorForEachTest, laneAgainst } from './support';

/**
 * Issue 29, items 4 and 5: how a partly approved sale ends. The lane's state follows the journal
 * whichever way a void comes in, and the rest paid another way is journaled with its amount.
 * Real core, the gateway emulator over real HTTP, a real SQLite journal; the ledger is the
 * emulator's own.
 */
const { emulator, cores, admin } = emulatorForEachTest();

const stateOf = async (core: Core) => ok(await core.dispatch('terminal.state', {})) as TerminalState;

/** The journal file as support would open it beside the lane. */
const journalAt = (core: Core, path: string) =>
  Journal.open(path, { clock: core.clock, terminalId: core.settings.terminalId });

const ledgerFor = (orderId: string) =>
  emulator()
    .context.ledger.all()
    .filter((transaction) => transaction.orderid === orderId);

/** The training deck's partial-approval card for $10.00: $5.00 approved, $5.00 owed. */
async function partlyApproved(core: Core): Promise<SaleSummary> {
  const partial = await cardSale(core, 'visa-partial', 1000);
  expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
  return partial;
}

describe('a voided partial approval (item 4)', () => {
  it('is shown voided in terminal.state, with nothing owed, once a void from any screen goes through', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    const partial = await partlyApproved(core);
    // What History, a second window or the V key send: the one void command, by order id.
    const voided = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: partial.orderId, reason: 'customer-canceled' }),
    );
    expect(voided).toMatchObject({ outcome: 'approved', amountMinor: 500 });
    const state = await stateOf(core);
    expect(state.sale).toMatchObject({
      dueMinor: null,
      results: [expect.objectContaining({ orderId: partial.orderId, outcome: 'voided', approvedMinor: 500 })],
    });
    const journal = journalAt(core, journalPath);
    try {
      const rows = journal.list({ orderId: partial.orderId });
      expect(rows.map((row) => [row.operation, row.state])).toEqual([
        ['void', 'completed'],
        ['auth', 'completed'],
      ]);
    } finally {
      journal.close();
    }
    expect(ledgerFor(partial.orderId)).toEqual([
      expect.objectContaining({ respstat: 'A', amount: 500, setlstat: 'Voided' }),
    ]);
    expect(ok(await core.dispatch('terminal.newSale', {}))).toMatchObject({ sale: null });
  });

  it('follows the journal when a void whose answer was lost is found applied by recovery later', async () => {
    const timers: Array<() => void> = [];
    const { core, client } = laneAgainst(emulator(), cores, {}, { timers });
    const partial = await partlyApproved(core);
    await admin().fault('void', 'drop-after');
    // The void's answer is lost, and the gateway cannot be asked about it until the faults are cleared.
    const sendVoid = client.void.bind(client);
    client.void = async (...args) => {
      try {
        return await sendVoid(...args);
      } finally {
        await admin().fault('inquire', 'http-500', 'always');
      }
    };
    const lost = ok(
      await call<FollowUpSummary>(core, 'terminal.void', { orderId: partial.orderId, reason: 'customer-canceled' }),
    );
    expect(lost.outcome).toBe('unknown');
    expect((await stateOf(core)).sale?.results[0]?.outcome).toBe('partial');
    await admin().clearFaults();
    // The background check the lane scheduled: it learns the void went through.
    while (timers.length > 0) timers.shift()!();
    await until(() => core.terminal.current().sale?.results[0]?.outcome === 'voided');
    expect((await stateOf(core)).sale).toMatchObject({ dueMinor: null, results: [{ outcome: 'voided' }] });
    expect(ledgerFor(partial.orderId)).toEqual([expect.objectContaining({ setlstat: 'Voided' })]);
  });
});

describe('the rest of a partial approval paid another way (item 5)', () => {
  it('completes the sale with the rest journaled as taken outside the lane, the card approval kept', async () => {
    const { core, journalPath } = laneAgainst(emulator(), cores);
    const partial = await partlyApproved(core);
    expect(await core.dispatch('terminal.restTakenOutside', { amountMinor: 400 })).toMatchObject({
      ok: false,
      error: { message: '$5.00 is still owed: record that amount, taken another way, or void the approval.' },
    });
    const done = ok(await core.dispatch('terminal.restTakenOutside', { amountMinor: 500 })) as TerminalState;
    expect(done.sale).toMatchObject({
      dueMinor: null,
      restTakenOutsideMinor: 500,
      results: [expect.objectContaining({ orderId: partial.orderId, outcome: 'partial', approvedMinor: 500 })],
    });
    expect((await stateOf(core)).sale).toMatchObject({ dueMinor: null, restTakenOutsideMinor: 500 });
    const journal = journalAt(core, journalPath);
    try {
      expect(journal.day.outsideTenders(partial.orderId)).toEqual([
        expect.objectContaining({ orderId: partial.orderId, amountMinor: 500, recordedBy: '9001' }),
      ]);
      expect(journal.list({ orderId: partial.orderId }).map((row) => row.operation)).toEqual(['auth']);
    } finally {
      journal.close();
    }
    // The card's $5.00 stays charged: nothing was voided.
    expect(ledgerFor(partial.orderId)).toEqual([
      expect.objectContaining({ respstat: 'A', amount: 500, setlstat: expect.not.stringMatching(/Voided/) }),
    ]);
    // Recorded once: a second press finds nothing owed.
    expect(await core.dispatch('terminal.restTakenOutside', { amountMinor: 500 })).toMatchObject({
      ok: false,
      error: { message: 'Nothing is owed on this sale: there is no rest to record.' },
    });
    expect(ok(await core.dispatch('terminal.newSale', {}))).toMatchObject({ sale: null });
  });

  it('says the rest is still owed, not that the sale was canceled, when the card for the rest is canceled', async () => {
    const { core } = laneAgainst(emulator(), cores);
    const partial = await partlyApproved(core);
    await devicesConnected(core);
    const rest = core.dispatch('terminal.sale', { amountMinor: 500 });
    await until(() => core.terminal.current().phase === 'awaiting-card');
    ok(await core.dispatch('terminal.cancel', {}));
    const words =
      '$5.00 is still owed: the card for it was canceled, and $5.00 stays approved on the first card. Take the rest, or void the approval.';
    expect(await rest).toMatchObject({ ok: false, error: { message: words } });
    expect((await stateOf(core)).sale).toMatchObject({
      dueMinor: 500,
      problem: words,
      results: [expect.objectContaining({ orderId: partial.orderId, outcome: 'partial' })],
    });
    // Then either way out still works: here, the rest taken another way.
    expect(ok(await core.dispatch('terminal.restTakenOutside', { amountMinor: 500 }))).toMatchObject({
      sale: { dueMinor: null, restTakenOutsideMinor: 500 },
    });
  });
});
