/**
 * `npm run bench [-- filter]`: runs the benchmarks and prints one table. A developer's tool, not
 * a command of the installed lane: the cases drive the lane through test support that is not
 * shipped, so the product's CLI does not import them (the layout by program, ADR 060).
 */
import { formatTable, runBenchmarks } from './run';

/** The name filter of the command line, or the reason it is not one. */
export function benchFilter(args: readonly string[]): { filter: string | undefined } | { refused: string } {
  const options = args.filter((arg) => arg.startsWith('-'));
  if (options.length > 0) return { refused: `bench takes no option "${options[0]}"` };
  if (args.length > 1) return { refused: 'bench takes at most one name filter' };
  return { filter: args[0] };
}

export interface BenchIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

/** The command's whole run; its exit code (2 for a bad command line, 1 when no case matched). */
export async function runBenchMain(args: readonly string[], io: BenchIo): Promise<number> {
  const parsed = benchFilter(args);
  if ('refused' in parsed) {
    io.stderr(
      `${parsed.refused}\nusage: npm run bench [-- name-filter]   (soak runs only when named: npm run bench -- soak)`,
    );
    return 2;
  }
  const results = await runBenchmarks(parsed.filter);
  if (results.length === 0) {
    io.stderr(`No benchmark matches "${parsed.filter ?? ''}".`);
    return 1;
  }
  io.stdout(formatTable(results));
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const io: BenchIo = {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await runBenchMain(process.argv.slice(2), io);
}
