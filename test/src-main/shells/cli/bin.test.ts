import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../../../scripts/build-cli';
import { sourcesNewerThanBuild, staleBuildWarning } from '../../../../src-main/shells/cli/build-freshness';
import { lanepointFromSource } from '../../../support/lanepoint-from-source';

// Issue 31, item 5: the installed command runs compiled JavaScript. A process started with
// `--import <guard>` fails on the first module it resolves from tsx or from a TypeScript file.
const guard = `
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const path = new URL(resolved.url).pathname;
  if (path.includes('/node_modules/tsx/') || /\\.[cm]?tsx?$/.test(path)) throw new Error('loaded ' + path);
  return resolved;
}`;
const registerGuard = (file: string) =>
  `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(file).href)});`;

/** A checkout-shaped folder holding only the bin, the compiled CLI and node_modules. */
let installed: string;
let guardFlag: string[];

beforeAll(async () => {
  installed = mkdtempSync(join(tmpdir(), 'lanepoint-bin-'));
  mkdirSync(join(installed, 'bin'));
  copyFileSync('bin/lanepoint.mjs', join(installed, 'bin', 'lanepoint.mjs'));
  symlinkSync(resolve('node_modules'), join(installed, 'node_modules'), 'dir');
  await buildCli(process.cwd(), join(installed, 'out', 'cli'));
  const hooks = join(installed, 'guard-hooks.mjs');
  writeFileSync(hooks, guard);
  const register = join(installed, 'guard.mjs');
  writeFileSync(register, registerGuard(hooks));
  guardFlag = ['--import', pathToFileURL(register).href];
}, 60_000);

// The folder links the checkout's node_modules: removing it removes the link, never what it names.
afterAll(() => rmSync(installed, { recursive: true, force: true }));

function run(args: string[], cwd = process.cwd()) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
}

describe('bin/lanepoint.mjs', () => {
  it('runs the compiled CLI without loading tsx or any TypeScript file', () => {
    const help = run([...guardFlag, join(installed, 'bin', 'lanepoint.mjs'), '--help']);
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: lanepoint/);
  });

  it('(the guard works: the CLI from source trips it)', () => {
    const fromSource = run([...guardFlag, ...lanepointFromSource, '--help']);
    expect(fromSource.status).not.toBe(0);
    expect(fromSource.stderr).toMatch(/loaded .*(node_modules\/tsx\/|\.ts)/);
  });

  it('says how to build when out/cli is missing', () => {
    const bare = mkdtempSync(join(tmpdir(), 'lanepoint-unbuilt-'));
    mkdirSync(join(bare, 'bin'));
    copyFileSync('bin/lanepoint.mjs', join(bare, 'bin', 'lanepoint.mjs'));
    const unbuilt = run([join(bare, 'bin', 'lanepoint.mjs'), '--help']);
    expect(unbuilt.status).toBe(1);
    expect(unbuilt.stderr).toMatch(/not built .*run "npm run build"/);
  });

  it('is not a production dependency, and neither is anything the bin loads from source', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(Object.keys(manifest.devDependencies)).toContain('tsx');
    expect(readFileSync('bin/lanepoint.mjs', 'utf8')).not.toMatch(/from 'tsx|import\('tsx|\.ts'\)/);
  });
});

describe('a compiled CLI older than its sources', () => {
  it('names the changed sources, and says nothing from source or when nothing changed', () => {
    const root = mkdtempSync(join(tmpdir(), 'lanepoint-stale-'));
    mkdirSync(join(root, 'out', 'cli'), { recursive: true });
    mkdirSync(join(root, 'src-main'));
    const entry = join(root, 'out', 'cli', 'lanepoint.js');
    writeFileSync(entry, '');
    writeFileSync(
      join(root, 'out', 'cli', 'inputs.json'),
      JSON.stringify({ inputs: ['src-main/a.ts', 'src-main/gone.ts'] }),
    );
    writeFileSync(join(root, 'src-main', 'a.ts'), '');
    const entryUrl = pathToFileURL(entry).href;
    utimesSync(join(root, 'src-main', 'a.ts'), 1_000, 1_000);
    utimesSync(entry, 2_000, 2_000);
    expect(sourcesNewerThanBuild(entryUrl)).toEqual([]);
    expect(staleBuildWarning(entryUrl)).toBeUndefined();

    utimesSync(join(root, 'src-main', 'a.ts'), 3_000, 3_000);
    expect(sourcesNewerThanBuild(entryUrl)).toEqual(['src-main/a.ts']);
    expect(staleBuildWarning(entryUrl)).toMatch(
      /src-main\/a\.ts changed after the CLI in .* was built; run "npm run build"/,
    );

    expect(sourcesNewerThanBuild(pathToFileURL(join(root, 'src-main', 'a.ts')).href)).toEqual([]);
  });
});
