import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultAppDataDir,
  isLoopbackHost,
  loadSettings,
  saveSettings,
  settingsPath,
  settingsSchema,
  SettingsError,
} from '../../../src-main/config/settings';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lanepoint-settings-'));

function settingsErrorOf(run: () => unknown): SettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('settingsSchema', () => {
  it('turns {} into a fresh install: training counter mode on the built-in emulator', () => {
    expect(settingsSchema.parse({})).toEqual({
      mode: 'counter',
      training: true,
      terminalId: 'LANE-01',
      merchantId: '',
      gateway: { url: '' },
      host: { port: 8710 },
      kiosk: { idleResetSeconds: 90 },
      log: { level: 'info' },
    });
  });

  it.each<[string, unknown, string]>([
    ['mode', { mode: 'drive-thru' }, 'mode'],
    ['training', { training: 'yes' }, 'training'],
    ['terminalId', { terminalId: 'LANE 01' }, 'terminalId'],
    ['terminalId length', { terminalId: 'L'.repeat(17) }, 'terminalId'],
    ['merchantId', { merchantId: '49602800000A' }, 'merchantId'],
    ['merchantId length', { merchantId: '1'.repeat(17) }, 'merchantId'],
    ['port', { host: { port: 70000 } }, 'host.port'],
    ['idle reset', { kiosk: { idleResetSeconds: 5 } }, 'kiosk.idleResetSeconds'],
    ['log level', { log: { level: 'loud' } }, 'log.level'],
    ['gateway http', { training: false, gateway: { url: 'http://gateway.example/cardconnect/rest' } }, 'gateway.url'],
    ['gateway scheme', { training: false, gateway: { url: 'ftp://gateway.example/' } }, 'gateway.url'],
    ['gateway credentials', { training: false, gateway: { url: 'https://u:p@gateway.example/' } }, 'gateway.url'],
    ['gateway not a URL', { training: false, gateway: { url: 'gateway' } }, 'gateway.url'],
    ['training off loopback', { gateway: { url: 'https://gateway.example/rest' } }, 'gateway.url'],
  ])('rejects a bad %s, naming it', (_what, input, setting) => {
    const result = settingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(setting);
  });

  it.each(['http://127.0.0.1:9000/rest', 'http://127.8.9.10/rest', 'http://[::1]:9000/rest', 'http://localhost:9000/'])(
    'accepts plain http on loopback %s, even in training',
    (url) => {
      expect(settingsSchema.safeParse({ gateway: { url } }).success).toBe(true);
    },
  );

  it('accepts an https gateway on a live terminal', () => {
    const url = 'https://gateway.example:6443/cardconnect/rest';
    expect(settingsSchema.parse({ training: false, gateway: { url } }).gateway.url).toBe(url);
  });

  it.each([['192.168.1.5'], ['10.0.0.1'], ['128.0.0.1'], ['localhost.evil.example'], ['::2']])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('loadSettings', () => {
  it('gives the defaults when there is no settings file', () => {
    expect(loadSettings({ appDataDir: freshDir(), env: {} }).settings.mode).toBe('counter');
  });

  it('reads the file and names an unknown key in it', () => {
    const dir = freshDir();
    writeFileSync(settingsPath(dir), JSON.stringify({ mode: 'kiosk', gatewayUrl: 'x' }));
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.setting).toBe('gatewayUrl');
    expect(error.message).toContain(settingsPath(dir));
    expect(error.message).toContain('gatewayUrl');
  });

  it('names the file when it is not JSON', () => {
    const dir = freshDir();
    writeFileSync(settingsPath(dir), '{ "mode": "kiosk", }');
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: {} }));
    expect(error.message).toContain(settingsPath(dir));
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('lets the environment override the file and reports which variable did', () => {
    const dir = freshDir();
    writeFileSync(settingsPath(dir), JSON.stringify({ mode: 'counter', host: { port: 9000 } }));
    const { settings, sources } = loadSettings({
      appDataDir: dir,
      env: { LANEPOINT_MODE: 'kiosk', LANEPOINT_TRAINING: 'no', LANEPOINT_GATEWAY_URL: 'https://gw.example/rest' },
    });
    expect(settings).toMatchObject({ mode: 'kiosk', training: false, host: { port: 9000 } });
    expect(settings.gateway.url).toBe('https://gw.example/rest');
    expect(sources).toEqual({ mode: 'LANEPOINT_MODE', training: 'LANEPOINT_TRAINING', 'gateway.url': 'LANEPOINT_GATEWAY_URL' });
  });

  it.each([
    [{ LANEPOINT_HOST_PORT: 'abc' }, 'LANEPOINT_HOST_PORT (host.port): expected an integer'],
    [{ LANEPOINT_HOST_PORT: '99999' }, 'LANEPOINT_HOST_PORT (host.port)'],
    [{ LANEPOINT_TRAINING: 'maybe' }, 'LANEPOINT_TRAINING (training)'],
    [{ LANEPOINT_MODE: 'drive-thru' }, 'LANEPOINT_MODE (mode)'],
    [{ LANEPOINT_GATEWAY_URL: 'https://gw.example/' }, 'LANEPOINT_GATEWAY_URL (gateway.url): training mode refuses'],
  ])('names the variable for a bad override %j', (env, expected) => {
    const error = settingsErrorOf(() => loadSettings({ appDataDir: freshDir(), env }));
    expect(error.message).toContain(expected);
  });

  it('lists every wrong setting at once', () => {
    const dir = freshDir();
    writeFileSync(settingsPath(dir), JSON.stringify({ mode: 'x', terminalId: '' }));
    const error = settingsErrorOf(() => loadSettings({ appDataDir: dir, env: { LANEPOINT_HOST_PORT: '-1' } }));
    expect(error.issues.map((issue) => issue.setting).sort()).toEqual(['host.port', 'mode', 'terminalId']);
    expect(error.message).toContain('LANEPOINT_HOST_PORT (host.port)');
    expect(error.message).toContain(`${settingsPath(dir)}: mode`);
  });
});

describe('saveSettings', () => {
  it('round-trips through the file, owner-only', () => {
    const dir = join(freshDir(), 'nested', 'app');
    saveSettings(dir, { mode: 'kiosk', terminalId: 'KIOSK-2' });
    expect(loadSettings({ appDataDir: dir, env: {} }).settings).toMatchObject({ mode: 'kiosk', terminalId: 'KIOSK-2' });
    if (process.platform !== 'win32') expect(statSync(settingsPath(dir)).mode & 0o777).toBe(0o600);
  });

  it('leaves the old file untouched when the new settings are wrong', () => {
    const dir = freshDir();
    saveSettings(dir, { terminalId: 'LANE-09' });
    const before = readFileSync(settingsPath(dir), 'utf8');
    const error = settingsErrorOf(() => saveSettings(dir, { terminalId: 'not valid!' }));
    expect(error.setting).toBe('terminalId');
    expect(readFileSync(settingsPath(dir), 'utf8')).toBe(before);
  });
});

describe('defaultAppDataDir', () => {
  it.each<[NodeJS.ProcessEnv, NodeJS.Platform, string]>([
    [{ LANEPOINT_HOME: '/srv/lane' }, 'linux', '/srv/lane'],
    [{}, 'linux', '/home/cashier/.config/lanepoint'],
    [{ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/cfg/lanepoint'],
    [{}, 'darwin', '/home/cashier/Library/Application Support/Lanepoint'],
    [{ APPDATA: '/appdata' }, 'win32', join('/appdata', 'Lanepoint')],
  ])('%j on %s → %s', (env, platform, expected) => {
    expect(defaultAppDataDir(env, platform, '/home/cashier')).toBe(expected);
  });
});
