import { performance } from 'node:perf_hooks';

/** One row of the benchmark table. */
export interface BenchResult {
  readonly name: string;
  readonly samples: number;
  readonly opsPerSecond: number;
  readonly meanMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /**
   * Time relative to the case's baseline (e.g. 2.1 = 2.1x slower), when it has one: the median
   * of the ratios of back-to-back pairs, the case and the baseline timed in turns.
   */
  readonly vsBaseline?: { readonly name: string; readonly ratio: number };
  /** A figure that is not a time (a size), shown in the last column instead of a comparison. */
  readonly note?: string;
}

/** What `run` may return to time a slice of itself instead of the whole call. */
export interface MeasuredSlice {
  readonly measuredMs: number;
}

export interface BenchCase {
  readonly name: string;
  /** Runs before timing starts (open servers, build inputs); its result is passed to `run`. */
  readonly setup?: () => Promise<unknown> | unknown;
  readonly run: (context: unknown) => Promise<unknown> | unknown;
  readonly teardown?: (context: unknown) => Promise<void> | void;
  /** Timed iterations after the warm-up; kept bounded so a run ends on a 2-core machine. */
  readonly iterations?: number;
  /** A reference to compare with, timed the same way on the same context. */
  readonly baseline?: { readonly name: string; readonly run: (context: unknown) => unknown };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Runs once and returns its time: the slice it reports (MeasuredSlice), or the whole call. */
async function timeOne(run: (context: unknown) => unknown, context: unknown): Promise<number> {
  const started = performance.now();
  const result = await run(context);
  const slice =
    result !== null && typeof result === 'object' && 'measuredMs' in result
      ? (result as MeasuredSlice).measuredMs
      : undefined;
  return slice ?? performance.now() - started;
}

const warmupOf = (iterations: number) => Math.max(10, Math.floor(iterations / 10));

async function timeRuns(run: (context: unknown) => unknown, context: unknown, iterations: number): Promise<number[]> {
  for (let i = 0; i < warmupOf(iterations); i++) await run(context);
  const durations: number[] = [];
  for (let i = 0; i < iterations; i++) durations.push(await timeOne(run, context));
  return durations;
}

/**
 * The case and its baseline in turns, one of each per pair, the pair's order swapped every
 * time: both see the same machine (another process busy, a GC, a throttled core) within
 * milliseconds of each other, so their ratio holds on a busy machine where timing all of one and
 * then all of the other does not.
 */
async function timePairs(
  run: (context: unknown) => unknown,
  baseline: (context: unknown) => unknown,
  context: unknown,
  iterations: number,
): Promise<{ durations: number[]; baselineDurations: number[] }> {
  for (let i = 0; i < warmupOf(iterations); i++) {
    await run(context);
    await baseline(context);
  }
  const durations: number[] = [];
  const baselineDurations: number[] = [];
  for (let i = 0; i < iterations; i++) {
    if (i % 2 === 0) {
      durations.push(await timeOne(run, context));
      baselineDurations.push(await timeOne(baseline, context));
    } else {
      baselineDurations.push(await timeOne(baseline, context));
      durations.push(await timeOne(run, context));
    }
  }
  return { durations, baselineDurations };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * Times each iteration separately so the table shows tail latency, not just the mean. With a
 * baseline, the two alternate (timePairs) and the ratio is the median of the pairs' ratios: a
 * pair that a pause on the machine hit is an outlier, not a shift of the whole figure.
 */
export async function measure(benchCase: BenchCase): Promise<BenchResult> {
  const context = await benchCase.setup?.();
  const iterations = benchCase.iterations ?? 2000;
  try {
    const { durations, baselineDurations } = benchCase.baseline
      ? await timePairs(benchCase.run, benchCase.baseline.run, context, iterations)
      : { durations: await timeRuns(benchCase.run, context, iterations), baselineDurations: [] };
    const total = sum(durations);
    const sorted = ascending(durations);
    const pairRatios = ascending(durations.map((duration, i) => duration / (baselineDurations[i] ?? Number.NaN)));
    return {
      name: benchCase.name,
      samples: iterations,
      opsPerSecond: iterations / (total / 1000),
      meanMs: total / iterations,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      ...(benchCase.baseline
        ? { vsBaseline: { name: benchCase.baseline.name, ratio: percentile(pairRatios, 50) } }
        : {}),
    };
  } finally {
    await benchCase.teardown?.(context);
  }
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** Formats the results as one aligned text table. */
export function formatTable(results: readonly BenchResult[]): string {
  const header = ['benchmark', 'ops/s', 'mean µs', 'p50 µs', 'p99 µs', 'samples', 'vs baseline / figure'];
  const rows = results.map((r) =>
    r.note !== undefined
      ? [r.name, '', '', '', '', String(r.samples), r.note]
      : [
          r.name,
          fixed(r.opsPerSecond, 0),
          fixed(r.meanMs * 1000, 1),
          fixed(r.p50Ms * 1000, 1),
          fixed(r.p99Ms * 1000, 1),
          String(r.samples),
          r.vsBaseline ? `${fixed(r.vsBaseline.ratio, 2)}x ${r.vsBaseline.name}` : '',
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
