import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { packageOf } from '../../scripts/deps/declared-imports-rule';

// Issue 31: every import is a declared dependency, and code that ships imports no
// devDependency. Checked through the project's real ESLint config and its package.json.
const eslint = new ESLint({ cwd: process.cwd() });

async function undeclaredErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'lanepoint/declared-imports')
    .map((message) => message.message);
}

describe('the declared-imports lint rule', () => {
  it.each([
    ['src-main/lane/receipt/probe.ts', "import leftPad from 'left-pad';\nleftPad();"],
    ['src-main/lane/receipt/probe.ts', "export { thing } from '@scope/undeclared/deep';"],
    ['src-main/lane/receipt/probe.ts', "export * from 'undeclared';"],
    ['src-main/lane/receipt/probe.ts', "await import('undeclared');"],
    ['src-main/lane/receipt/probe.ts', "import type { Thing } from 'undeclared';\nexport type T = Thing;"],
    ['test/probe.test.ts', "import 'undeclared';"],
    ['src-renderer/components/Probe.tsx', "import 'undeclared';"],
  ])('refuses a package package.json does not declare (%s: %s)', async (file, code) => {
    const errors = await undeclaredErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/is not declared in package\.json/);
  });

  it('refuses a devDependency in code that ships, but not in tests or `import type`', async () => {
    const code = "import { chromium } from 'playwright-core';\nchromium.name();";
    for (const file of ['src-main/lane/core/probe.ts', 'drivers/transport/probe.ts', 'bin/probe.mjs']) {
      expect(await undeclaredErrors(file, code)).toEqual([
        '"playwright-core" is one of package.json\'s devDependencies, which code that ships cannot import (the installed app has only dependencies, optionalDependencies).',
      ]);
    }
    expect(await undeclaredErrors('test/probe.test.ts', code)).toEqual([]);
    expect(await undeclaredErrors('bench/probe.ts', code)).toEqual([]);
    const typeOnly = "import type { Browser } from 'playwright-core';\nexport type B = Browser;";
    expect(await undeclaredErrors('src-main/lane/core/probe.ts', typeOnly)).toEqual([]);
  });

  it('lets the Electron shell import electron, which the runtime provides', async () => {
    const code = "import { app } from 'electron';\napp.quit();";
    expect(await undeclaredErrors('src-main/shells/electron/probe.ts', code)).toEqual([]);
  });

  it('accepts declared packages, their subpaths, built-ins and relative files', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { SerialPort } from 'serialport';",
      "import CodepageEncoder from '@point-of-sale/codepage-encoder';",
      "import creditCardType from 'credit-card-type';",
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      "import { setTimeout as sleep } from 'timers/promises';",
      "import { thing } from './thing';",
      'export { z, SerialPort, CodepageEncoder, creditCardType, readFileSync, join, sleep, thing };',
    ].join('\n');
    expect(await undeclaredErrors('src-main/lane/receipt/probe.ts', code)).toEqual([]);
  });

  it('names the package a specifier loads', () => {
    expect(packageOf('@point-of-sale/codepage-encoder/dist/x.js')).toBe('@point-of-sale/codepage-encoder');
    expect(packageOf('tsx/esm/api')).toBe('tsx');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs/promises')).toBeUndefined();
    expect(packageOf('../src-main/shells/cli/main')).toBeUndefined();
  });

  it('holds for the two imports issue 31 found undeclared', () => {
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string>; dev?: boolean }>;
    };
    for (const name of ['@point-of-sale/codepage-encoder', 'credit-card-type']) {
      const locked = lock.packages[`node_modules/${name}`]!;
      expect(dependencies[name]).toBe(`^${locked.version}`);
      expect(lock.packages['']!.dependencies?.[name]).toBe(dependencies[name]);
      expect(locked.dev).toBeUndefined();
    }
  });
});
