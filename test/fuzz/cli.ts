import { Worker } from 'node:worker_threads';
import { toHex } from './mutator';
import { formatFindings, formatFuzzTable, type FuzzReport } from './runner';
import { budgets, fuzzTargets } from './targets';

/**
 * `npm run fuzz [-- --inputs N] [--seed S] [--only text]`: every parser target for its share of
 * N inputs (default 1,000,000), one worker thread at a time. A worker whose input counter stands
 * still for `stallSeconds` is in an endless loop: it is terminated and reported as a hang with
 * the input it was on. Prints the table and each finding's minimal input in hex; exits 1 on any
 * crash or hang.
 */
const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const total = Number(argument('inputs') ?? 1_000_000);
const seed = Number(argument('seed') ?? 0x5eed);
const only = argument('only');
const stallSeconds = 10;
const startupSeconds = 120;
const maxInput = 1 << 20;

function runInWorker(index: number, inputs: number): Promise<FuzzReport> {
  const shared = new SharedArrayBuffer(8 + maxInput);
  const header = new Int32Array(shared, 0, 2);
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
    workerData: { index, inputs, seed, shared },
  });
  return new Promise((resolve, reject) => {
    let last = -1;
    let still = 0;
    const watchdog = setInterval(() => {
      const count = Atomics.load(header, 0);
      still = count === last ? still + 1 : 0;
      last = count;
      // Before the first input the worker is still loading its modules, slow on a busy machine.
      if (still < (count === 0 ? startupSeconds : stallSeconds)) return;
      clearInterval(watchdog);
      const input = new Uint8Array(shared, 8, Atomics.load(header, 1)).slice();
      void worker.terminate();
      const error = `no answer after ${stallSeconds} s (an endless loop)`;
      resolve({
        target: fuzzTargets[index]!.name,
        inputs: count,
        typed: 0,
        accepted: 0,
        crashes: 0,
        hangs: 1,
        slowestMs: stallSeconds * 1000,
        findings: [{ kind: 'hang', input, hex: toHex(input), error, ms: stallSeconds * 1000 }],
      });
    }, 1000);
    worker.once('message', (report: FuzzReport) => {
      clearInterval(watchdog);
      resolve(report);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearInterval(watchdog);
      reject(error);
    });
  });
}

const shares = budgets(total);
const reports: FuzzReport[] = [];
const started = Date.now();
for (const [index, target] of fuzzTargets.entries()) {
  if (only && !target.name.includes(only)) continue;
  const report = await runInWorker(index, shares[index] ?? 0);
  reports.push(report);
  process.stderr.write(
    `${target.name}: ${report.inputs} inputs, ${report.crashes} crashes, ${report.hangs} hangs (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}
process.stdout.write(`${formatFuzzTable(reports)}\n`);
const findings = formatFindings(reports);
if (findings) process.stdout.write(`\n${findings}\n`);
const failed = reports.some((report) => report.crashes > 0 || report.hangs > 0);
process.stdout.write(
  `\n${failed ? 'FAILED' : 'ok'}: ${reports.reduce((sum, r) => sum + r.inputs, 0)} inputs in ${((Date.now() - started) / 1000).toFixed(0)} s, seed ${seed}\n`,
);
process.exitCode = failed ? 1 : 0;
