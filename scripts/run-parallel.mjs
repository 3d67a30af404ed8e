// Runs npm scripts side by side and waits for all of them: `npm test` checks types, lint and
// formatting at once (each is one process on one core; the test machines have two). Each
// script's output is printed whole when it ends, so the logs do not interleave. Exits 1, naming
// the scripts that failed, when any did.
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
    child.on('error', (error) => resolve({ name, code: 1, output: [Buffer.from(`${error.message}\n`)], started }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, started }));
  });
}

const results = await Promise.all(names.map(run));
for (const { name, code, output, started } of results) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
  process.stdout.write(Buffer.concat(output));
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
