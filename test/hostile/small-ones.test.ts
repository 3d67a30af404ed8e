// Issue 30, item 8: a settings.json an installer wrote 0644; a settings file of NUL bytes called
// UTF-16; idle sockets held open by the gateway emulator and the back office host.
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings, settingsPath, SettingsError } from '../../src-main/lane/config/settings';
import { bootCore } from '../../src-main/lane/core/boot';
import type { Core } from '../../src-main/lane/core/core';
import { startEmulator } from '../../src-main/stand-ins/gateway-emulator/server';
import { startHost } from '../../src-main/shells/host/server';
import { freshFolder, posix } from '../src-main/lane/config/folders';
import { collectingLogger, testCore } from '../support/test-core';
import { laneTraining } from '../../src-main/shells/training/lane-training';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Connects, sends nothing, and resolves with how long the server took to close the socket. */
function silentConnection(port: number): Promise<number> {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.resume(); // read what comes (a 408, then the end), or the close is never seen
  return new Promise((resolve) => socket.on('close', () => resolve(performance.now() - started)));
}

describe.runIf(posix)('a settings.json an installer wrote 0644', () => {
  it('is 0600 once the lane has started, and the log says it was tightened', async () => {
    const home = freshFolder('hostile-small');
    const file = settingsPath(home);
    writeFileSync(file, '{ "terminalId": "LANE-07" }\n');
    chmodSync(file, 0o644);
    const { logger, lines } = collectingLogger();
    const { core } = bootCore({ training: laneTraining, shell: 'browser', env: { LANEPOINT_HOME: home }, logger });
    cleanups.push(() => core.close());
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(lines.join('\n')).toMatch(/settings\.json was readable by others; made it 0600/);
    expect(lines.join('\n')).toContain('"was":"644"');
  });
});

describe('a settings.json of NUL bytes', () => {
  it('is named as such, not as UTF-16', () => {
    const home = freshFolder('hostile-small');
    writeFileSync(settingsPath(home), Buffer.alloc(453));
    const load = () => loadSettings({ appDataDir: home, env: {} });
    expect(load).toThrow(SettingsError);
    expect(load).toThrow(/the file is all NUL bytes \(e\.g\. an interrupted write\)/);
    expect(load).not.toThrow(/UTF-16/);
  });
});

describe('idle sockets', () => {
  it('the back office host (and the lane\u2019s) closes a socket that sends nothing', async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'lanepoint-renderer-'));
    writeFileSync(join(rendererDir, 'backoffice.html'), '<!doctype html><title>Back office</title>');
    const { core } = testCore();
    const host = await startHost({
      core: core as Core,
      port: 0,
      rendererDir,
      indexFile: 'backoffice.html',
      limits: { headersMs: 100, requestMs: 300, keepAliveMs: 100, idleMs: 150 },
    });
    cleanups.push(
      () => core.close(),
      () => host.close(),
    );
    expect(await silentConnection(host.port)).toBeLessThan(1_500);
  });

  it('the gateway emulator closes a socket that sends nothing (it did already: kept as a guard)', async () => {
    const emulator = await startEmulator({
      realism: false,
      limits: { headersMs: 100, requestMs: 300, keepAliveMs: 100, bodyIdleMs: 100 },
    });
    cleanups.push(() => emulator.close());
    expect(await silentConnection(emulator.port)).toBeLessThan(1_500);
  });
});
