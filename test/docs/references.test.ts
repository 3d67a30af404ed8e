import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliCommandNames } from '../../src-main/shells/cli/main';
import { settingsEnvironment, settingsSchema } from '../../src-main/lane/config/settings';
import { backofficeCommands } from '../../src-main/backoffice/contract';
import { commandNames } from '../../src-main/lane/ipc/contract';
import { commandAccess } from '../../scripts/docs/command-access';
import { generatedReferences } from '../../scripts/docs/references';

const root = resolve(import.meta.dirname, '..', '..');
const committed = (path: string) => {
  try {
    return readFileSync(resolve(root, path), 'utf8');
  } catch {
    return undefined;
  }
};

describe('the generated references (npm run docs)', async () => {
  const files = await generatedReferences();
  const text = (path: string) => files.find((file) => file.path === path)?.text ?? '';

  it.each(files.map((file) => [file.path, file] as const))('%s is what the code says', (path, file) => {
    const kept = committed(path);
    if (kept !== file.text)
      expect.fail(`${path} differs from what the code says (or is missing): run \`npm run docs\` and commit it`);
  });

  it('lists every setting a fresh install has, staff.members and the environment variables among them', () => {
    const settings = text('docs/reference/settings.md');
    const keysOf = (value: unknown, prefix = ''): string[] =>
      Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
        child && typeof child === 'object' && !Array.isArray(child) && Object.keys(child).length > 0
          ? keysOf(child, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    for (const key of keysOf(settingsSchema.parse({}))) expect(settings, key).toContain(`| \`${key}\` |`);
    expect(settings).toContain('| `staff.members` |');
    expect(settings).toContain('| `staff.members[].pin` |');
    for (const { variable } of settingsEnvironment) expect(settings, variable).toContain(`\`${variable}\``);
  });

  it('lists every lanepoint command and every command of both contracts', () => {
    const cli = text('docs/reference/cli.md');
    for (const name of cliCommandNames) expect(cli, name).toContain(`### \`lanepoint ${name}\``);
    for (const name of [...commandNames, ...Object.keys(backofficeCommands)])
      expect(cli, name).toContain(`| \`${name}\` |`);
  });
});

describe('who may call a command, read from its handler', () => {
  it('names the check each kind of handler makes', async () => {
    const access = await commandAccess();
    expect(access.get('app.info')).toBe('anyone');
    expect(access.get('terminal.capture')).toBe('signed in: to capture a sale');
    expect(access.get('settings.update')).toBe('a manager (a cashier gives `managerPin`): to change settings');
    expect(access.get('kiosk.pay')).toBe('the kiosk\u2019s customer, or signed in: to take a payment');
    expect(access.get('terminal.skipSignature')).toBe('signed in');
    expect(access.get('training.settleBatches')).toBe('anyone, in training only');
    expect(access.get('terminal.refund')).toContain('a manager (a cashier gives `managerPin`): to refund more than');
    expect(access.get('terminal.sale')).toMatch(/^`tender: "forced-credit"`: signed in: .+; other tenders: the kiosk/);
  });
});
