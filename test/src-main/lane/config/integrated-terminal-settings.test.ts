import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  integratedTerminalApiKeyName,
  integratedTerminalConnection,
} from '../../../../src-main/lane/config/integrated-terminal-settings';
import { createFileSecretStore } from '../../../../src-main/lane/config/secrets';
import { saveSettings, settingsPath, settingsSchema } from '../../../../src-main/lane/config/settings';

/** The paths of every issue the schema finds in `input`, as "a.b". */
function rejectedPaths(input: unknown): string[] {
  const result = settingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

const live = { training: false, merchantId: '496160873888' };
const terminalLane = {
  ...live,
  payments: { device: 'integrated-terminal' },
  integratedTerminal: { baseUrl: 'https://fts-uat.cardpointe.com', hsn: 'C042UQ93160289' },
} as const;

describe('the payment device and the integratedTerminal section', () => {
  it('takes cards on the lane’s own reader unless told otherwise, with no terminal set', () => {
    const settings = settingsSchema.parse({});
    expect(settings.payments.device).toBe('reader');
    expect(settings.integratedTerminal).toEqual({ baseUrl: '', merchantId: '', hsn: '', pinDebit: false });
  });

  it('reads a lane set to an integrated terminal', () => {
    const settings = settingsSchema.parse(terminalLane);
    expect(settings.payments.device).toBe('integrated-terminal');
    expect(settings.integratedTerminal).toEqual({
      baseUrl: 'https://fts-uat.cardpointe.com',
      merchantId: '',
      hsn: 'C042UQ93160289',
      pinDebit: false,
    });
  });

  it('names a device it does not know', () => {
    const bad = settingsSchema.safeParse({ payments: { device: 'bolt' } });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['payments', 'device'],
      message: 'expected "reader" or "integrated-terminal"',
    });
  });

  it('asks for the terminal service and the HSN only when the integrated terminal takes the cards', () => {
    expect(rejectedPaths({ ...live, payments: { device: 'integrated-terminal' } })).toEqual([
      'integratedTerminal.baseUrl',
      'integratedTerminal.hsn',
    ]);
    expect(rejectedPaths({ ...live, payments: { device: 'reader' } })).toEqual([]);
    const missing = settingsSchema.safeParse({ ...live, payments: { device: 'integrated-terminal' } });
    expect(missing.error?.issues[0]?.message).toBe('required when payments.device is integrated-terminal');
  });

  it('refuses a site root that is not one: http off loopback, credentials, the /api path, a query, not a URL', () => {
    const withUrl = (baseUrl: string) => rejectedPaths({ integratedTerminal: { baseUrl } });
    expect(withUrl('http://fts-uat.cardpointe.com')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('https://key:x@fts-uat.cardpointe.com')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('https://fts-uat.cardpointe.com/api')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('https://fts-uat.cardpointe.com/api/v3/')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('https://fts-uat.cardpointe.com/?a=1')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('fts-uat.cardpointe.com')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('ftp://fts-uat.cardpointe.com')).toEqual(['integratedTerminal.baseUrl']);
    expect(withUrl('http://127.0.0.1:8720')).toEqual([]);
    expect(withUrl('https://fts-uat.cardpointe.com')).toEqual([]);
  });

  it('keeps a training lane on a loopback terminal service', () => {
    expect(rejectedPaths({ ...terminalLane, training: true })).toEqual(['integratedTerminal.baseUrl']);
    const onEmulator = {
      ...terminalLane,
      integratedTerminal: { baseUrl: 'http://127.0.0.1:8720', hsn: 'C042UQ93160289' },
    };
    expect(rejectedPaths({ ...onEmulator, training: true })).toEqual([]);
    // Training's own emulated terminal gives the site and the HSN: a training lane names neither.
    expect(rejectedPaths({ training: true, payments: { device: 'integrated-terminal' } })).toEqual([]);
  });

  it('names a bad HSN or merchant id', () => {
    expect(rejectedPaths({ integratedTerminal: { hsn: 'C042 UQ93' } })).toEqual(['integratedTerminal.hsn']);
    expect(rejectedPaths({ integratedTerminal: { hsn: 'C'.repeat(19) } })).toEqual(['integratedTerminal.hsn']);
    expect(rejectedPaths({ integratedTerminal: { merchantId: '4961 6087' } })).toEqual([
      'integratedTerminal.merchantId',
    ]);
  });

  it('refuses an API key in settings.json: it is not a setting', () => {
    expect(rejectedPaths({ integratedTerminal: { apiKey: 'abc' } })).toEqual(['integratedTerminal']);
  });
});

describe('the terminal client’s connection from the settings and the secret store', () => {
  const appData = () => mkdtempSync(join(tmpdir(), 'lanepoint-terminal-settings-'));

  it('takes the API key from the secret store and the gateway’s merchant id when none is set; settings.json holds no key', async () => {
    const dir = appData();
    const secrets = createFileSecretStore(dir);
    await secrets.set(integratedTerminalApiKeyName, 'terminal-api-key-0001');
    const settings = saveSettings(dir, terminalLane);
    expect(readFileSync(settingsPath(dir), 'utf8')).not.toContain('terminal-api-key-0001');
    expect(await integratedTerminalConnection(settings, secrets)).toEqual({
      baseUrl: 'https://fts-uat.cardpointe.com',
      merchantId: '496160873888',
      hsn: 'C042UQ93160289',
      apiKey: 'terminal-api-key-0001',
    });
  });

  it('uses the terminal’s own merchant id when one is set', async () => {
    const dir = appData();
    const secrets = createFileSecretStore(dir);
    await secrets.set(integratedTerminalApiKeyName, 'terminal-api-key-0001');
    const settings = settingsSchema.parse({
      ...terminalLane,
      integratedTerminal: { ...terminalLane.integratedTerminal, merchantId: '820000000001' },
    });
    expect((await integratedTerminalConnection(settings, secrets)).merchantId).toBe('820000000001');
  });

  it('names everything missing, and never the key', async () => {
    const secrets = createFileSecretStore(appData());
    const settings = settingsSchema.parse({ training: false });
    await expect(integratedTerminalConnection(settings, secrets)).rejects.toThrow(
      'the integrated terminal is not set up: integratedTerminal.baseUrl, integratedTerminal.hsn, integratedTerminal.merchantId (or merchantId), the secret integrated-terminal.api-key missing',
    );
    const keyed = createFileSecretStore(appData());
    await keyed.set(integratedTerminalApiKeyName, 'terminal-api-key-0001');
    const error = await integratedTerminalConnection(settings, keyed).catch((caught: unknown) => caught);
    expect((error as Error).message).not.toContain('terminal-api-key-0001');
    expect((error as Error).message).not.toContain('api-key missing');
  });
});
