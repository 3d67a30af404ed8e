// Issue 30, item 3: a printer's device file accepted any path. With the manager's PIN the printer
// could be set to the lane's own secrets.json, and a test print (nobody signed in) appended 453
// bytes to it, breaking the Settings screen.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootCore } from '../../src-main/lane/core/boot';
import type { Core } from '../../src-main/lane/core/core';
import { freshFolder } from '../src-main/lane/config/folders';
import { collectingLogger, ok, until } from '../support/test-core';
import { laneTraining } from '../../src-main/shells/training/lane-training';

const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A training lane booted as `lanepoint start` boots it, on `home`. */
function start(home: string): Core {
  const { core } = bootCore({
    training: laneTraining,
    shell: 'browser',
    env: { LANEPOINT_HOME: home },
    logger: collectingLogger().logger,
  });
  cores.push(core);
  return core;
}

/** A lane whose secret store holds gateway credentials (so secrets.json exists), a cashier signed in. */
async function laneWithSecrets(): Promise<{ core: Core; home: string; secrets: string }> {
  const home = freshFolder('hostile-printer');
  const core = start(home);
  ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }));
  ok(await core.dispatch('settings.setCredentials', { username: 'lane', password: 'hunter2', managerPin: '9999' }));
  const secrets = join(home, 'secrets.json');
  expect(statSync(secrets).isFile()).toBe(true);
  return { core, home, secrets };
}

describe('a printer set to the lane\u2019s own secrets.json', () => {
  it('is refused when saved, even with the manager\u2019s PIN, naming the path and why', async () => {
    const { core, home, secrets } = await laneWithSecrets();
    const before = readFileSync(secrets);
    const reply = await core.dispatch('settings.update', {
      changes: { printers: JSON.stringify([{ id: 'usb', deviceFile: secrets }]) },
      managerPin: '9999',
    });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_argument',
        field: 'printers',
        message: `printers.0.deviceFile: "${secrets}" is not in /dev, /dev/usb, /dev/pts; a printer's device file is there, e.g. /dev/usb/lp0. It is inside the lane's own folder (${home}), where its settings and secrets are kept.`,
      },
    });
    expect(readFileSync(secrets).equals(before)).toBe(true);
    ok(await core.dispatch('settings.get', {}));
  });

  it('is refused when opened, from a settings.json edited by hand; a test print appends nothing', async () => {
    const { core: first, home, secrets } = await laneWithSecrets();
    await first.close();
    cores.splice(cores.indexOf(first), 1);
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ printers: [{ id: 'usb', deviceFile: secrets }] }));
    const before = readFileSync(secrets);
    const core = start(home);
    await until(() => core.devices.list('printer')[0]?.status === 'error');
    expect(core.devices.list('printer')[0]?.lastError).toContain(
      `Cannot open ${secrets}: "${secrets}" is not in /dev, /dev/usb, /dev/pts`,
    );
    ok(await core.dispatch('session.signIn', { cashierId: '1001', pin: '1234' }));
    expect(await core.dispatch('printers.testPrint', { deviceId: 'usb' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining(`"${secrets}" is not in /dev`) },
    });
    expect(readFileSync(secrets).equals(before)).toBe(true);
    ok(await core.dispatch('settings.get', {}));
  });
});

describe('a test print with nobody signed in', () => {
  it('is refused, and nothing reaches the printer', async () => {
    const core = start(freshFolder('hostile-printer'));
    await until(() => core.devices.list('printer')[0]?.status === 'connected');
    expect(await core.dispatch('printers.testPrint', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Sign in first to print a test page.' },
    });
    expect(core.deviceManager.printers()[0]?.emulated?.pages).toHaveLength(0);
  });
});
