import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import type { SaleSummary, TerminalState } from '../../../../src-main/lane/ipc/contract';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { ok, trainingJournalEntries, until } from '../../../support/test-core';
import {
  builtInTrainingLane,
  call,
  cardSale,
  devicesConnected,
  emulatorForEachTest,
  laneAgainst,
  lanesClosedAfterEachTest,
} from './support';

const cores = lanesClosedAfterEachTest();
const { emulator, admin, cores: emulatorCores } = emulatorForEachTest();

/** How many payments the journal still holds as the open sale (made findings at the next start). */
function unclosedAtNextStart(dir: string): number {
  const journal = Journal.open(join(dir, 'training-journal.sqlite'), {
    clock: { now: () => Date.now() },
    terminalId: 'TEST',
  });
  try {
    return journal.findUnclosedSale();
  } finally {
    journal.close();
  }
}

/** Starts a sale and resolves once it waits for the card, with its reply (settled or not). */
async function saleAwaitingCard(core: Core, amountMinor: number) {
  let settled = false;
  const reply = call<SaleSummary>(core, 'terminal.sale', { amountMinor }).finally(() => (settled = true));
  await until(() => (core.terminal.current() as TerminalState).phase === 'awaiting-card');
  return { reply, settled: () => settled };
}

describe('the lane stops with a sale open (issue 30, item 4)', () => {
  it('a sale waiting for its card is canceled by the stop, which ends only after it (no wait for the card timeout)', async () => {
    const { core, dir } = builtInTrainingLane(cores);
    await devicesConnected(core);
    const sale = await saleAwaitingCard(core, 1500);
    await core.close();
    expect(sale.settled()).toBe(true);
    expect(await sale.reply).toMatchObject({ ok: false });
    // Nothing was sent: no row at all, nothing for the next start to show.
    expect(trainingJournalEntries(dir)).toEqual([]);
  });

  it('a partly paid sale whose rest was waiting for a card is parked: the next start shows the partial approval again', async () => {
    const { core, dir } = builtInTrainingLane(cores);
    const partial = await cardSale(core, 'visa-partial', 1234);
    expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    await saleAwaitingCard(core, 734);
    await core.close();
    expect(trainingJournalEntries(dir).map((entry) => [entry.orderId, entry.state])).toEqual([
      [partial.orderId, 'completed'],
    ]);
    expect(unclosedAtNextStart(dir)).toBe(1);
  });

  it('a sale that still owes money, stopped between payments, is parked too', async () => {
    const { core, dir } = builtInTrainingLane(cores);
    await cardSale(core, 'visa-partial', 1234);
    await core.close();
    expect(unclosedAtNextStart(dir)).toBe(1);
  });

  it('a complete sale is closed by the stop, as before: its outcome was on the screen', async () => {
    const { core, dir } = builtInTrainingLane(cores);
    expect(await cardSale(core, 'visa-approve', 1000)).toMatchObject({ outcome: 'approved' });
    await core.close();
    expect(unclosedAtNextStart(dir)).toBe(0);
  });

  it('a payment in flight is not canceled or marked not sent: the stop waits for its answer', async () => {
    const { core, journalPath } = laneAgainst(emulator(), emulatorCores);
    await devicesConnected(core);
    await admin().fault('auth', 'delay', 'once', 300);
    let authorizing = false;
    core.events.subscribe((name, payload) => {
      if (name !== 'terminal.state') return;
      const { phase } = payload as TerminalState;
      if (phase === 'awaiting-card')
        void core.cardReaders.presentTestCard({ cardId: 'visa-approve', method: 'insert' });
      if (phase === 'authorizing') authorizing = true;
    });
    const sale = call<SaleSummary>(core, 'terminal.sale', { amountMinor: 2000 });
    await until(() => authorizing);
    await core.close();
    expect(ok(await sale)).toMatchObject({ outcome: 'approved' });
    const journal = Journal.open(journalPath, { clock: { now: () => Date.now() }, terminalId: 'TEST' });
    try {
      expect(journal.list().map((entry) => entry.state)).toEqual(['completed']);
    } finally {
      journal.close();
    }
  });
});
