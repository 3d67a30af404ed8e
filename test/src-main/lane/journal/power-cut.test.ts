import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { answerWindowMs } from '../../../../src-main/lane/gateway/recovery';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { recoverJournal, recoveredKind } from '../../../../src-main/lane/journal/journaled';
import { crashBench } from '../../../e2e/support/crash-bench';
import { noWaitClock } from '../../../support/no-wait-clock';

/**
 * ADR 059: the answer's commit does not wait for the disk. A killed process keeps it; a power cut
 * can take back at most what was written after the last synced commit, which the test makes by
 * cutting the write-ahead log back to its size when the row was synced (before the request left).
 * Recovery then settles the sale from the gateway: charged once, recorded once.
 */
const runs = 10;
const merchid = '496160873888';
const bench = crashBench('power-cut-child');
const client = () =>
  createGatewayClient({
    baseUrl: bench.emulator.url,
    credentials: { level: 'site', username: 'testing', password: 'testing123' },
    clock: noWaitClock,
  });

/** One sale in a child killed right after its answer was recorded: its order id and the synced log size. */
function saleKilledAfterRecording(
  journalPath: string,
  terminalId: string,
): Promise<{ orderId: string; synced: number }> {
  return new Promise((resolve, reject) => {
    const lane = spawn(
      process.execPath,
      [bench.child, journalPath, bench.emulator.url, 'completed', '2500', terminalId],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    lane.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    lane.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    lane.on('error', reject);
    lane.on('exit', (_code, signal) => {
      const [orderId, synced] = out.split('\n');
      if (signal !== 'SIGKILL' || !orderId || !synced)
        reject(new Error(`the child ended otherwise (${signal}): ${err}`));
      else resolve({ orderId, synced: Number(synced) });
    });
  });
}

const charged = (orderId: string) =>
  bench.emulator.context.ledger
    .all()
    .filter((transaction) => transaction.orderid === orderId && transaction.kind !== 'refund')
    .filter((transaction) => transaction.respstat === 'A' && transaction.setlstat !== 'Voided').length;

async function restartAndRecover(journalPath: string, terminalId: string, orderId: string) {
  const journal = Journal.open(journalPath, { clock: { now: () => Date.now() + answerWindowMs }, terminalId });
  try {
    const recovered = await recoverJournal(journal, client(), merchid);
    const found = recovered.find((result) => result.entry.orderId === orderId);
    const entry = journal.list({ orderId })[0];
    expect(journal.unresolved()).toEqual([]);
    return {
      recovery: found ? recoveredKind(found) : 'none',
      state: entry?.state,
      charged: charged(orderId),
      recorded: entry?.outcome?.respstat === 'A' ? 1 : 0,
    };
  } finally {
    journal.close();
  }
}

describe('the answer committed without a sync', () => {
  it(`survives the process being killed right after it (${runs} runs)`, async () => {
    const journalPath = join(mkdtempSync(join(tmpdir(), 'power-cut-kill-')), 'journal.sqlite');
    for (let run = 0; run < runs; run++) {
      const { orderId } = await saleKilledAfterRecording(journalPath, 'CUT-K');
      expect(await restartAndRecover(journalPath, 'CUT-K', orderId)).toEqual({
        recovery: 'none',
        state: 'completed',
        charged: 1,
        recorded: 1,
      });
    }
  }, 120_000);

  it(`lost to a power cut, is recovered from the gateway: charged once, recorded once (${runs} runs)`, async () => {
    const journalPath = join(mkdtempSync(join(tmpdir(), 'power-cut-lost-')), 'journal.sqlite');
    for (let run = 0; run < runs; run++) {
      const { orderId, synced } = await saleKilledAfterRecording(journalPath, 'CUT-P');
      // The power cut: everything after the row's synced commit is gone from the disk.
      expect(statSync(`${journalPath}-wal`).size).toBeGreaterThan(synced);
      truncateSync(`${journalPath}-wal`, synced);
      expect(await restartAndRecover(journalPath, 'CUT-P', orderId)).toEqual({
        recovery: 'found',
        state: 'resolved',
        charged: 1,
        recorded: 1,
      });
    }
  }, 120_000);

  it('is made durable by the next synced commit: the log is written in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'power-cut-order-'));
    const journal = Journal.open(join(dir, 'journal.sqlite'), {
      clock: { now: () => 1_700_000_000_000 },
      terminalId: 'CUT-O',
    });
    try {
      const first = journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 100 });
      journal.complete(first.id, { respstat: 'A', retref: '100000000001' });
      journal.beginWithNewOrderId({ operation: 'auth', amountMinor: 200 });
      // What the disk holds once the second row's commit was synced: the file and the log up to here.
      const synced = statSync(join(dir, 'journal.sqlite-wal')).size;
      const copy = mkdtempSync(join(tmpdir(), 'power-cut-copy-'));
      copyFileSync(join(dir, 'journal.sqlite'), join(copy, 'journal.sqlite'));
      copyFileSync(join(dir, 'journal.sqlite-wal'), join(copy, 'journal.sqlite-wal'));
      truncateSync(join(copy, 'journal.sqlite-wal'), synced);
      const after = Journal.open(join(copy, 'journal.sqlite'), {
        clock: { now: () => 1_700_000_000_000 },
        terminalId: 'CUT-O',
      });
      try {
        expect(after.get(first.id)).toMatchObject({
          state: 'completed',
          outcome: { respstat: 'A', retref: '100000000001' },
        });
      } finally {
        after.close();
      }
    } finally {
      journal.close();
    }
  });
});
