import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BackofficeCommandArgs,
  BackofficeCommandName,
  BackofficeCommandResult,
} from '../../../src-main/backoffice/contract';
import { backofficeSettingsPath } from '../../../src-main/backoffice/settings';
import { applyProvisioning, provisioningSchema } from '../../../src-main/backoffice/provisioning';
import { createFileSecretStore } from '../../../src-main/lane/config/secrets';
import {
  integratedTerminalApiKeyName,
  integratedTerminalConnection,
} from '../../../src-main/lane/config/integrated-terminal-settings';
import { loadSettings } from '../../../src-main/lane/config/settings';
import { createTerminalClient } from '../../../src-main/lane/integrated-terminal/client';
import type { CommandReply } from '../../../src-main/lane/ipc/contract/replies';
import { trainingTerminalConfig } from '../../../src-main/stand-ins/terminal-emulator/config';
import {
  startTerminalEmulator,
  type RunningTerminalEmulator,
} from '../../../src-main/stand-ins/terminal-emulator/server';
import { signAsOwner } from '../../support/boarding';
import { newApplicationArgs, startBackofficeBench, type BackofficeBench } from '../../support/backoffice';
import { adminKey, embeddedEngine, startTestHub, type TestHub } from '../../support/hub-harness';
import { ManualClock } from '../../support/manual-clock';

// The real back office (training's boarding and gateway emulators), the real hub in process and
// the real Integrated Terminal emulator with training's terminals, all over HTTP.
let bench: BackofficeBench | undefined;
let hub: TestHub | undefined;
let terminals: RunningTerminalEmulator | undefined;
afterEach(async () => {
  await bench?.close();
  await hub?.close();
  await terminals?.close();
  [bench, hub, terminals] = [undefined, undefined, undefined];
});

const apiKey = 'training-terminal-api-key';
/** Training's merchant with two terminals (the third, 14012PP20131409, is another merchant's). */
const terminalMerchant = '496160873888';

const call = (name: BackofficeCommandName, args: unknown = {}): Promise<CommandReply> =>
  bench!.backoffice.dispatch(name, args);
async function ok<N extends BackofficeCommandName>(
  name: N,
  args: BackofficeCommandArgs<N> = {} as BackofficeCommandArgs<N>,
): Promise<BackofficeCommandResult<N>> {
  const reply = await call(name, args);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.field ?? ''} ${reply.error.message}`);
  return reply.result as BackofficeCommandResult<N>;
}

/** The back office with the hub entered and a store on it, a boarded application, and the terminal service up. */
async function ready(): Promise<{ site: { baseUrl: string; merchantId: string } }> {
  terminals = await startTerminalEmulator({
    config: trainingTerminalConfig({
      restUrl: 'http://127.0.0.1:9/cardconnect/rest',
      tokenizeUrl: 'http://127.0.0.1:9/cardsecure/api/v1/ccn/tokenize',
      username: 'testing',
      password: 'testing123',
    }),
    clock: new ManualClock(),
  });
  hub = await startTestHub(embeddedEngine());
  bench = await startBackofficeBench();
  await ok('backoffice.configure', { hubUrl: hub.server.url });
  await ok('hub.setAdminKey', { adminKey });
  await ok('hub.createStore', { id: 'store-1', name: 'Corner Market' });
  await ok('hub.createStore', { id: 'store-2', name: 'Corner Market Annex' });
  const { merchantId } = await ok('applications.create', newApplicationArgs('Corner Market'));
  await ok('applications.setCustomFields', {
    merchantId,
    customFields: [{ userFieldNumber: 1, customFieldValue: '42' }],
  });
  const { signatureUrl } = await ok('signature.request', { merchantId });
  expect((await signAsOwner(signatureUrl)).ok).toBe(true);
  bench.clock.advance(36_000);
  expect((await ok('applications.get', { merchantId })).gatewayStatus).toBe('BOARDED');
  return { site: { baseUrl: terminals.url, merchantId: terminalMerchant } };
}

const hubLanes = async () => (await hub!.call('GET', '/api/admin/lanes', adminKey)).body.lanes as unknown[];

describe('provisioning a lane on an integrated terminal', () => {
  it('keeps the Terminal API key in the secret store and lists the service\u2019s terminals with it', async () => {
    const { site } = await ready();
    expect(await ok('backoffice.status')).toMatchObject({ integratedTerminal: { apiKeySet: false } });
    expect(await call('terminals.list', { ...site, storeId: 'store-1' })).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'apiKey' },
    });

    await ok('terminals.setApiKey', { apiKey: 'not-the-terminal-key' });
    const refused = await call('terminals.list', { ...site, storeId: 'store-1' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'apiKey' } });
    expect(!refused.ok && refused.error.message).toContain(
      `The Terminal API at ${site.baseUrl} refused the API key for merchant ${terminalMerchant}`,
    );

    await ok('terminals.setApiKey', { apiKey });
    expect(await ok('backoffice.status')).toMatchObject({ integratedTerminal: { apiKeySet: true } });
    expect(await ok('terminals.list', { ...site, storeId: 'store-1' })).toEqual([
      { hsn: '15225SC90709732', name: expect.any(String), deviceType: 'iSC250 Touch', connected: true, heldBy: null },
      { hsn: 'C042UQ93160289', name: expect.any(String), deviceType: 'Mini 2', connected: true, heldBy: null },
    ]);
    // The other merchant's terminal is listed under its own merchant id only.
    expect(
      (await ok('terminals.list', { baseUrl: site.baseUrl, merchantId: '820000000001', storeId: 'store-1' })).map(
        (terminal) => terminal.hsn,
      ),
    ).toEqual(['14012PP20131409']);

    const settingsText = readFileSync(backofficeSettingsPath(bench!.home), 'utf8');
    for (const key of [apiKey, 'not-the-terminal-key']) {
      expect(settingsText).not.toContain(key);
      expect(bench!.log()).not.toContain(key);
    }
  });

  it('refuses a site the lane\u2019s settings would refuse, and says when the service does not answer', async () => {
    const { site } = await ready();
    await ok('terminals.setApiKey', { apiKey });
    expect(
      await call('terminals.list', { ...site, baseUrl: `${site.baseUrl}/api/v2`, storeId: 'store-1' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'baseUrl' } });
    expect(
      await call('terminals.list', { ...site, baseUrl: 'http://terminals.example', storeId: 'store-1' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'baseUrl' } });
    expect(await call('terminals.list', { ...site, merchantId: '4961 6087', storeId: 'store-1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'merchantId' },
    });
    await terminals!.close();
    terminals = undefined;
    const down = await call('terminals.list', { ...site, storeId: 'store-1' });
    expect(down).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(!down.ok && down.error.message).toContain(`The Terminal API at ${site.baseUrl} did not answer`);
  });

  it('gives the lane a version 3 file with its terminal and the API key, which the lane applies to its settings and secret store', async () => {
    const { site } = await ready();
    await ok('terminals.setApiKey', { apiKey });
    const given = await ok('hub.provisionLane', {
      storeId: 'store-1',
      name: 'Counter 1',
      kind: 'counter',
      integratedTerminal: { ...site, hsn: 'C042UQ93160289' },
    });
    const file = provisioningSchema.parse(JSON.parse(given.content));
    expect(file).toEqual({
      version: 3,
      merchantId: expect.any(String),
      gatewayUrl: bench!.training!.gatewayUrl,
      dbaName: 'Corner Market',
      hub: { url: hub!.server.url, laneId: given.lane.id, key: expect.stringMatching(/^lpk_/) },
      payments: { device: 'integrated-terminal' },
      integratedTerminal: { baseUrl: site.baseUrl, merchantId: terminalMerchant, hsn: 'C042UQ93160289', apiKey },
    });
    expect(bench!.log()).not.toContain(apiKey);
    expect(await ok('terminals.list', { ...site, storeId: 'store-1' })).toMatchObject([
      { hsn: '15225SC90709732', heldBy: null },
      { hsn: 'C042UQ93160289', heldBy: { laneId: given.lane.id, laneName: 'Counter 1' } },
    ]);

    // The lane applies it: the terminal in settings.json, the key in its secret store only.
    const laneHome = join(bench!.home, '..', 'provisioned-lane');
    const secrets = createFileSecretStore(laneHome);
    const settingsFile = await applyProvisioning(laneHome, file, secrets);
    const settingsText = readFileSync(settingsFile, 'utf8');
    expect(JSON.parse(settingsText)).toMatchObject({
      payments: { device: 'integrated-terminal' },
      integratedTerminal: { baseUrl: site.baseUrl, merchantId: terminalMerchant, hsn: 'C042UQ93160289' },
    });
    expect(settingsText).not.toContain(apiKey);
    expect(await secrets.get(integratedTerminalApiKeyName)).toBe(apiKey);
    // What the lane now reads opens its terminal: the terminal client, made from the lane's own settings, reaches it.
    const connection = await integratedTerminalConnection(
      loadSettings({ appDataDir: laneHome, env: {} }).settings,
      secrets,
    );
    const client = createTerminalClient({ ...connection, clock: new ManualClock() });
    expect(await client.listTerminals()).toContain(connection.hsn);
  });

  it('refuses an HSN another lane of the store has, naming that lane, and one the service does not list; no lane is made', async () => {
    const { site } = await ready();
    expect(
      await call('hub.provisionLane', {
        storeId: 'store-1',
        name: 'Counter 1',
        kind: 'counter',
        integratedTerminal: { ...site, hsn: 'C042UQ93160289' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'apiKey' } });
    expect(await hubLanes()).toEqual([]);
    await ok('terminals.setApiKey', { apiKey });
    const first = await ok('hub.provisionLane', {
      storeId: 'store-1',
      name: 'Counter 1',
      kind: 'counter',
      integratedTerminal: { ...site, hsn: 'C042UQ93160289' },
    });

    const taken = await call('hub.provisionLane', {
      storeId: 'store-1',
      name: 'Counter 2',
      kind: 'counter',
      integratedTerminal: { ...site, hsn: 'C042UQ93160289' },
    });
    expect(taken).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'integratedTerminal.hsn' } });
    expect(!taken.ok && taken.error.message).toBe(
      `Terminal C042UQ93160289 is already lane Counter 1 (${first.lane.id})\u2019s: each lane of store store-1 takes cards on a terminal of its own. Choose another terminal.`,
    );

    const unlisted = await call('hub.provisionLane', {
      storeId: 'store-1',
      name: 'Counter 2',
      kind: 'counter',
      integratedTerminal: { ...site, hsn: '14012PP20131409' },
    });
    expect(unlisted).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'integratedTerminal.hsn' },
    });
    expect(!unlisted.ok && unlisted.error.message).toBe(
      `The Terminal API at ${site.baseUrl} does not list terminal 14012PP20131409 for merchant ${terminalMerchant} (it lists 15225SC90709732, C042UQ93160289): choose one it lists, or check the merchant id.`,
    );
    expect(
      await call('hub.provisionLane', {
        storeId: 'store-1',
        name: 'Counter 2',
        kind: 'counter',
        integratedTerminal: { ...site, hsn: 'C042-UQ93' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_argument', field: 'integratedTerminal.hsn' } });
    expect(await hubLanes()).toHaveLength(1);

    // Another terminal for this store, and the same terminal for a lane of another store, are given.
    const second = await ok('hub.provisionLane', {
      storeId: 'store-1',
      name: 'Counter 2',
      kind: 'counter',
      integratedTerminal: { ...site, hsn: '15225SC90709732' },
    });
    expect(JSON.parse(second.content)).toMatchObject({ integratedTerminal: { hsn: '15225SC90709732' } });
    const annex = await ok('hub.provisionLane', {
      storeId: 'store-2',
      name: 'Annex 1',
      kind: 'kiosk',
      integratedTerminal: { ...site, hsn: 'C042UQ93160289' },
    });
    expect(JSON.parse(annex.content)).toMatchObject({ version: 3, integratedTerminal: { hsn: 'C042UQ93160289' } });
    // A lane on its own reader still gets version 2, with no terminal.
    const reader = await ok('hub.provisionLane', { storeId: 'store-1', name: 'Counter 3', kind: 'counter' });
    expect(JSON.parse(reader.content)).not.toHaveProperty('integratedTerminal');
    expect(JSON.parse(reader.content)).toMatchObject({ version: 2 });
  });
});
