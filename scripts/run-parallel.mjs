// Runs npm scripts side by side and waits for all of them: `npm test` checks types, lint and
// formatting at once (each is one process on one core; the test machines have two), and runs
// the end-to-end suite beside the rest (docs/developers.md, test tiers). Each script's output is
// printed whole when it ends, so the logs do not interleave; one line says when each one ends.
// Exits 1, naming the scripts that failed, when any did.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script>...]');
  process.exit(2);
}

function run(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const end = (code, more = []) => {
      if (ended) return;
      ended = true;
      // Each script's own time, taken when it ends (not when the last of them does).
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `failed (exit ${code})`;
      process.stdout.write(`run-parallel: ${name} ${verdict} in ${seconds} s\n`);
      resolve({ name, code, output: [...output, ...more], verdict, seconds });
    };
    child.on('error', (error) => end(1, [Buffer.from(`${error.message}\n`)]));
    child.on('close', (code) => end(code ?? 1));
  });
}

const results = await Promise.all(names.map(run));
for (const { name, output, verdict, seconds } of results) {
  process.stdout.write(`\n> ${name}: ${verdict} in ${seconds} s\n`);
  process.stdout.write(Buffer.concat(output));
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
