import { noWaitClock } from '../../../support/no-wait-clock';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../../src-main/lane/gateway/client';
import { answerWindowMs } from '../../../../src-main/lane/gateway/recovery';
import { Journal } from '../../../../src-main/lane/journal/journal';
import { recoverJournal, recoveredKind } from '../../../../src-main/lane/journal/journaled';
import { crashBench } from '../../../e2e/support/crash-bench';

/**
 * ARCHITECTURE.md principle 4, proved by killing: a child process runs one sale against the
 * emulator and is killed with SIGKILL (a) after the journal row and before the request, (b)
 * after the emulator recorded the request and before the answer was read, (c) after the answer
 * and before the row was completed. After a restart and the recovery pass each sale is exactly
 * one of approved and recorded, voided, or never sent; never charged twice. 50 times each.
 */
const runs = 50;
const merchid = '496160873888';
/**
 * The emulator's delay-after fault holds the answer on this clock: it says when it holds one
 * (the request is recorded, the answer not yet sent) and never lets it go; the child is killed
 * then, with no polling.
 */
const answerHeld = new EventEmitter<{ held: [] }>();
const bench = crashBench('crash-child', {
  clock: {
    now: () => Date.now(),
    sleep: () => {
      answerHeld.emit('held');
      return new Promise<void>(() => undefined);
    },
  },
});

const admin = (body: unknown) =>
  fetch(`${bench.emulator.url.replace('/rest', '')}/__emulator/faults`, {
    method: body === undefined ? 'DELETE' : 'PUT',
    headers: {
      Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
      'Content-Type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Runs the child to its death; `killWhenHeld`: the parent kills it once the emulator holds its answer. */
function runChild(
  journalPath: string,
  terminalId: string,
  stage: string,
  amount: number,
  killWhenHeld = false,
): Promise<{ orderId: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(
      process.execPath,
      [bench.child, journalPath, bench.emulator.url, stage, String(amount), terminalId],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    const kill = () => process_.kill('SIGKILL');
    if (killWhenHeld) answerHeld.once('held', kill);
    process_.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    process_.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    process_.on('error', reject);
    process_.on('exit', (_code, signal) => {
      answerHeld.off('held', kill);
      const orderId = out.split('\n')[0] ?? '';
      if (!orderId) reject(new Error(`the child printed no order id: ${err}`));
      else resolve({ orderId, signal });
    });
  });
}

const ledgerFor = (orderId: string) =>
  bench.emulator.context.ledger
    .all()
    .filter((transaction) => transaction.orderid === orderId && transaction.kind !== 'refund');
const charged = (orderId: string) =>
  ledgerFor(orderId).filter((transaction) => transaction.respstat === 'A' && transaction.setlstat !== 'Voided').length;

async function crashAndRecover(stage: 'journaled' | 'received' | 'answered', amount: number) {
  const journalPath = join(mkdtempSync(join(tmpdir(), `crash-${stage}-`)), 'journal.sqlite');
  const results: Array<{ kind: string; state: string | undefined; charged: number; recorded: number }> = [];
  if (stage === 'received') await admin({ endpoint: 'auth', kind: 'delay-after', ms: 10_000, times: 'always' });
  try {
    for (let run = 0; run < runs; run++) {
      const { orderId, signal } = await runChild(
        journalPath,
        `CRASH-${stage[0]}`,
        stage === 'received' ? 'none' : stage,
        amount,
        stage === 'received',
      );
      expect(signal).toBe('SIGKILL');
      if (stage === 'received') expect(ledgerFor(orderId)).toHaveLength(1);
      // The restart, after the gateway's answer window (its "not found" is final only then): a new
      // process opens the journal and runs the recovery pass.
      const journal = Journal.open(journalPath, {
        clock: { now: () => Date.now() + answerWindowMs },
        terminalId: `CRASH-${stage[0]}`,
      });
      try {
        const client = createGatewayClient({
          baseUrl: bench.emulator.url,
          credentials: { level: 'site', username: 'testing', password: 'testing123' },
          clock: noWaitClock,
        });
        const recovered = await recoverJournal(journal, client, merchid);
        const entry = journal.list({ orderId })[0];
        results.push({
          kind: (() => {
            const found = recovered.find((result) => result.entry.orderId === orderId);
            return found ? recoveredKind(found) : 'none';
          })(),
          state: entry?.state,
          charged: charged(orderId),
          recorded: entry?.outcome?.respstat === 'A' ? 1 : 0,
        });
        expect(journal.unresolved()).toEqual([]);
      } finally {
        journal.close();
      }
    }
  } finally {
    if (stage === 'received') await admin(undefined);
  }
  return results;
}

// Each case's bound only ends a hang: its 50 process starts take about 10 s on a quiet two-core
// machine and many times that on one loaded with other jobs.
describe('a sale killed with SIGKILL, then recovered', () => {
  it(`(a) after the journal row, before the request: never sent (${runs} runs)`, async () => {
    const results = await crashAndRecover('journaled', 1001);
    expect(results).toHaveLength(runs);
    for (const result of results)
      expect(result).toEqual({ kind: 'not-processed', state: 'resolved', charged: 0, recorded: 0 });
  }, 300_000);

  it(`(b) after the emulator recorded it, before the answer was read: approved and recorded once (${runs} runs)`, async () => {
    const results = await crashAndRecover('received', 1002);
    for (const result of results) expect(result).toEqual({ kind: 'found', state: 'resolved', charged: 1, recorded: 1 });
  }, 300_000);

  it(`(c) after the answer, before the row was completed: approved and recorded once (${runs} runs)`, async () => {
    const results = await crashAndRecover('answered', 1003);
    for (const result of results) expect(result).toEqual({ kind: 'found', state: 'resolved', charged: 1, recorded: 1 });
  }, 300_000);
});
