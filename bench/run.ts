import { foundationBenchmarks } from './foundation.bench';
import { gatewayBenchmarks } from './gateway.bench';
import { formatTable, measure, type BenchResult } from './harness';

/** Every benchmark the project has; later issues append their cases here. */
export const allBenchmarks = [...foundationBenchmarks, ...gatewayBenchmarks];

/** Runs the cases one after another (never in parallel: they would skew each other). */
export async function runBenchmarks(filter?: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const benchCase of allBenchmarks) {
    if (filter && !benchCase.name.includes(filter)) continue;
    results.push(await measure(benchCase));
  }
  return results;
}

export { formatTable };
