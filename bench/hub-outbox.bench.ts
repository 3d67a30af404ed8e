import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BenchCase } from './harness';
import { Journal } from '../src-main/lane/journal/journal';

const hubTriggers = [
  'hub_payment_inserted',
  'hub_payment_updated',
  'hub_shift_opened',
  'hub_shift_changed',
  'hub_cash_moved',
  'hub_z_closed',
];

/** A journal file as a lane has it; `withoutOutbox`: the hub's triggers dropped, as before ADR 081. */
function openJournal(withoutOutbox: boolean): Journal {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-hub-outbox-')), 'journal.sqlite');
  Journal.open(path, { clock: Date, terminalId: 'LANE-01' }).close();
  if (withoutOutbox) {
    const db = new Database(path);
    for (const trigger of hubTriggers) db.exec(`DROP TRIGGER ${trigger}`);
    db.close();
  }
  const journal = Journal.open(path, { clock: Date, terminalId: 'LANE-01' });
  journal.day.openShift({ openedBy: '1001', floatMinor: 10_000 });
  return journal;
}

/** A card sale's journal writes, as the lane makes them: the row before the request (synced), the answer after. */
function cardSale(journal: Journal): void {
  const { id } = journal.beginWithNewOrderId({
    operation: 'auth',
    amountMinor: 1234,
    maskedPan: '478825******1443',
    entryMode: 'chip',
    detail: { tender: 'sale' },
  });
  journal.complete(id, { respstat: 'A', retref: `3430051${String(id).padStart(5, '0')}`, amountMinor: 1234 });
}

interface Pair {
  readonly withOutbox: Journal;
  readonly withoutOutbox: Journal;
}

/**
 * The outbox's cost on a sale (issue 34's target: under 2 ms p99 added): the same writes on a
 * journal with its triggers and, timed in turns, on one without (the baseline).
 */
export const hubOutboxBenchmarks: BenchCase[] = [
  {
    name: 'hub outbox: a card sale\u2019s journal writes with the outbox triggers (target < 2 ms p99 added)',
    iterations: 1000,
    setup: (): Pair => ({ withOutbox: openJournal(false), withoutOutbox: openJournal(true) }),
    run: (pair) => cardSale((pair as Pair).withOutbox),
    baseline: { name: 'without the triggers', run: (pair) => cardSale((pair as Pair).withoutOutbox) },
    teardown: (pair) => {
      (pair as Pair).withOutbox.close();
      (pair as Pair).withoutOutbox.close();
    },
  },
  {
    name: 'hub outbox: the same writes without the outbox triggers (before ADR 081)',
    iterations: 1000,
    setup: () => openJournal(true),
    run: (journal) => cardSale(journal as Journal),
    teardown: (journal) => (journal as Journal).close(),
  },
];
