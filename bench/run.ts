import { foundationBenchmarks } from './foundation.bench';
import { bridgeBenchmarks } from './bridge.bench';
import { cardReaderBenchmarks } from './card-reader.bench';
import { emulatorBenchmarks } from './emulator.bench';
import { gatewayBenchmarks } from './gateway.bench';
import { receiptBenchmarks } from './receipt.bench';
import { signatureBenchmarks } from './signature.bench';
import { terminalBenchmarks } from './terminal.bench';
import { rendererBenchmarks, rendererSize } from './renderer.bench';
import { soakBenchmarks } from './soak.bench';
import { walletBenchmarks } from './wallet.bench';
import { kioskBenchmarks } from './kiosk.bench';
import { startBenchmarks } from './start.bench';
import { dayBenchmarks } from './day.bench';
import { hubOutboxBenchmarks } from './hub-outbox.bench';
import { offlineLinkBenchmarks } from './offline-link.bench';
import { offlineStoreBenchmarks } from './offline-store.bench';
import { hubBenchmarks } from './hub.bench';
import { integratedTerminalBenchmarks } from './integrated-terminal.bench';
import { customerDisplayBenchmarks } from './customer-display.bench';
import { formatTable, measure, type BenchResult } from './harness';

/** Every benchmark the project has; later issues append their cases here. */
export const allBenchmarks = [
  ...foundationBenchmarks,
  ...bridgeBenchmarks,
  ...gatewayBenchmarks,
  ...cardReaderBenchmarks,
  ...signatureBenchmarks,
  ...receiptBenchmarks,
  ...terminalBenchmarks,
  ...rendererBenchmarks,
  ...walletBenchmarks,
  ...kioskBenchmarks,
  ...startBenchmarks,
  ...dayBenchmarks,
  ...hubOutboxBenchmarks,
  ...integratedTerminalBenchmarks,
  ...customerDisplayBenchmarks,
];

const loadRuns = [
  { keywords: ['emulator', 'bare', 'concurrency'], run: emulatorBenchmarks },
  { keywords: ['renderer', 'javascript'], run: async () => rendererSize() },
  // Real time on the real emulator: the link's probe cadence, a few seconds a cycle.
  { keywords: ['offline', 'link'], run: offlineLinkBenchmarks },
  // A real journal file and the emulator: storing against selling online, then forwarding.
  { keywords: ['offline', 'store', 'forward'], run: offlineStoreBenchmarks },
  // A chain's day into the hub on a real PostgreSQL server (a minute or more): only when named.
  { keywords: ['hub', 'chain'], run: hubBenchmarks, onlyWhenNamed: true },
  // Minutes long: only when the filter names it (`npm run bench -- soak`), never in a plain run.
  { keywords: ['soak'], run: soakBenchmarks, onlyWhenNamed: true },
];

/** Runs the cases one after another (never in parallel: they would skew each other). */
export async function runBenchmarks(filter?: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const benchCase of allBenchmarks) {
    if (filter && !benchCase.name.includes(filter)) continue;
    results.push(await measure(benchCase));
  }
  // Load runs measure wall-clock throughput, not one call at a time, so they report their own
  // rows; they run only when the filter could match one of them.
  for (const loadRun of loadRuns) {
    if (!filter && 'onlyWhenNamed' in loadRun) continue;
    if (filter && !loadRun.keywords.some((keyword) => keyword.includes(filter) || filter.includes(keyword))) continue;
    const rows = await loadRun.run();
    results.push(...rows.filter((row) => !filter || row.name.includes(filter)));
  }
  return results;
}

export { formatTable };
