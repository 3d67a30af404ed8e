import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandNames, ipcChannels, type CommandReply } from '../../../src-main/ipc/contract';
import { startShell, type RunningShell } from '../../../src-main/electron/main';
import { contentSecurityPolicy } from '../../../src-main/security/csp';
import { createFakeElectron, FakeWebFrame, type FakeElectron, type FakeWebContents } from '../../support/fake-electron';

const shells: RunningShell[] = [];
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.core()?.close();
});

function fixture(settings?: Record<string, unknown>) {
  const root = mkdtempSync(join(tmpdir(), 'lanepoint-shell-'));
  const userData = join(root, 'userData');
  const rendererDir = join(root, 'renderer');
  mkdirSync(userData);
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lanepoint</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'root:x:0:0');
  if (settings) writeFileSync(join(userData, 'settings.json'), JSON.stringify(settings));
  return { userData, rendererDir, preload: join(root, 'preload', 'preload.cjs') };
}

async function started(options: { settings?: Record<string, unknown>; lock?: boolean; encryption?: boolean } = {}) {
  const paths = fixture(options.settings);
  const fake = createFakeElectron({ userData: paths.userData, lock: options.lock, encryption: options.encryption });
  const shell = startShell(fake.electron, paths);
  shells.push(shell);
  await fake.ready();
  await shell.ready;
  return { fake, shell, paths, window: fake.windows[0] };
}

type Prefs = Record<string, unknown>;
const prefsOf = (fake: FakeElectron, index = 0) => fake.windows[index]?.options.webPreferences as Prefs;

describe('single instance', () => {
  it('quits without opening a window when another Lanepoint holds the lock', async () => {
    const paths = fixture();
    const fake = createFakeElectron({ userData: paths.userData, lock: false });
    startShell(fake.electron, paths);
    await fake.ready();
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });

  it('brings the existing window back when a second instance starts', async () => {
    const { fake, window } = await started();
    window!.minimized = true;
    fake.app.emit('second-instance');
    expect(window!.restored).toBe(1);
    expect(window!.focused).toBe(1);
  });
});

describe('windows', () => {
  it('opens a counter window on app://lanepoint, never file://', async () => {
    const { fake, window } = await started();
    expect(fake.windows).toHaveLength(1);
    expect(window!.loadedUrl).toBe('app://lanepoint/index.html');
    expect(window!.options).toMatchObject({ title: 'Lanepoint', show: false, minWidth: 1024 });
    expect(window!.options.kiosk).toBeUndefined();
    window!.emit('ready-to-show');
    expect(window!.shown).toBe(true);
  });

  it('opens a locked kiosk window in kiosk mode: full screen, no menu, no devtools', async () => {
    const { fake, window } = await started({ settings: { mode: 'kiosk' } });
    expect(window!.options).toMatchObject({ kiosk: true, fullscreen: true, autoHideMenuBar: true });
    expect(prefsOf(fake).devTools).toBe(false);
    expect(fake.menus).toEqual([null]);
    expect(window!.menuRemoved).toBe(true);
  });

  it.each([
    [{ key: 'F12' }],
    [{ key: 'I', control: true, shift: true }],
    [{ key: 'r', control: true }],
    [{ key: 'F5' }],
    [{ key: 'F4', alt: true }],
  ])('kiosk swallows the escape key %j', async (key) => {
    const { window } = await started({ settings: { mode: 'kiosk' } });
    const input = { control: false, meta: false, shift: false, alt: false, ...key };
    expect(window!.webContents.fire('before-input-event', {}, input)).toBe(true);
  });

  it('kiosk lets ordinary typing through and closes devtools if they open anyway', async () => {
    const { window } = await started({ settings: { mode: 'kiosk' } });
    const input = { key: '5', control: false, meta: false, shift: false, alt: false };
    expect(window!.webContents.fire('before-input-event', {}, input)).toBe(false);
    window!.webContents.emit('devtools-opened');
    expect(window!.webContents.devToolsClosed).toBe(1);
  });

  it('counter windows keep their keys (cashier shortcuts) and menu', async () => {
    const { fake, window } = await started();
    const input = { key: 'F5', control: false, meta: false, shift: false, alt: false };
    expect(window!.webContents.fire('before-input-event', {}, input)).toBe(false);
    expect(fake.menus).toEqual([]);
  });
});

describe('renderer process settings', () => {
  it('sandboxes and isolates the renderer, with no Node', async () => {
    const { fake } = await started();
    expect(prefsOf(fake)).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(String(prefsOf(fake).preload)).toMatch(/preload\.cjs$/);
  });
});

describe('app:// protocol', () => {
  it('is registered as a privileged standard scheme before ready', async () => {
    const { fake } = await started();
    expect(fake.privileged).toEqual([
      { schemes: [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }], beforeReady: true },
    ]);
  });

  it('serves the renderer with the strict CSP', async () => {
    const { fake } = await started();
    const handler = fake.protocolHandlers.get('app')!;
    const page = await handler({ url: 'app://lanepoint/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>Lanepoint</title>');
    const script = await handler({ url: 'app://lanepoint/assets/app.js' });
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it.each([
    'app://lanepoint/../secret.txt',
    'app://lanepoint/%2e%2e/secret.txt',
    'app://lanepoint/..%2fsecret.txt',
    'app://lanepoint/assets/..%5c..%5csecret.txt',
    'app://evil/index.html',
    'app://lanepoint/missing.js',
  ])('answers 404 for %s', async (url) => {
    const { fake } = await started();
    const response = await fake.protocolHandlers.get('app')!({ url });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('root:');
  });
});

describe('web contents hardening', () => {
  it('denies window.open', async () => {
    const { window } = await started();
    expect(window!.webContents.windowOpenHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    expect(window!.webContents.windowOpenHandler?.({ url: 'app://lanepoint/index.html' })).toEqual({ action: 'deny' });
  });

  it.each([
    'https://evil.example/',
    'app://lanepoint.evil.example/',
    'app://lanepoint@evil.example/',
    'app://lanepoint:8080/',
    'app://evil/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url',
  ])('blocks navigation to %s', async (url) => {
    const { window } = await started();
    expect(window!.webContents.fire('will-navigate', { url }, url)).toBe(true);
    expect(window!.webContents.fire('will-redirect', { url }, url)).toBe(true);
    expect(window!.webContents.fire('will-frame-navigate', { url })).toBe(true);
  });

  it('allows navigation within the app', async () => {
    const { window } = await started();
    const url = 'app://lanepoint/index.html#history';
    expect(window!.webContents.fire('will-navigate', { url }, url)).toBe(false);
  });

  it('blocks webviews', async () => {
    const { window } = await started();
    expect(window!.webContents.fire('will-attach-webview')).toBe(true);
  });

  it('denies every permission request and check', async () => {
    const { fake } = await started();
    const answers: boolean[] = [];
    const request = fake.sessionHandlers.permissionRequest as unknown as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void;
    for (const permission of ['media', 'hid', 'serial', 'notifications', 'geolocation']) {
      request({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect((fake.sessionHandlers.permissionCheck as unknown as () => boolean)()).toBe(false);
    expect((fake.sessionHandlers.devicePermission as unknown as () => boolean)()).toBe(false);
  });
});

describe('IPC', () => {
  function invoke(fake: FakeElectron, name: string, event: unknown, args: unknown) {
    return fake.ipcHandlers.get(ipcChannels.command(name as never))!(event, args) as Promise<CommandReply>;
  }

  it('registers one handler per contract command', async () => {
    const { fake } = await started();
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(commandNames.map((name) => ipcChannels.command(name)).sort());
  });

  it('answers a trusted sender through the validated contract', async () => {
    const { fake, window } = await started();
    const contents = window!.webContents;
    const event = { sender: contents, senderFrame: contents.mainFrame };
    expect(await invoke(fake, 'app.info', event, {})).toMatchObject({
      ok: true,
      result: { mode: 'counter', training: true, shell: 'electron' },
    });
    expect(await invoke(fake, 'devices.list', event, { kind: 'toaster' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'kind' },
    });
  });

  it.each<[string, (contents: FakeWebContents) => unknown]>([
    ['a frame on another origin', (c) => ({ sender: c, senderFrame: new FakeWebFrame('https://evil.example/') })],
    ['a subframe of our page', (c) => ({ sender: c, senderFrame: new FakeWebFrame('app://lanepoint/x', c.mainFrame) })],
    ['a destroyed or navigated-away frame', (c) => ({ sender: c, senderFrame: null })],
    ['a web contents we did not create', () => ({ sender: { id: 9999 }, senderFrame: new FakeWebFrame('app://lanepoint/') })],
  ])('refuses %s', async (_what, makeEvent) => {
    const { fake, window, shell } = await started();
    const before = shell.core()!.devices.list().length;
    const reply = await invoke(fake, 'devices.list', makeEvent(window!.webContents), {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(shell.core()!.devices.list()).toHaveLength(before);
  });

  it('forwards core events to the window until it is destroyed', async () => {
    const { window, shell } = await started();
    const contents = window!.webContents;
    shell.core()!.terminal.enter('reading', 'Waiting for card');
    expect(contents.sent.at(-1)).toEqual([
      ipcChannels.event,
      'terminal.state',
      expect.objectContaining({ phase: 'reading' }),
    ]);
    contents.destroy();
    const count = contents.sent.length;
    shell.core()!.terminal.enter('idle');
    expect(contents.sent).toHaveLength(count);
  });
});

describe('start-up', () => {
  it('shows the bad setting by name and quits instead of running half-configured', async () => {
    const { fake } = await started({ settings: { mode: 'drive-thru' } });
    expect(fake.windows).toHaveLength(0);
    expect(fake.errorBoxes).toHaveLength(1);
    expect(fake.errorBoxes[0]?.[1]).toContain('mode');
    expect(fake.app.quitCalls).toBe(1);
  });

  it('keeps secrets with the OS keychain when it can encrypt', async () => {
    const { shell, paths } = await started();
    await shell.secrets()!.set('gateway.password', 'pw');
    const { readFileSync, existsSync } = await import('node:fs');
    expect(existsSync(join(paths.userData, 'secrets.bin'))).toBe(true);
    expect(readFileSync(join(paths.userData, 'secrets.bin')).includes(Buffer.from('pw'))).toBe(false);
  });

  it('falls back to the 0600 file where the keychain cannot encrypt', async () => {
    const { shell, paths } = await started({ encryption: false });
    await shell.secrets()!.set('gateway.password', 'pw');
    const { statSync } = await import('node:fs');
    expect(statSync(join(paths.userData, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});
