import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  installedTreeProblems,
  lockFileProblems,
  type LockFile,
  type Manifest,
} from '../../scripts/deps/lock-file-check';

const sha512 = 'sha512-AAAA';
const manifest: Manifest = {
  dependencies: { zod: '^4.0.0' },
  devDependencies: { esbuild: '^0.28.0' },
  allowScripts: { esbuild: true },
};
const lock: LockFile = {
  lockfileVersion: 3,
  packages: {
    '': { dependencies: { zod: '^4.0.0' }, devDependencies: { esbuild: '^0.28.0' } },
    'node_modules/zod': { version: '4.1.0', integrity: sha512 },
    'node_modules/esbuild': { version: '0.28.2', integrity: sha512, hasInstallScript: true },
    'node_modules/@esbuild/win32-x64': { version: '0.28.2', integrity: sha512, optional: true },
  },
};
const withPackage = (path: string, entry: object): LockFile => ({
  ...lock,
  packages: { ...lock.packages, [path]: entry },
});

describe('the offline dependency check', () => {
  it('passes a lock file that pins every package by sha512 from the registry', () => {
    expect(lockFileProblems(manifest, lock)).toEqual([]);
  });

  it('names a package without a sha512 digest, one from elsewhere, and an install script not allowed', () => {
    expect(
      lockFileProblems(manifest, withPackage('node_modules/a/node_modules/left-pad', { version: '1.0.0' })),
    ).toEqual(['node_modules/a/node_modules/left-pad@1.0.0: no sha512 integrity (none)']);
    expect(
      lockFileProblems(
        manifest,
        withPackage('node_modules/evil', {
          version: '1.0.0',
          integrity: 'sha1-abc',
          resolved: 'https://example.invalid/evil-1.0.0.tgz',
          hasInstallScript: true,
        }),
      ),
    ).toEqual([
      'node_modules/evil@1.0.0: no sha512 integrity (sha1)',
      'node_modules/evil@1.0.0: resolved from https://example.invalid/evil-1.0.0.tgz, not from https://registry.npmjs.org/',
      "node_modules/evil@1.0.0: runs an install script but is not in package.json's allowScripts",
    ]);
  });

  it('names a lock file out of step with package.json, an old lock format and a stale allowScripts entry', () => {
    expect(lockFileProblems({ ...manifest, dependencies: { zod: '^4.2.0' } }, lock)).toEqual([
      'dependencies.zod: package.json asks for ^4.2.0, package-lock.json has ^4.0.0: run npm install',
    ]);
    expect(lockFileProblems(manifest, { lockfileVersion: 1 })).toEqual([
      'package-lock.json has lockfileVersion 1: run npm install with npm 7 or later',
    ]);
    expect(lockFileProblems({ ...manifest, allowScripts: { esbuild: true, zod: true } }, lock)).toEqual([
      'allowScripts.zod: no locked package of that name has an install script; remove it',
    ]);
  });

  it('names an installed package missing or at another version, but not an absent optional one', () => {
    const installed: Record<string, string> = { 'node_modules/zod': '4.0.9' };
    expect(installedTreeProblems(lock, (path) => installed[path])).toEqual([
      'node_modules/zod: locked at 4.1.0 but 4.0.9 is installed: run npm ci',
      'node_modules/esbuild: locked at 0.28.2 but not installed: run npm ci',
    ]);
  });

  it("passes the project's own lock file", () => {
    const read = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
    expect(lockFileProblems(read<Manifest>('package.json'), read<LockFile>('package-lock.json'))).toEqual([]);
  });
});
