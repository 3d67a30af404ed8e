import { afterEach, describe, expect, it } from 'vitest';
import { cancellableEvent, FakeWebContents } from '../../../support/fake-electron';
import { closeStartedShells, startedShell } from './shell-fixture';

afterEach(closeStartedShells);

describe('window.open', () => {
  it.each(['https://evil.example/', 'app://lanepoint/index.html', 'about:blank'])('is denied for %s', async (url) => {
    const { window } = await startedShell();
    expect(window!.webContents.openWindow(url)).toEqual({ action: 'deny' });
  });
});

describe('navigation', () => {
  const foreign = [
    'https://evil.example/',
    'http://127.0.0.1:8080/',
    'app://lanepoint.evil.com/',
    'app://lanepoint@evil/',
    'app://lanepoint:8080/',
    'app://evil/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
  ];

  it.each(foreign)('away to %s is prevented (navigate, frame navigate, redirect)', async (url) => {
    const { window } = await startedShell();
    const contents = window!.webContents;
    expect(contents.fire('will-navigate', { url, isSameDocument: false, isMainFrame: true }, url)).toBe(true);
    expect(contents.fire('will-frame-navigate', { url, isSameDocument: false, isMainFrame: false })).toBe(true);
    expect(contents.fire('will-redirect', { url, isSameDocument: false, isMainFrame: true }, url)).toBe(true);
  });

  it.each(['app://lanepoint/index.html#x', 'app://lanepoint/', 'app://lanepoint/index.html?tab=history'])(
    'within the app (%s) is allowed',
    async (url) => {
      const { window } = await startedShell();
      expect(window!.webContents.fire('will-navigate', { url, isSameDocument: false, isMainFrame: true }, url)).toBe(
        false,
      );
      expect(window!.webContents.fire('will-frame-navigate', { url, isSameDocument: false, isMainFrame: true })).toBe(
        false,
      );
    },
  );

  it('logs only the origin of a blocked target, never its path or query', async () => {
    const { window, lines } = await startedShell();
    const url = 'https://evil.example/steal?pan=4111111111111111';
    window!.webContents.fire('will-navigate', { url }, url);
    const line = lines.find((entry) => entry.includes('blocked navigation'));
    expect(line).toContain('https://evil.example');
    expect(line).not.toContain('steal');
  });
});

describe('every WebContents', () => {
  it('is hardened, not only the terminal window (a devtools or any later contents too)', async () => {
    const { fake } = await startedShell();
    const other = new FakeWebContents();
    fake.app.emit('web-contents-created', cancellableEvent(), other);
    expect(other.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    expect(other.fire('will-navigate', { url: 'https://evil.example/' })).toBe(true);
    expect(other.fire('will-attach-webview')).toBe(true);
  });

  it('cannot attach a webview', async () => {
    const { window } = await startedShell();
    expect(window!.webContents.fire('will-attach-webview', {}, {}, { src: 'https://evil.example/' })).toBe(true);
  });
});

describe('the session', () => {
  it('denies every permission request', async () => {
    const { fake } = await startedShell();
    const request = fake.session.permissionRequest!;
    const answers: boolean[] = [];
    const permissions = [
      'media',
      'hid',
      'serial',
      'usb',
      'notifications',
      'geolocation',
      'clipboard-read',
      'fullscreen',
    ] as const;
    for (const permission of permissions) {
      request({} as never, permission, (granted) => answers.push(granted), {
        requestingUrl: 'app://lanepoint/index.html',
        isMainFrame: true,
      } as never);
    }
    expect(answers).toEqual(permissions.map(() => false));
  });

  it('answers every permission check and device request with no', async () => {
    const { fake } = await startedShell();
    for (const permission of ['media', 'hid', 'serial', 'notifications'] as const) {
      expect(fake.session.permissionCheck!(null, permission, 'app://lanepoint', {} as never)).toBe(false);
    }
    for (const deviceType of ['hid', 'serial', 'usb'] as const) {
      expect(fake.session.devicePermission!({ deviceType, origin: 'app://lanepoint', device: {} } as never)).toBe(
        false,
      );
    }
  });

  it('refuses downloads (a save dialog would be a way out of the kiosk)', async () => {
    const { fake } = await startedShell();
    const event = cancellableEvent();
    fake.session.emit('will-download', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});
