import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackofficeHost, type RunningBackoffice } from '../../../../src-main/shells/cli/backoffice-command';
import {
  backofficeUserDataName,
  startBackofficeShell,
  type StartedBackoffice,
} from '../../../../src-main/shells/electron/backoffice-shell';
import { fakeIo } from '../../../support/cli-io';
import { createFakeElectron } from '../../../support/fake-electron';
import { collectingLogger } from '../../../support/test-core';

// The back office's window on a fake Electron (the runtime cannot run here), over the real back
// office: its own folder, training's emulators and its loopback host serving backoffice.html.

let running: RunningBackoffice | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'backoffice-shell-'));
  const appData = join(root, 'appData');
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(appData, 'Lanepoint'), { recursive: true });
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'backoffice.html'), '<!doctype html><title>Lanepoint back office</title>');
  return { root, userData: join(appData, 'Lanepoint'), appData, rendererDir };
}

async function openedShell(lock = true) {
  const place = folders();
  const fake = createFakeElectron({ userData: place.userData, lock });
  const { logger, lines } = collectingLogger();
  const start = async (): Promise<StartedBackoffice> => {
    const io = fakeIo({ HOME: place.root, LANEPOINT_BACKOFFICE_HOME: join(place.root, 'backoffice') }).io;
    running = await startBackofficeHost(io, { port: 0, training: true, rendererDir: place.rendererDir, logger });
    return {
      url: running.url,
      close: () => running!.close(),
      report: (fields, message) => logger.warn(fields, message),
    };
  };
  const shell = startBackofficeShell(fake.electron, start, { devTools: false });
  await fake.ready();
  await shell.ready;
  return { fake, shell, place, lines, window: fake.windows[0] };
}

describe("the back office's window", () => {
  it('keeps its own user data folder and lock, apart from a lane on the same machine', async () => {
    const { fake, place } = await openedShell();
    expect(fake.app.getPath('userData')).toBe(join(place.appData, backofficeUserDataName));
  });

  it("loads the back office host's page with its session token, in a sandboxed window with no preload", async () => {
    const { window } = await openedShell();
    const [url] = window!.webContents.loadedUrls;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32,}$/);
    const page = await fetch(url!);
    expect(await page.text()).toContain('Lanepoint back office');
    expect(window!.options.title).toBe('Lanepoint back office');
    expect(window!.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(window!.options.webPreferences?.preload).toBeUndefined();
  });

  it('lets the page navigate on its own host only, and opens no other window', async () => {
    const { window, lines } = await openedShell();
    const contents = window!.webContents;
    const own = new URL(contents.loadedUrls[0]!);
    const navigate = (url: string) => contents.fire('will-navigate', { url, isSameDocument: false, isMainFrame: true });
    expect(navigate(`${own.origin}/backoffice.html`)).toBe(false);
    for (const elsewhere of [
      'https://evil.example/',
      `http://127.0.0.1:${Number(own.port) + 1}/`,
      `http://localhost:${own.port}/`,
      `http://user@127.0.0.1:${own.port}/`,
      'app://lanepoint/index.html',
    ])
      expect(navigate(elsewhere)).toBe(true);
    expect(contents.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    expect(lines.join('\n')).toContain('blocked navigation away from the app');
  });

  it('refuses every permission and download the page asks for', async () => {
    const { fake } = await openedShell();
    const answers: boolean[] = [];
    fake.session.permissionRequest?.(null as never, 'media', (granted: boolean) => answers.push(granted), {} as never);
    expect(answers).toEqual([false]);
  });

  it('closes the back office (and its emulators) before the app exits', async () => {
    const { fake, window } = await openedShell();
    const url = window!.webContents.loadedUrls[0]!;
    fake.app.quit();
    await expect.poll(() => fake.app.exited).toBe(true);
    await expect(fetch(url)).rejects.toThrow();
    running = undefined;
  });

  it('leaves at once when another back office already runs', async () => {
    const { fake, window } = await openedShell(false);
    expect(window).toBeUndefined();
    expect(fake.app.quitCalls).toBe(1);
  });
});
