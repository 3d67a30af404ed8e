import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const runParallel = resolve('scripts/run-parallel.mjs');

/** Runs scripts/run-parallel.mjs in a folder whose package.json has `scripts`. */
function run(scripts: Record<string, string>, names: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'run-parallel-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'run-parallel-test', private: true, scripts }));
  return spawnSync(process.execPath, [runParallel, ...names], { cwd: folder, encoding: 'utf8', timeout: 60_000 });
}

describe('scripts/run-parallel.mjs', () => {
  it('runs the scripts side by side, says when each ends, prints each whole under its name, and passes when all pass', () => {
    const result = run({ one: `node -e "console.log('from one')"`, two: `node -e "console.log('from two')"` }, [
      'one',
      'two',
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^run-parallel: (one|two) passed in \d+\.\d s\nrun-parallel: (one|two) passed in/);
    expect(result.stdout).toMatch(/\n> one: passed in \d+\.\d s\nfrom one\n/);
    expect(result.stdout).toMatch(/\n> two: passed in \d+\.\d s\nfrom two\n/);
  });

  it('fails naming the script that failed, after the others ran to their end', () => {
    const result = run({ good: `node -e "console.log('done')"`, bad: 'node -e "process.exit(3)"' }, ['good', 'bad']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/\n> good: passed in .*\ndone\n/);
    expect(result.stdout).toContain('run-parallel: bad failed (exit 3)');
    expect(result.stdout).toContain('> bad: failed (exit 3)');
    expect(result.stderr).toContain('failed: bad');
  });

  it('without a script, says how to use it and exits 2', () => {
    const result = run({}, []);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: node scripts/run-parallel.mjs <npm script>');
  });
});
