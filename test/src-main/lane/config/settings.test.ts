import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultAppDataDir,
  loadSettings,
  saveSettings,
  settingsPath,
  settingsSchema,
  SettingsError,
} from '../../../../src-main/lane/config/settings';
import { freshFolder, posix, settingsErrorOf } from './folders';

const freshDir = () => freshFolder('settings');

/** A folder holding a settings.json with `content` (a string is written as is). */
function withFile(content: unknown): { dir: string; file: string } {
  const dir = freshDir();
  const file = settingsPath(dir);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, file };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('loadSettings: the file', () => {
  it('gives the defaults when there is no settings file', () => {
    expect(loadSettings({ appDataDir: freshDir(), env: {} })).toEqual({
      settings: settingsSchema.parse({}),
      sources: {},
    });
  });

  it('reads the file, filling what it leaves out with defaults', () => {
    const { dir } = withFile({ mode: 'kiosk', training: false, kiosk: { idleResetSeconds: 30 } });
    const { settings } = loadSettings({ appDataDir: dir, env: {} });
    expect(settings).toMatchObject({
      mode: 'kiosk',
      training: false,
      kiosk: { idleResetSeconds: 30 },
      host: { port: 8710 },
    });
  });

  it('names an unknown key and the file it is in', () => {
    const { dir, file } = withFile({ mode: 'kiosk', gatewayUrl: 'x' });
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.setting).toBe('gatewayUrl');
    expect(error.source).toEqual({ kind: 'file', path: file });
    expect(error.message).toBe(`Invalid setting: ${file}: gatewayUrl: unknown setting; check its spelling`);
  });

  it('names the file and the line and column when it is not JSON', () => {
    const { dir, file } = withFile('{\n  "mode": "kiosk",\n}\n');
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.source).toEqual({ kind: 'file', path: file });
    expect(error.message).toContain(`${file}: not valid JSON at line 3, column 1`);
  });

  it('names the file when it holds JSON that is not an object', () => {
    const { dir, file } = withFile('["kiosk"]');
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toContain(
      `${file}: must hold one JSON object`,
    );
  });

  it('reads a file that starts with a byte-order mark', () => {
    const { dir } = withFile('\uFEFF{ "mode": "kiosk" }');
    expect(loadSettings({ appDataDir: dir, env: {} }).settings.mode).toBe('kiosk');
  });

  it.each([
    [
      { training: false, gateway: { url: 'http://192.168.1.5/rest' } },
      'gateway.url: http is allowed only for loopback addresses; use https',
    ],
    [{ gateway: { url: 'https://gw.example/rest' } }, 'gateway.url: training mode refuses a non-loopback gateway'],
    [{ host: { port: 'abc' } }, 'host.port: expected an integer from 0 to 65535, got "abc"'],
    [{ mode: 'drive-thru' }, 'mode: expected "counter" or "kiosk", got "drive-thru"'],
  ])('says what is wrong in the file and where: %j', (content, expected) => {
    const { dir, file } = withFile(content);
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toContain(`${file}: ${expected}`);
  });

  it.each([
    ['credentials', 'https://user:hunter2@gw.example/'],
    ['credentials and too long', `https://user:hunter2@gw.example/${'a'.repeat(2048)}`],
  ])('does not repeat a gateway URL that carries %s', (_what, url) => {
    const { dir } = withFile({ training: false, gateway: { url } });
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.setting).toBe('gateway.url');
    expect(error.message).not.toContain('hunter2');
  });
});

describe('loadSettings: files a person cannot fix without being told how', () => {
  it('says so when settings.json is a folder', () => {
    const dir = freshDir();
    mkdirSync(settingsPath(dir));
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toBe(
      `Invalid setting: ${settingsPath(dir)}: is a folder, not a file; move the folder away so the settings file can be written there`,
    );
  });

  it.each([
    ['with a byte-order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"mode":"kiosk"}', 'utf16le')])],
    ['without one', Buffer.from('{"mode":"kiosk"}', 'utf16le')],
  ])('says a UTF-16 file (%s) must be saved as UTF-8', (_, bytes) => {
    const { dir, file } = withFile('');
    writeFileSync(file, bytes);
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toBe(
      `Invalid setting: ${file}: is saved as UTF-16; save it again as UTF-8 (in Notepad: Save as, Encoding "UTF-8")`,
    );
  });

  it.each([
    ['all NUL bytes', Buffer.alloc(412)],
    ['one NUL byte', Buffer.alloc(1)],
  ])('names a file of %s as such (an interrupted write), not as UTF-16', (_, bytes) => {
    const { dir, file } = withFile('');
    writeFileSync(file, bytes);
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toBe(
      `Invalid setting: ${file}: the file is all NUL bytes (e.g. an interrupted write); restore it from a copy, or delete it to start again from the defaults`,
    );
  });

  it('names NUL bytes after JSON as such, not as UTF-16', () => {
    const { dir, file } = withFile('');
    writeFileSync(file, Buffer.concat([Buffer.from('{"mode":"kiosk"}\n'), Buffer.alloc(30)]));
    expect(settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} })).message).toBe(
      `Invalid setting: ${file}: holds NUL bytes from byte 18 on (e.g. an interrupted write); restore it from a copy, or delete it to start again from the defaults`,
    );
  });

  it('names a key written twice, with the line of the second, instead of quietly keeping the last', () => {
    const { dir, file } = withFile(
      '{\n  "mode": "kiosk",\n  "host": { "port": 1, "port": 2 },\n  "printers": [{ "id": "a" }],\n  "mode": "counter"\n}',
    );
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.issues.map((issue) => issue.setting)).toEqual(['host.port', 'mode']);
    expect(error.message).toContain(
      `${file}: mode: written twice (again at line 5); keep the one you mean and delete the other`,
    );
    expect(error.message).toContain(`${file}: host.port: written twice (again at line 3)`);
  });

  it('does not mistake the same key in different objects, or a string value, for a duplicate', () => {
    const { dir } = withFile(
      '{ "printers": [{ "id": "a", "model": "escpos-80mm" }, { "id": "b", "model": "escpos-80mm" }], "terminalId": "mode" }',
    );
    expect(() => loadSettings({ appDataDir: dir, env: {} })).not.toThrow(/twice/);
  });
});

describe('loadSettings: the environment', () => {
  it('lets the environment override the file and reports which variable did', () => {
    const { dir } = withFile({ mode: 'counter', host: { port: 9000 } });
    const { settings, sources } = loadSettings({
      appDataDir: dir,
      env: { LANEPOINT_MODE: 'kiosk', LANEPOINT_TRAINING: 'no', LANEPOINT_GATEWAY_URL: 'https://gw.example/rest' },
    });
    expect(settings).toMatchObject({ mode: 'kiosk', training: false, host: { port: 9000 } });
    expect(settings.gateway.url).toBe('https://gw.example/rest');
    expect(sources).toEqual({
      mode: 'LANEPOINT_MODE',
      training: 'LANEPOINT_TRAINING',
      'gateway.url': 'LANEPOINT_GATEWAY_URL',
    });
  });

  it.each([
    [{ LANEPOINT_HOST_PORT: 'abc' }, 'LANEPOINT_HOST_PORT (host.port): expected an integer from 0 to 65535, got "abc"'],
    [
      { LANEPOINT_HOST_PORT: '99999' },
      'LANEPOINT_HOST_PORT (host.port): expected an integer from 0 to 65535, got 99999',
    ],
    [{ LANEPOINT_TRAINING: 'maybe' }, 'LANEPOINT_TRAINING (training): expected one of 1, true, yes, 0, false, no'],
    [{ LANEPOINT_MODE: 'drive-thru' }, 'LANEPOINT_MODE (mode): expected "counter" or "kiosk"'],
    [{ LANEPOINT_TERMINAL_ID: 'lane 1' }, 'LANEPOINT_TERMINAL_ID (terminalId): expected 1 to 16 letters'],
    [{ LANEPOINT_LOG_LEVEL: 'verbose' }, 'LANEPOINT_LOG_LEVEL (log.level): expected one of fatal'],
    [{ LANEPOINT_GATEWAY_URL: 'https://gw.example/' }, 'LANEPOINT_GATEWAY_URL (gateway.url): training mode refuses'],
  ])('names the variable for a bad override %j', (env, expected) => {
    const error = settingsErrorOf(() => loadSettings({ appDataDir: freshDir(), env }));
    const variable = Object.keys(env)[0];
    expect(error.source).toEqual({ kind: 'env', variable });
    expect(error.message).toContain(expected);
  });

  it('lists every wrong setting at once, from the file and the environment', () => {
    const { dir, file } = withFile({ mode: 'x', terminalId: '' });
    const error = settingsErrorOf(() =>
      loadSettings({ appDataDir: dir, env: { LANEPOINT_HOST_PORT: '-1', LANEPOINT_TRAINING: 'perhaps' } }),
    );
    expect(error.issues.map((issue) => issue.setting).sort()).toEqual(['host.port', 'mode', 'terminalId', 'training']);
    expect(error.message.split('\n')).toHaveLength(5);
    expect(error.message).toContain('LANEPOINT_HOST_PORT (host.port)');
    expect(error.message).toContain('LANEPOINT_TRAINING (training)');
    expect(error.message).toContain(`${file}: mode`);
    expect(error.message).toContain(`${file}: terminalId`);
  });

  it('checks the file under an override too: a wrong value a variable hides is still named', () => {
    const { dir, file } = withFile({ host: { port: 'abc' }, mode: 'drive-thru' });
    const error = settingsErrorOf(() =>
      loadSettings({ appDataDir: dir, env: { LANEPOINT_HOST_PORT: '0', LANEPOINT_MODE: 'counter' } }),
    );
    expect(error.issues.map((issue) => [issue.setting, issue.source]).sort()).toEqual([
      ['host.port', { kind: 'file', path: file }],
      ['mode', { kind: 'file', path: file }],
    ]);
    expect(error.message).toContain(
      `${file}: host.port: expected an integer from 0 to 65535, got "abc" (LANEPOINT_HOST_PORT overrides it now, but the file must be right too)`,
    );
    expect(
      loadSettings({ appDataDir: withFile({ host: { port: 9000 } }).dir, env: { LANEPOINT_HOST_PORT: '0' } }).settings
        .host.port,
    ).toBe(0);
  });

  it('reads process.env when no environment is passed', () => {
    vi.stubEnv('LANEPOINT_MODE', 'kiosk');
    expect(loadSettings({ appDataDir: freshDir() }).sources).toEqual({ mode: 'LANEPOINT_MODE' });
  });
});

describe('saveSettings', () => {
  it('round-trips through the file, owner-only, creating the folder owner-only', () => {
    const dir = join(freshDir(), 'nested', 'app');
    const saved = saveSettings(dir, { mode: 'kiosk', terminalId: 'KIOSK-2' });
    expect(saved).toEqual(settingsSchema.parse({ mode: 'kiosk', terminalId: 'KIOSK-2' }));
    expect(loadSettings({ appDataDir: dir, env: {} }).settings).toEqual(saved);
    expect(JSON.parse(readFileSync(settingsPath(dir), 'utf8'))).toEqual({ mode: 'kiosk', terminalId: 'KIOSK-2' });
    if (posix) {
      expect(statSync(settingsPath(dir)).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });

  it('keeps values as a person wrote them, so a HID reader\u2019s hex USB ids load again', () => {
    const dir = freshDir();
    const reader = { id: 'reader-1', protocol: 'idtech-hid', hid: { vendorId: '0acd', productId: '2030' } } as const;
    saveSettings(dir, { training: false, devices: [reader] });
    expect(JSON.parse(readFileSync(settingsPath(dir), 'utf8')).devices).toEqual([reader]);
    expect(loadSettings({ appDataDir: dir, env: {} }).settings.devices[0]).toMatchObject({
      hid: { vendorId: 0x0acd, productId: 0x2030 },
    });
  });

  it('leaves the old file untouched, and no temporary file, when the new settings are wrong', () => {
    const dir = freshDir();
    saveSettings(dir, { terminalId: 'LANE-09' });
    const before = readFileSync(settingsPath(dir), 'utf8');
    const error = settingsErrorOf(() => saveSettings(dir, { terminalId: 'not valid!', host: { port: 1e6 } }));
    expect(error.issues.map((issue) => issue.setting)).toEqual(['terminalId', 'host.port']);
    expect(error.source).toEqual({ kind: 'value' });
    expect(error.message).toContain('terminalId: expected 1 to 16 letters, digits or dashes, got "not valid!"');
    expect(readFileSync(settingsPath(dir), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('writes nothing at all for wrong settings in a fresh folder', () => {
    const dir = freshDir();
    expect(() => saveSettings(dir, { training: true, gateway: { url: 'https://gw.example/' } })).toThrow(SettingsError);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('defaultAppDataDir', () => {
  it.each<[NodeJS.ProcessEnv, NodeJS.Platform, string]>([
    [{ LANEPOINT_HOME: '/srv/lane', XDG_CONFIG_HOME: '/cfg' }, 'linux', '/srv/lane'],
    [{ LANEPOINT_HOME: '' }, 'linux', '/home/cashier/.config/lanepoint'],
    [{}, 'linux', '/home/cashier/.config/lanepoint'],
    [{ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/cfg/lanepoint'],
    [{ XDG_CONFIG_HOME: 'relative/cfg' }, 'linux', '/home/cashier/.config/lanepoint'],
    [{ XDG_CONFIG_HOME: '/cfg' }, 'darwin', '/home/cashier/Library/Application Support/Lanepoint'],
    [{ APPDATA: 'C:\\Users\\cashier\\AppData\\Roaming' }, 'win32', 'C:\\Users\\cashier\\AppData\\Roaming\\Lanepoint'],
    [{ LANEPOINT_HOME: 'D:\\lane' }, 'win32', 'D:\\lane'],
  ])('%j on %s → %s', (env, platform, expected) => {
    expect(defaultAppDataDir(env, platform, '/home/cashier')).toBe(expected);
  });
});
