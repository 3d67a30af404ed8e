import type { CliIo } from './io';

/** `lanepoint bench [filter]`: run the benchmarks and print one table. */
export async function runBenchCommand(io: CliIo, filter: string | undefined): Promise<number> {
  // Loaded on demand: the benchmarks are not part of the running terminal.
  const { runBenchmarks, formatTable } = await import('../../../bench/run');
  const results = await runBenchmarks(filter);
  if (results.length === 0) {
    io.stderr(`No benchmark matches "${filter ?? ''}".`);
    return 1;
  }
  io.stdout(formatTable(results));
  return 0;
}
