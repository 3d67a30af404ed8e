import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadSignatures } from '../src-main/stand-ins/devices/signature-replay';
import { settingsSchema } from '../src-main/lane/config/settings';
import { createCore, type Core } from '../src-main/lane/core/core';
import type { SaleSummary, SignatureSession, TerminalState } from '../src-main/lane/ipc/contract';
import { Journal } from '../src-main/lane/journal/journal';
import { createLogger } from '../src-main/platform/log/logger';
import { journalAgainstLedger, type LedgerAgreement, type LedgerTransaction } from '../test/support/ledger-agreement';
import { laneTraining } from '../src-main/shells/training/lane-training';

/**
 * The soak: many training sales through the whole core (emulated reader, on-screen signature,
 * emulated printer, the built-in emulator over loopback HTTP, real SQLite journal and gateway
 * files), watching for what only shows after thousands of sales: memory that keeps growing,
 * listeners that pile up (Node's MaxListenersExceededWarning), and a journal that drifts from
 * what the gateway recorded.
 */
export interface SoakOptions {
  readonly sales: number;
  /** Sales before the first memory sample: caches, JIT and pools fill up first. */
  readonly warmup: number;
  /** Called after each sale (progress for a long run). */
  readonly onSale?: (done: number) => void;
}

export interface SoakResult {
  readonly sales: number;
  readonly seconds: number;
  readonly salesPerSecond: number;
  /** One sale's wall time after the warm-up, median and 99th percentile. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Heap used after a full GC, at the end against after the warm-up, in percent. */
  readonly heapGrowthPct: number;
  readonly rssGrowthPct: number;
  readonly heapAfterWarmupMb: number;
  readonly rssAfterWarmupMb: number;
  /** The same growth in megabytes per 1,000 sales after the warm-up (the rate a long day adds). */
  readonly heapMbPer1000Sales: number;
  readonly rssMbPer1000Sales: number;
  /** Every process warning seen during the run (MaxListenersExceededWarning among them). */
  readonly warnings: readonly string[];
  readonly listenerLeaks: readonly string[];
  /** Journal rows against the emulator's ledger, each disagreement in words; empty when they agree. */
  readonly disagreements: readonly string[];
  readonly journalRows: number;
  readonly ledgerRows: number;
  readonly outcomes: Readonly<Record<string, number>>;
}

/** The sales the soak rings up, in turn: approvals on every network and entry mode, and a decline. */
const rotation = [
  { cardId: 'visa-approve', method: 'insert' },
  { cardId: 'mastercard-approve', method: 'tap' },
  { cardId: 'diners-approve', method: 'swipe' },
  { cardId: 'discover-approve', method: 'insert' },
  { cardId: 'amex-approve', method: 'insert' },
  { cardId: 'jcb-approve', method: 'insert' },
  { cardId: 'visa-decline', method: 'insert' },
] as const;

/** The V8 collector, so memory is sampled after a full GC rather than whenever it last ran. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const megabytes = (bytes: number) => bytes / 2 ** 20;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function sample(gc: () => void): { heap: number; rss: number } {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

/** One sale: the card is presented when the lane asks for it, the signature on the screen. */
async function sale(
  core: Core,
  index: number,
  signature: ReturnType<typeof loadSignatures> extends Map<string, infer S> ? S : never,
): Promise<SaleSummary> {
  const { cardId, method } = rotation[index % rotation.length]!;
  const stop = core.events.subscribe((name, payload) => {
    if (name === 'terminal.state' && (payload as TerminalState).phase === 'awaiting-card') {
      void core.cardReaders.presentTestCard({ cardId, method });
    }
    if (name === 'signature.session' && (payload as SignatureSession).state === 'capturing')
      core.signature.submit(signature);
  });
  try {
    const reply = await core.dispatch('terminal.sale', { amountMinor: 100 + (index % 900) });
    if (!reply.ok) throw new Error(`soak sale ${index}: ${reply.error.message}`);
    return reply.result as SaleSummary;
  } finally {
    stop();
  }
}

/** Every journal row against the emulator's ledger, as the gateway's SQLite store keeps it: same orders, amounts and outcomes, nothing extra. */
function compare(journalPath: string, ledgerPath: string): LedgerAgreement {
  const journal = Journal.open(journalPath, { clock: { now: () => Date.now() }, terminalId: 'SOAK' });
  const ledger = new Database(ledgerPath, { readonly: true });
  try {
    // list() shows the newest 100 unless told; the soak compares every row.
    const rows = journal.list({ limit: Number.MAX_SAFE_INTEGER });
    const transactions = (ledger.prepare('SELECT record FROM transactions').all() as { record: string }[]).map(
      ({ record }) => JSON.parse(record) as LedgerTransaction,
    );
    // No answer is ever lost in the soak: a recovered row is a disagreement too.
    const agreement = journalAgainstLedger(rows, transactions, { completedOnly: true });
    return { ...agreement, disagreements: [...agreement.disagreements, ...agreement.doubleCharges] };
  } finally {
    ledger.close();
    journal.close();
  }
}

/** Runs the soak in a fresh temporary folder and reports what it saw. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const journalPath = join(dir, 'training-journal.sqlite');
  const ledgerPath = join(dir, 'training-gateway.sqlite');
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  const gc = collector();
  const logger = createLogger({
    level: 'error',
    destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  const settings = settingsSchema.parse({ signature: { policy: 'always', capture: 'screen' } });
  const core = createCore({
    training: laneTraining,
    settings,
    shell: 'browser',
    logger,
    journalPath,
    trainingGatewayPath: ledgerPath,
  });
  const signature = loadSignatures('assets/signatures').get('initials-short')!;
  const outcomes: Record<string, number> = {};
  let baseline = { heap: 0, rss: 0 };
  let end: { heap: number; rss: number };
  let started = 0;
  let seconds: number;
  const durations: number[] = [];
  try {
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    for (let i = 0; i < options.sales; i++) {
      if (i === options.warmup) {
        baseline = sample(gc);
        started = performance.now();
      }
      const saleStarted = performance.now();
      const summary = await sale(core, i, signature);
      if (i >= options.warmup) durations.push(performance.now() - saleStarted);
      if (!summary.printed)
        throw new Error(
          `soak sale ${i}: the receipt did not print (${summary.printProblem ?? 'no reason'}; the sale ended ${summary.outcome}${summary.reason ? `: ${summary.reason}` : ''})`,
        );
      outcomes[summary.outcome] = (outcomes[summary.outcome] ?? 0) + 1;
      options.onSale?.(i + 1);
    }
    seconds = (performance.now() - started) / 1000;
    // Sampled before the lane closes: closing frees what a leak would hold.
    end = sample(gc);
  } finally {
    await core.close();
  }
  process.off('warning', onWarning);
  const { disagreements, journalRows, ledgerRows } = compare(journalPath, ledgerPath);
  return {
    sales: options.sales,
    seconds,
    salesPerSecond: (options.sales - options.warmup) / seconds,
    p50Ms: percentile(durations, 50),
    p99Ms: percentile(durations, 99),
    heapGrowthPct: ((end.heap - baseline.heap) / baseline.heap) * 100,
    rssGrowthPct: ((end.rss - baseline.rss) / baseline.rss) * 100,
    heapAfterWarmupMb: megabytes(baseline.heap),
    rssAfterWarmupMb: megabytes(baseline.rss),
    heapMbPer1000Sales: (megabytes(end.heap - baseline.heap) * 1000) / (options.sales - options.warmup),
    rssMbPer1000Sales: (megabytes(end.rss - baseline.rss) * 1000) / (options.sales - options.warmup),
    warnings,
    listenerLeaks: warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning')),
    disagreements,
    journalRows,
    ledgerRows,
    outcomes,
  };
}
