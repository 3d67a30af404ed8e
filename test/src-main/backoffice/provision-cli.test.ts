import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/shells/cli/main';
import { defaultBackofficeHome } from '../../../src-main/backoffice/settings';
import { fakeIo } from '../../support/cli-io';
import { createFileSecretStore } from '../../../src-main/lane/config/secrets';
import { integratedTerminalApiKeyName } from '../../../src-main/lane/config/integrated-terminal-settings';

const folder = mkdtempSync(join(tmpdir(), 'provision-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const good = {
  version: 1,
  merchantId: '49600000001',
  gatewayUrl: 'http://127.0.0.1:8711/rest',
  dbaName: 'Corner Market',
};

const hub = { url: 'http://127.0.0.1:8713', laneId: 'lane-3f9k2c', key: `lpk_lane-3f9k2c_${'A'.repeat(43)}` };

const terminal = {
  baseUrl: 'http://127.0.0.1:8714',
  merchantId: '496160873888',
  hsn: 'C042UQ93160289',
  apiKey: 'terminal-api-key-7f3a',
};
const withTerminal = {
  ...good,
  version: 3,
  hub,
  payments: { device: 'integrated-terminal' },
  integratedTerminal: terminal,
};

function provisioningFile(name: string, content: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('lanepoint provision <file.json>', () => {
  it('applies the merchant id and gateway URL to this lane, keeping its other settings', async () => {
    const laneHome = join(folder, 'lane');
    mkdirSync(laneHome, { recursive: true });
    writeFileSync(join(laneHome, 'settings.json'), JSON.stringify({ terminalId: 'LANE-07' }));
    const { io, out } = fakeIo({ LANEPOINT_HOME: laneHome });
    expect(await runCli(['provision', provisioningFile('good.json', good)], io)).toBe(0);
    expect(out[0]).toContain('merchant 49600000001 (Corner Market)');
    expect(JSON.parse(readFileSync(join(laneHome, 'settings.json'), 'utf8'))).toEqual({
      terminalId: 'LANE-07',
      merchantId: '49600000001',
      gateway: { url: 'http://127.0.0.1:8711/rest' },
    });
  });

  it('applies a version 2 file\u2019s hub: url and lane id to settings.json, the key to the secret store only', async () => {
    const laneHome = join(folder, 'lane-v2');
    const { io, out } = fakeIo({ LANEPOINT_HOME: laneHome });
    expect(await runCli(['provision', provisioningFile('hub.json', { ...good, version: 2, hub })], io)).toBe(0);
    expect(out.join('\n')).toContain('store hub http://127.0.0.1:8713 as lane-3f9k2c');
    const settings = readFileSync(join(laneHome, 'settings.json'), 'utf8');
    expect(JSON.parse(settings)).toMatchObject({ hub: { url: hub.url, laneId: hub.laneId } });
    expect(settings).not.toContain('lpk_');
    expect(await createFileSecretStore(laneHome).get('hub.key')).toBe(hub.key);
    expect(statSync(join(laneHome, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('applies a version 3 file\u2019s integrated terminal: device, site, merchant id and HSN to settings.json, the API key to the secret store only', async () => {
    const laneHome = join(folder, 'lane-v3');
    mkdirSync(laneHome, { recursive: true });
    writeFileSync(join(laneHome, 'settings.json'), JSON.stringify({ payments: { tips: true } }));
    const { io, out } = fakeIo({ LANEPOINT_HOME: laneHome });
    expect(await runCli(['provision', provisioningFile('terminal.json', withTerminal)], io)).toBe(0);
    expect(out.join('\n')).toContain('integrated terminal C042UQ93160289 through http://127.0.0.1:8714');
    const settings = readFileSync(join(laneHome, 'settings.json'), 'utf8');
    expect(JSON.parse(settings)).toEqual({
      merchantId: '49600000001',
      gateway: { url: 'http://127.0.0.1:8711/rest' },
      hub: { url: hub.url, laneId: hub.laneId },
      payments: { tips: true, device: 'integrated-terminal' },
      integratedTerminal: { baseUrl: terminal.baseUrl, merchantId: terminal.merchantId, hsn: terminal.hsn },
    });
    expect(settings).not.toContain(terminal.apiKey);
    const secrets = createFileSecretStore(laneHome);
    expect(await secrets.get(integratedTerminalApiKeyName)).toBe(terminal.apiKey);
    expect(await secrets.get('hub.key')).toBe(hub.key);
  });

  it.each([
    ['a terminal in a version 2 file', { ...withTerminal, version: 2 }, 'payments: needs version 3'],
    [
      'a terminal on a lane that pays on its reader',
      { ...withTerminal, payments: { device: 'reader' } },
      'payments.device: must be integrated-terminal',
    ],
    [
      'an integrated terminal device with no terminal',
      { ...withTerminal, integratedTerminal: undefined },
      'integratedTerminal: required when payments.device is integrated-terminal',
    ],
    ['an unknown device', { ...withTerminal, payments: { device: 'tablet' } }, 'payments.device: expected reader or'],
    [
      'an HSN with a dash',
      { ...withTerminal, integratedTerminal: { ...terminal, hsn: 'C042-UQ93' } },
      'integratedTerminal.hsn: expected the terminal\u2019s HSN',
    ],
    [
      'no HSN',
      { ...withTerminal, integratedTerminal: { ...terminal, hsn: '' } },
      'integratedTerminal.hsn: required when payments.device is integrated-terminal',
    ],
    [
      'the API path in the site URL',
      { ...withTerminal, integratedTerminal: { ...terminal, baseUrl: 'https://site.cardpointe.com/api/v2' } },
      'integratedTerminal.baseUrl: expected the site root',
    ],
    [
      'an API key with a space',
      { ...withTerminal, integratedTerminal: { ...terminal, apiKey: 'terminal api key' } },
      'integratedTerminal.apiKey: expected the Terminal API key as issued',
    ],
    [
      'no API key',
      { ...withTerminal, integratedTerminal: { ...terminal, apiKey: undefined } },
      'integratedTerminal.apiKey: expected the Terminal API key as text',
    ],
  ])('refuses a version 3 file with %s, naming the field', async (what, content, field) => {
    const laneHome = join(folder, `lane-v3-${what.replaceAll(' ', '-')}`);
    const { io, err } = fakeIo({ LANEPOINT_HOME: laneHome });
    const file = provisioningFile(`bad-v3-${what.replaceAll(' ', '-')}.json`, content);
    expect(await runCli(['provision', file], io)).toBe(1);
    expect(err.join('\n')).toContain(`${file}: ${field}`);
    expect(() => readFileSync(join(laneHome, 'settings.json'))).toThrow();
    expect(await createFileSecretStore(laneHome).get(integratedTerminalApiKeyName)).toBeUndefined();
  });

  it('refuses a terminal the lane\u2019s own settings refuse: a remote Terminal API in training', async () => {
    const laneHome = join(folder, 'lane-v3-training');
    mkdirSync(laneHome, { recursive: true });
    writeFileSync(join(laneHome, 'settings.json'), JSON.stringify({ training: true }));
    const { io, err } = fakeIo({ LANEPOINT_HOME: laneHome });
    const content = { ...withTerminal, integratedTerminal: { ...terminal, baseUrl: 'https://site.cardpointe.com' } };
    expect(await runCli(['provision', provisioningFile('remote-terminal.json', content)], io)).toBe(1);
    expect(err.join('\n')).toContain(
      'integratedTerminal.baseUrl: training mode refuses a non-loopback terminal service',
    );
    expect(await createFileSecretStore(laneHome).get(integratedTerminalApiKeyName)).toBeUndefined();
  });

  it.each([
    ['a merchant id with a space', { ...good, merchantId: '4960 0001' }, 'merchantId'],
    ['no gateway URL', { ...good, gatewayUrl: undefined }, 'gatewayUrl'],
    ['another version', { ...good, version: 4 }, 'version: expected 1, 2 or 3'],
    ['a hub in a version 1 file', { ...good, hub }, 'hub: needs version 2'],
    [
      'another lane\u2019s key',
      { ...good, version: 2, hub: { ...hub, laneId: 'lane-other' } },
      'hub.key: is the key of another lane',
    ],
    ['a credential', { ...good, password: 'hunter2' }, 'password: is not a provisioning field'],
  ])('refuses a file with %s, naming the field', async (_what, content, field) => {
    const laneHome = join(folder, `lane-${field.split(':')[0]}`);
    const { io, err } = fakeIo({ LANEPOINT_HOME: laneHome });
    const file = provisioningFile(`bad-${field.split(':')[0]}.json`, content);
    expect(await runCli(['provision', file], io)).toBe(1);
    expect(err.join('\n')).toContain(`${file}: ${field}`);
    expect(() => readFileSync(join(laneHome, 'settings.json'))).toThrow();
  });

  it('refuses what the lane\u2019s own settings refuse: plain http to another host in training', async () => {
    const { io, err } = fakeIo({ LANEPOINT_HOME: join(folder, 'lane-training') });
    const file = provisioningFile('remote.json', { ...good, gatewayUrl: 'http://gateway.example/rest' });
    expect(await runCli(['provision', file], io)).toBe(1);
    expect(err.join('\n')).toContain('gateway.url');
  });

  it('puts the back office\u2019s folder beside the lane\u2019s, unless LANEPOINT_BACKOFFICE_HOME names one', () => {
    expect(defaultBackofficeHome({}, 'linux', '/home/ana')).toBe('/home/ana/.config/lanepoint-backoffice');
    expect(defaultBackofficeHome({ LANEPOINT_HOME: '/srv/lane' }, 'linux', '/home/ana')).toBe(
      '/home/ana/.config/lanepoint-backoffice',
    );
    expect(defaultBackofficeHome({}, 'darwin', '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Lanepoint Back Office',
    );
    expect(defaultBackofficeHome({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\Lanepoint Back Office',
    );
    expect(defaultBackofficeHome({ LANEPOINT_BACKOFFICE_HOME: '/srv/bo' }, 'linux', '/home/ana')).toBe('/srv/bo');
  });
});
