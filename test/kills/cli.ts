import { formatKillsReport } from './report';
import { runKills } from './run-kills';

/**
 * `npm run kills [-- --count N] [--seed S] [--quiet]`: the nightly random-kills run (default 200
 * kills; `LANEPOINT_KILLS_SEED` works too). Prints one line per kill, then the report; exits 1
 * on any double charge or mismatch, with the seed that replays the run.
 */
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const count = Number(argument('count') ?? 200);
const seed = Number(argument('seed') ?? process.env.LANEPOINT_KILLS_SEED ?? Date.now() % 0x7fffffff);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`--count must be a whole number of kills, got "${argument('count')}"`);
if (!Number.isInteger(seed))
  throw new Error(`--seed must be an integer, got "${argument('seed') ?? process.env.LANEPOINT_KILLS_SEED}"`);
const quiet = process.argv.includes('--quiet');
const started = Date.now();
const report = await runKills({
  count,
  seed,
  ...(quiet
    ? {}
    : {
        log: (line: string) =>
          process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${line}\n`),
      }),
});
process.stdout.write(`${formatKillsReport(report)}\n`);
process.exitCode = report.doubleCharges.length + report.mismatches.length > 0 ? 1 : 0;
