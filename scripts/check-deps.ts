import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installedTreeProblems, lockFileProblems, type LockFile, type Manifest } from './deps/lock-file-check';

/**
 * `npm run deps [-- --offline] [--require-advisories]`: the dependency check. Offline, always:
 * the lock file (sha512 digests, the npm registry only, install scripts only where allowScripts
 * says) and the installed tree against it. Then, where the network allows, npm's advisory audit
 * (fails on a high or critical advisory) and its registry-signature audit. Where those cannot
 * reach their services it says so in a NOT CHECKED line; `--require-advisories` (a CI with the
 * network) makes that a failure. Exits 1 on any problem.
 */
const run = promisify(execFile);
const offline = process.argv.includes('--offline');
const requireAdvisories = process.argv.includes('--require-advisories');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

const manifest = readJson<Manifest>('package.json');
const lock = readJson<LockFile>('package-lock.json');
const problems = [
  ...lockFileProblems(manifest, lock),
  ...installedTreeProblems(lock, (lockPath) => {
    const file = join(lockPath, 'package.json');
    return existsSync(file) ? readJson<{ version?: string }>(file).version : undefined;
  }),
];
const packages = Object.keys(lock.packages ?? {}).filter(Boolean).length;
process.stdout.write(
  `deps: ${packages} locked packages: sha512 digests, the npm registry, install scripts, installed tree: ${problems.length === 0 ? 'ok' : `${problems.length} problems`}\n`,
);

interface NpmAnswer {
  readonly json: Record<string, unknown> | undefined;
  readonly failure: string | undefined;
}

/** Runs `npm <args> --json`; npm exits non-zero both for findings and for a service it cannot reach. */
async function npmJson(args: string[]): Promise<NpmAnswer> {
  let stdout: string;
  let stderr = '';
  try {
    ({ stdout } = await run('npm', [...args, '--json'], { maxBuffer: 64 * 2 ** 20, timeout: 120_000 }));
  } catch (error) {
    ({ stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string });
  }
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  const error = json?.error as { summary?: string } | undefined;
  const reason =
    (typeof json?.message === 'string' ? json.message : undefined) ??
    error?.summary ??
    (json ? undefined : (stderr.split('\n').find((line) => line.includes('error')) ?? 'no JSON answer'));
  return { json, failure: reason?.split('\n')[0] };
}

const notChecked: string[] = [];
if (offline) notChecked.push('advisories and registry signatures (--offline)');
else {
  const audit = await npmJson(['audit', '--audit-level=high']);
  const counts = (audit.json?.metadata as { vulnerabilities?: Record<string, number> } | undefined)?.vulnerabilities;
  if (!counts) notChecked.push(`advisories: npm audit could not ask the registry (${audit.failure})`);
  else {
    const serious = (counts.high ?? 0) + (counts.critical ?? 0);
    process.stdout.write(`deps: advisories: ${JSON.stringify(counts)}\n`);
    if (serious > 0) problems.push(`npm audit: ${serious} high or critical advisories (npm audit shows them)`);
  }
  const signatures = await npmJson(['audit', 'signatures']);
  const invalid = signatures.json?.invalid as unknown[] | undefined;
  const missing = signatures.json?.missing as unknown[] | undefined;
  if (!invalid || !missing)
    notChecked.push(`registry signatures: npm audit signatures could not fetch its keys (${signatures.failure})`);
  else {
    process.stdout.write(`deps: registry signatures: ${invalid.length} invalid, ${missing.length} missing\n`);
    if (invalid.length + missing.length > 0)
      problems.push(`npm audit signatures: ${invalid.length} invalid and ${missing.length} missing signatures`);
  }
}
for (const line of notChecked) process.stdout.write(`deps: NOT CHECKED: ${line}\n`);
if (requireAdvisories && notChecked.length > 0)
  problems.push('--require-advisories: the advisory and signature checks did not run');
for (const problem of problems) process.stdout.write(`deps: ${problem}\n`);
process.exitCode = problems.length > 0 ? 1 : 0;
