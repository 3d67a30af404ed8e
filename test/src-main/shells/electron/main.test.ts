import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startShell } from '../../../../src-main/shells/electron/main';
import { createFakeElectron } from '../../../support/fake-electron';
import { closeStartedShells, shellFolders, startedShell } from './shell-fixture';

afterEach(async () => {
  // The quitting tests replace core.close; put it back so the real one runs here.
  vi.restoreAllMocks();
  await closeStartedShells();
});

describe('single instance', () => {
  it('quits without opening a window or taking any IPC when another Lanepoint holds the lock', async () => {
    const folders = shellFolders();
    const fake = createFakeElectron({ userData: folders.userData, lock: false });
    const shell = startShell(fake.electron, { ...folders, env: {} });
    await fake.ready();
    await shell.ready;
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
    expect(fake.protocolHandlers.size).toBe(0);
    expect(shell.core()).toBeUndefined();
  });

  it('brings the existing window back when a second instance starts', async () => {
    const { fake, window } = await startedShell();
    window!.minimized = true;
    fake.app.emit('second-instance', {}, ['lanepoint'], '/', {});
    expect(window!.restored).toBe(1);
    expect(window!.focused).toBe(1);
  });
});

describe('start-up', () => {
  it('opens the window for the mode in settings.json', async () => {
    const { window, shell } = await startedShell({ settings: { mode: 'kiosk' } });
    expect(shell.core()!.settings.mode).toBe('kiosk');
    expect(window!.options.kiosk).toBe(true);
  });

  it('takes the mode from LANEPOINT_MODE over the file', async () => {
    const { window } = await startedShell({ settings: { mode: 'counter' }, env: { LANEPOINT_MODE: 'kiosk' } });
    expect(window!.options.kiosk).toBe(true);
  });

  it('shows the bad setting by name and quits instead of running half-configured', async () => {
    const { fake, shell } = await startedShell({ settings: { mode: 'drive-thru' } });
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
    expect(fake.errorBoxes).toHaveLength(1);
    expect(fake.errorBoxes[0]?.[1]).toMatch(/\bmode\b/);
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.app.exited).toBe(true);
    expect(shell.core()).toBeUndefined();
  });

  it('names an environment override that is wrong', async () => {
    const { fake } = await startedShell({ env: { LANEPOINT_TRAINING: 'maybe' } });
    expect(fake.errorBoxes[0]?.[1]).toMatch(/training/);
    expect(fake.errorBoxes[0]?.[1]).toMatch(/LANEPOINT_TRAINING/);
    expect(fake.windows).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('keeps secrets encrypted with the OS keychain when it can encrypt', async () => {
    const { shell, folders, lines } = await startedShell();
    await shell.secrets()!.set('gateway.password', 'pw-123');
    const file = join(folders.userData, 'secrets.bin');
    expect(readFileSync(file).includes(Buffer.from('pw-123'))).toBe(false);
    expect(existsSync(join(folders.userData, 'secrets.json'))).toBe(false);
    await expect(shell.secrets()!.get('gateway.password')).resolves.toBe('pw-123');
    expect(lines.join('\n')).not.toContain('0600 file');
  });

  it('falls back to the 0600 file, with a warning, where the keychain cannot encrypt', async () => {
    const { shell, folders, lines } = await startedShell({ encryption: false });
    await shell.secrets()!.set('gateway.password', 'pw-123');
    expect(statSync(join(folders.userData, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.includes('"level":40') && line.includes('0600 file'))).toBe(true);
  });

  it('does not call a hard-coded Linux password (basic_text) encryption', async () => {
    const { shell, folders, lines } = await startedShell({ platform: 'linux', storageBackend: 'basic_text' });
    await shell.secrets()!.set('gateway.password', 'pw-123');
    expect(existsSync(join(folders.userData, 'secrets.bin'))).toBe(false);
    expect(existsSync(join(folders.userData, 'secrets.json'))).toBe(true);
    expect(lines.some((line) => line.includes('0600 file'))).toBe(true);
  });
});

describe('quitting', () => {
  it('quits when the last window closes', async () => {
    const { fake, window } = await startedShell();
    window!.close();
    expect(fake.app.quitCalls).toBeGreaterThanOrEqual(1);
  });

  it('holds the exit until the core has closed, then lets it through', async () => {
    const { fake, shell } = await startedShell();
    let finishClose: () => void = () => undefined;
    const close = vi
      .spyOn(shell.core()!, 'shutdownSteps')
      .mockImplementation(() => [
        { name: 'the sale', run: () => new Promise<void>((resolve) => (finishClose = resolve)) },
      ]);
    fake.app.quit();
    expect(close).toHaveBeenCalledTimes(1);
    expect(fake.app.exited).toBe(false);
    fake.app.quit();
    expect(close).toHaveBeenCalledTimes(1);
    finishClose();
    await vi.waitFor(() => expect(fake.app.exited).toBe(true));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('started by lanepoint start, quits when that command is gone; started any other way, outlives its launcher', async () => {
    const byCommand = await startedShell({
      env: { LANEPOINT_QUIT_WITH_PARENT: '1' },
      parentGone: () => Promise.resolve('parent gone'),
    });
    await vi.waitFor(() => expect(byCommand.fake.app.quitCalls).toBeGreaterThanOrEqual(1));
    const byLauncher = await startedShell({ parentGone: () => Promise.resolve('parent gone') });
    await new Promise((resolve) => setImmediate(resolve));
    expect(byLauncher.fake.app.quitCalls).toBe(0);
  });

  it('still exits when the core fails to close, and logs it', async () => {
    const { fake, shell, lines } = await startedShell();
    vi.spyOn(shell.core()!, 'shutdownSteps').mockReturnValue([
      { name: 'the journal', run: () => Promise.reject(new Error('journal busy')) },
    ]);
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.exited).toBe(true));
    expect(lines.some((line) => line.includes('a step failed') && line.includes('journal busy'))).toBe(true);
  });
});
