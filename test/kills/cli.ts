import { formatKillsReport, formatOfflineKillsReport } from './report';
import { runKills } from './run-kills';
import { runOfflineKills } from './run-offline-kills';

/**
 * `npm run kills [-- --count N] [--seed S] [--quiet] [--offline N | --no-offline]`: the nightly
 * random-kills run (default 200 kills; `LANEPOINT_KILLS_SEED` works too), then the offline
 * store-and-forward run (default 50 kills; `--offline N` runs only it, with N kills). Prints one
 * line per kill, then the reports; exits 1 on any double charge, lost sale or mismatch, with the
 * seed that replays the run.
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
const offlineOnly = process.argv.includes('--offline');
const offlineCount = Number(argument('offline') ?? 50);
if (!Number.isInteger(offlineCount) || offlineCount < 1)
  throw new Error(`--offline must be a whole number of kills, got "${argument('offline')}"`);
const started = Date.now();
const log = quiet
  ? {}
  : {
      log: (line: string) =>
        process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  ${line}\n`),
    };
let failed = false;
if (!offlineOnly) {
  const report = await runKills({ count, seed, ...log });
  process.stdout.write(`${formatKillsReport(report)}\n`);
  failed ||= report.doubleCharges.length + report.mismatches.length > 0;
}
if (!process.argv.includes('--no-offline')) {
  const report = await runOfflineKills({ count: offlineCount, seed, ...log });
  process.stdout.write(`${formatOfflineKillsReport(report)}\n`);
  failed ||= report.lost.length + report.doubled.length + report.mismatches.length > 0;
}
process.exitCode = failed ? 1 : 0;
