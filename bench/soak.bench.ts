import type { BenchResult } from './harness';
import { runSoak } from './soak';

const signed = (value: number, digits = 1) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

/** Growth of heap or RSS after the warm-up that fails the soak. */
const maxGrowthPct = 10;

/**
 * Issue 22's soak rows: 10,000 training sales (LANEPOINT_SOAK_SALES to change it) through the
 * core, the first tenth as warm-up. Throws, failing the bench, on a listener-leak warning, a
 * journal row the gateway's ledger disagrees with, or memory that grew 10 % or more after the
 * warm-up. It takes a while (a few sales a second on a busy 2-core machine), so it runs only
 * when asked for: `npm run bench -- soak`.
 */
export async function soakBenchmarks(): Promise<BenchResult[]> {
  const sales = Number(process.env.LANEPOINT_SOAK_SALES ?? 10_000);
  const warmup = Math.floor(sales / 10);
  const result = await runSoak({
    sales,
    warmup,
    onSale: (done) => {
      if (done % 500 === 0) process.stderr.write(`soak: ${done} of ${sales} sales\n`);
    },
  });
  const problems = [
    ...result.listenerLeaks,
    ...result.disagreements.slice(0, 10),
    ...(result.heapGrowthPct >= maxGrowthPct
      ? [`heap grew ${result.heapGrowthPct.toFixed(1)} % after the warm-up (bound ${maxGrowthPct} %)`]
      : []),
    ...(result.rssGrowthPct >= maxGrowthPct
      ? [`RSS grew ${result.rssGrowthPct.toFixed(1)} % after the warm-up (bound ${maxGrowthPct} %)`]
      : []),
  ];
  if (problems.length > 0) throw new Error(`the soak failed:\n${problems.join('\n')}`);
  const measured = sales - warmup;
  return [
    {
      name: `soak: ${sales} training sales through the core (card, on-screen signature, 2 receipts, journal, emulator over HTTP)`,
      samples: measured,
      opsPerSecond: result.salesPerSecond,
      meanMs: 1000 / result.salesPerSecond,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
    },
    {
      name: `soak: memory growth after ${warmup} warm-up sales (bound ${maxGrowthPct} %)`,
      samples: measured,
      opsPerSecond: 0,
      meanMs: 0,
      p50Ms: 0,
      p99Ms: 0,
      note: `heap ${signed(result.heapGrowthPct)} % of ${result.heapAfterWarmupMb.toFixed(0)} MB (${signed(result.heapMbPer1000Sales, 2)} MB per 1,000 sales), RSS ${signed(result.rssGrowthPct)} % of ${result.rssAfterWarmupMb.toFixed(0)} MB (${signed(result.rssMbPer1000Sales, 2)} MB per 1,000 sales); the ${sales - warmup} sales after the warm-up took ${result.seconds.toFixed(0)} s`,
    },
    {
      name: 'soak: journal against the gateway ledger, listener-leak warnings',
      samples: sales,
      opsPerSecond: 0,
      meanMs: 0,
      p50Ms: 0,
      p99Ms: 0,
      note: `${result.journalRows} journal rows = ${result.ledgerRows} ledger transactions (${Object.entries(
        result.outcomes,
      )
        .map(([outcome, count]) => `${count} ${outcome}`)
        .join(', ')}), 0 disagreements, 0 warnings`,
    },
  ];
}
