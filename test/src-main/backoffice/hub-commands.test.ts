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
import { gatewayMerchants, type MerchantGateway } from '../../../src-main/hub/manager/reconciliation';
import { startEmulator } from '../../../src-main/stand-ins/gateway-emulator/server';
import { emulatorClient, keyedSale } from '../../support/gateway-emulator';
import { adminKey, embeddedEngine, startTestHub, type TestHub } from '../../support/hub-harness';

// The real hub, in process on the embedded engine; what a lane reported is posted with the lane's key.
let bench: BackofficeBench | undefined;
let hub: TestHub | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await bench?.close();
  await hub?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  bench = undefined;
  hub = undefined;
});

/** Posts `events` to the hub as lane `laneId` sends its outbox, with its own key. */
async function report(laneId: string, key: string, events: Array<{ kind: string; at: number; body: object }>) {
  const answer = await hub!.call('POST', `/api/lanes/${laneId}/events`, key, {
    journalId: `journal-${laneId}`,
    events: events.map((event, index) => ({ seq: index + 1, ...event })),
  });
  expect(answer.status).toBe(200);
}

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
async function connected(gateway?: MerchantGateway): Promise<{ bench: BackofficeBench; hub: TestHub }> {
  hub = await startTestHub(embeddedEngine(), gateway ? { gateway } : {});
  bench = await startBackofficeBench();
  await ok('backoffice.configure', { hubUrl: hub.server.url });
  await ok('hub.setAdminKey', { adminKey });
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
    hub = await startTestHub(embeddedEngine());
    const url = hub.server.url;
    bench = await startBackofficeBench();
    expect(await call('hub.lanes', {})).toMatchObject({
      ok: false,
      error: { code: 'failed_precondition', field: 'hubUrl' },
    });
    expect(await call('backoffice.configure', { hubUrl: 'http://hub.example:8713' })).toMatchObject({
      error: { code: 'invalid_argument', field: 'hubUrl' },
    });
    expect(await ok('backoffice.configure', { hubUrl: url })).toMatchObject({
      hub: { url, adminKeySet: false },
    });
    expect(await call('hub.lanes', {})).toMatchObject({ error: { code: 'failed_precondition', field: 'adminKey' } });
    await ok('hub.setAdminKey', { adminKey: 'not-the-key' });
    const refused = await call('hub.lanes', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'failed_precondition', field: 'adminKey' } });
    expect(!refused.ok && refused.error.message).toContain(`The hub at ${url} refused the admin key`);
    await ok('hub.setAdminKey', { adminKey });
    expect(await ok('hub.lanes', {})).toEqual([]);
    expect(await ok('backoffice.status')).toMatchObject({ hub: { url, adminKeySet: true } });

    const settingsText = readFileSync(backofficeSettingsPath(bench.home), 'utf8');
    expect(JSON.parse(settingsText)).toMatchObject({ hubUrl: url });
    for (const key of [adminKey, 'not-the-key']) {
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
    // No lane was made on the hub.
    expect((await server.call('GET', '/api/admin/lanes', adminKey)).body).toEqual({ lanes: [] });
    const { gatewayMerchantId } = await boardedApplication();
    const given = await ok('hub.provisionLane', { storeId: 'store-1', name: 'Kiosk 1', kind: 'kiosk' });
    const file = JSON.parse(given.content) as { hub: { key: string; laneId: string } };
    expect(file).toEqual({
      version: 2,
      merchantId: gatewayMerchantId,
      gatewayUrl: bench!.training!.gatewayUrl,
      dbaName: 'Corner Market',
      hub: { url: server.server.url, laneId: given.lane.id, key: expect.stringMatching(/^lpk_/) },
    });
    expect(given.fileName).toBe(`lane-${given.lane.id}.json`);
    const secret = file.hub.key.slice(`lpk_${given.lane.id}_`.length);
    // The hub takes the lane's events with that key.
    expect(
      (
        await server.call('POST', `/api/lanes/${given.lane.id}/events`, file.hub.key, {
          journalId: 'journal-1',
          events: [],
        })
      ).status,
    ).toBe(200);
    expect(given.lane).toMatchObject({ kind: 'kiosk', merchantId: gatewayMerchantId, storeId: 'store-1' });
    expect(bench!.log()).not.toContain(secret);
  });

  it('push a settings document after checking its shape, and show a lane\u2019s refusal', async () => {
    await connected();
    await ok('backoffice.configure', { gatewayUrl: 'https://gateway.example/rest' });
    expect(await call('hub.pushSettings', { storeId: 'store-1', document: { settings: 5 } })).toMatchObject({
      error: { code: 'invalid_argument', field: 'document.settings' },
    });
    expect(
      await ok('hub.pushSettings', { storeId: 'store-1', document: { settings: { tipping: { enabled: true } } } }),
    ).toEqual({
      version: 1,
    });
    const { lane, content } = await (async () => {
      await boardedApplication();
      return ok('hub.provisionLane', { storeId: 'store-1', name: 'Counter 1', kind: 'counter' });
    })();
    const laneKey = (JSON.parse(content) as { hub: { key: string } }).hub.key;
    await report(lane.id, laneKey, [
      { kind: 'settings.refused', at: 0, body: { version: 1, reason: 'tipping.enabled: not allowed on a kiosk' } },
    ]);
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
    // The gateway (its emulator, at the day's midnight) takes the sale and settles it.
    const midnight = 1_767_225_600_000;
    const emulator = await startEmulator({ clock: { now: () => midnight } });
    cleanups.push(() => emulator.close());
    const gateway = emulatorClient(emulator.url);
    const charged = await gateway.auth(
      keyedSale({ capture: true, amount: 2500, orderid: 'ORD-7', account: '4111111111111111' }),
    );
    const settled = await fetch(`${emulator.url.replace('/rest', '')}/__emulator/settle`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}` },
      body: '{}',
    });
    expect(settled.status).toBe(200);
    const { hub: server } = await connected(gatewayMerchants(() => gateway));
    // Lane lane-000001 of the emulator's merchant reports the sale (started, then captured) and ana's shift.
    const made = await server.call('POST', '/api/admin/lanes', adminKey, {
      id: 'lane-000001',
      storeId: 'store-1',
      name: 'Counter 1',
      kind: 'counter',
      merchantId: keyedSale().merchid,
    });
    const sale = {
      entryId: 7,
      operation: 'auth',
      orderId: 'ORD-7',
      amountMinor: 2500,
      maskedPan: '411111******1111',
      cashier: 'ana',
      createdAt: midnight,
      detail: { tender: 'sale' },
    };
    await report('lane-000001', made.body.key as string, [
      { kind: 'payment', at: midnight, body: { ...sale, state: 'pending', updatedAt: midnight } },
      {
        kind: 'payment',
        at: midnight + 1500,
        body: {
          ...sale,
          state: 'completed',
          updatedAt: midnight + 1500,
          outcome: { respstat: 'A', retref: charged.retref, amountMinor: 2500 },
        },
      },
      {
        kind: 'shift',
        at: midnight + 3_600_000,
        body: {
          shiftId: 1,
          openedBy: 'ana',
          openedAt: midnight,
          floatMinor: 10000,
          closedBy: 'ana',
          closedAt: midnight + 3_600_000,
          countedMinor: 12450,
          expectedMinor: 12500,
        },
      },
    ]);
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
      expect(await answer.text()).toBe(
        'day,store,lane,time,cashier,operation,order id,masked pan,amount,state,response,retref,batch\r\n' +
          `2026-01-01,store-1,lane-000001,00:00:00,ana,auth,ORD-7,411111******1111,25.00,completed,A,${charged.retref},\r\n`,
      );
      const wrong = await fetch(`${base}?store=store-1&day=1%20Jan`, { method: 'POST' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ ok: false, error: { field: 'day' } });
    } finally {
      host.closeAllConnections();
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });
});
