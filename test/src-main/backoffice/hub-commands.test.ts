import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BackofficeCommandArgs,
  BackofficeCommandName,
  BackofficeCommandResult,
} from '../../../src-main/backoffice/contract';
import { backofficeSettingsPath } from '../../../src-main/backoffice/settings';
import type { CommandReply } from '../../../src-main/lane/ipc/contract/replies';
import { signAsOwner } from '../../support/boarding';
import { newApplicationArgs, startBackofficeBench, type BackofficeBench } from '../../support/backoffice';
import { startHubAdminServer, type HubAdminServer } from '../../support/hub-admin-server';

let bench: BackofficeBench | undefined;
let hub: HubAdminServer | undefined;
afterEach(async () => {
  await bench?.close();
  await hub?.close();
  bench = undefined;
  hub = undefined;
});

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

/** A back office with the hub's address and admin key entered, and a store on the hub. */
async function connected(): Promise<{ bench: BackofficeBench; hub: HubAdminServer }> {
  hub = await startHubAdminServer();
  bench = await startBackofficeBench();
  await ok('backoffice.configure', { hubUrl: hub.url });
  await ok('hub.setAdminKey', { adminKey: hub.adminKey });
  await ok('hub.createStore', { id: 'store-1', name: 'Corner Market' });
  return { bench, hub };
}

/** Boards an application on training's emulator, as the application tests do. */
async function boardedApplication(): Promise<{ merchantId: string; gatewayMerchantId: string }> {
  const { merchantId } = await ok('applications.create', newApplicationArgs('Corner Market'));
  await ok('applications.setCustomFields', {
    merchantId,
    customFields: [{ userFieldNumber: 1, customFieldValue: '42' }],
  });
  const { signatureUrl } = await ok('signature.request', { merchantId });
  expect((await signAsOwner(signatureUrl)).ok).toBe(true);
  bench!.clock.advance(36_000);
  const boarded = await ok('applications.get', { merchantId });
  expect(boarded.gatewayStatus).toBe('BOARDED');
  return { merchantId, gatewayMerchantId: boarded.gatewayMerchantId! };
}

describe('the back office\u2019s hub commands', () => {
  it('say what to enter until the hub\u2019s address and a right admin key are stored, keeping the key out of settings and the log', async () => {
    hub = await startHubAdminServer();
    bench = await startBackofficeBench();
    expect(await call('hub.lanes', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'hubUrl' },
    });
    expect(await call('backoffice.configure', { hubUrl: 'http://hub.example:8713' })).toMatchObject({
      error: { code: 'invalid_argument', field: 'hubUrl' },
    });
    expect(await ok('backoffice.configure', { hubUrl: hub.url })).toMatchObject({
      hub: { url: hub.url, adminKeySet: false },
    });
    expect(await call('hub.lanes', {})).toMatchObject({ error: { code: 'failed_precondition', field: 'adminKey' } });
    await ok('hub.setAdminKey', { adminKey: 'not-the-key' });
    const refused = await call('hub.lanes', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'adminKey' } });
    expect(!refused.ok && refused.error.message).toContain(`The hub at ${hub.url} refused the admin key`);
    await ok('hub.setAdminKey', { adminKey: hub.adminKey });
    expect(await ok('hub.lanes', {})).toEqual([]);
    expect(await ok('backoffice.status')).toMatchObject({ hub: { url: hub.url, adminKeySet: true } });

    const settingsText = readFileSync(backofficeSettingsPath(bench.home), 'utf8');
    expect(JSON.parse(settingsText)).toMatchObject({ hubUrl: hub.url });
    for (const key of [hub.adminKey, 'not-the-key']) {
      expect(settingsText).not.toContain(key);
      expect(bench.log()).not.toContain(key);
    }
  });

  it('say the hub did not answer when it is down', async () => {
    const { hub: server } = await connected();
    await server.close();
    hub = undefined;
    const reply = await call('hub.lanes', { storeId: 'store-1' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(!reply.ok && reply.error.message).toMatch(/^The hub at http:\/\/127\.0\.0\.1:\d+ did not answer/);
  });

  it('provision a lane under the boarded merchant: a version-2 file whose key the hub knows, made only once BOARDED', async () => {
    const { hub: server } = await connected();
    expect(await call('hub.provisionLane', { storeId: 'store-1', name: 'Counter 1', kind: 'counter' })).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'merchantId' },
    });
    expect(server.requests.some((request) => request.path === '/api/admin/lanes' && request.method === 'POST')).toBe(
      false,
    );
    const { gatewayMerchantId } = await boardedApplication();
    const given = await ok('hub.provisionLane', { storeId: 'store-1', name: 'Kiosk 1', kind: 'kiosk' });
    const file = JSON.parse(given.content) as { hub: { key: string; laneId: string } };
    expect(file).toEqual({
      version: 2,
      merchantId: gatewayMerchantId,
      gatewayUrl: bench!.training!.gatewayUrl,
      dbaName: 'Corner Market',
      hub: { url: server.url, laneId: given.lane.id, key: expect.stringMatching(/^lpk_/) },
    });
    expect(given.fileName).toBe(`lane-${given.lane.id}.json`);
    const secret = file.hub.key.slice(`lpk_${given.lane.id}_`.length);
    expect(createHash('sha256').update(secret).digest('hex')).toBe(server.keyHash(given.lane.id));
    expect(given.lane).toMatchObject({ kind: 'kiosk', merchantId: gatewayMerchantId, storeId: 'store-1' });
    expect(bench!.log()).not.toContain(secret);
  });

  it('push a settings document after checking its shape, and show a lane\u2019s refusal', async () => {
    const { hub: server } = await connected();
    await ok('backoffice.configure', { gatewayUrl: 'https://gateway.example/rest' });
    expect(await call('hub.pushSettings', { storeId: 'store-1', document: { settings: 5 } })).toMatchObject({
      error: { code: 'invalid_argument', field: 'document.settings' },
    });
    expect(
      await ok('hub.pushSettings', { storeId: 'store-1', document: { settings: { tipping: { enabled: true } } } }),
    ).toEqual({
      version: 1,
    });
    const { lane } = await (async () => {
      await boardedApplication();
      return ok('hub.provisionLane', { storeId: 'store-1', name: 'Counter 1', kind: 'counter' });
    })();
    Object.assign(server.lane(lane.id), {
      settingsRefused: { version: 1, reason: 'tipping.enabled: not allowed on a kiosk' },
    });
    expect(await ok('hub.pushes', { storeId: 'store-1' })).toMatchObject({
      pushes: [{ version: 1, document: { settings: { tipping: { enabled: true } } } }],
      lanes: [
        {
          laneId: lane.id,
          settingsVersion: null,
          settingsRefused: { version: 1, reason: expect.stringContaining('tipping.enabled') },
        },
      ],
    });
  });

  it('read sales, one sale\u2019s timeline, the day and the shifts, and serve the CSV as a download', async () => {
    const { hub: server } = await connected();
    server.payments.push({
      laneId: 'lane-000001',
      entryId: 7,
      storeId: 'store-1',
      merchantId: '49600000001',
      businessDay: '2026-01-01',
      operation: 'sale',
      orderId: 'ORD-7',
      amountMinor: 2500,
      state: 'captured',
      maskedPan: '411111******1111',
      cashier: 'ana',
      createdAt: 1_767_225_600_000,
    });
    expect(await ok('hub.sales', { storeId: 'store-1', q: '1111' })).toMatchObject([{ orderId: 'ORD-7' }]);
    expect(await ok('hub.sales', { storeId: 'store-1', q: '2222' })).toEqual([]);
    expect(await call('hub.sales', { storeId: 'store 1' })).toMatchObject({ error: { field: 'storeId' } });
    expect((await ok('hub.sale', { laneId: 'lane-000001', entryId: 7 })).events.map((event) => event.label)).toEqual([
      'sale started',
      'captured',
    ]);
    expect(await call('hub.sale', { laneId: 'lane-000001', entryId: 8 })).toMatchObject({
      error: { code: 'failed_precondition' },
    });
    const day = await ok('hub.day', { storeId: 'store-1', day: '2026-01-01' });
    expect(day.totals).toMatchObject({ cardSalesMinor: 2500, cardSalesCount: 1 });
    expect(day.merchants[0]).toMatchObject({ settlement: { settledMinor: 2500 } });
    expect(await ok('hub.shifts', { storeId: 'store-1', day: '2026-01-01' })).toMatchObject([{ openedBy: 'ana' }]);

    const route = bench!.backoffice.routes.find((candidate) => candidate.path === '/hub/export.csv')!;
    const host = createServer((request, response) => {
      void route.handle(request, response, new URL(request.url!, 'http://127.0.0.1'));
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/hub/export.csv`;
      const answer = await fetch(`${base}?store=store-1&day=2026-01-01`, { method: 'POST' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="sales-store-1-2026-01-01.csv"');
      expect(await answer.text()).toBe('lane,entry,order,amount_minor,state\nlane-000001,7,ORD-7,2500,captured\n');
      const wrong = await fetch(`${base}?store=store-1&day=1%20Jan`, { method: 'POST' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ ok: false, error: { field: 'day' } });
    } finally {
      host.closeAllConnections();
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });
});
