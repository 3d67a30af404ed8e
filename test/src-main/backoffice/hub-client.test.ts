import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubClient, HubError } from '../../../src-main/backoffice/hub-client';
import { handClock } from '../../support/boarding';
import { startHubAdminServer, type HubAdminServer } from '../../support/hub-admin-server';

let hub: HubAdminServer | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

const clock = handClock();

async function failure(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HubError)) throw new Error(`expected a HubError, got ${String(error)}`);
  return error;
}

/** A port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the back office\u2019s hub client', () => {
  it('creates a store and a lane, lists the lanes, and sends the admin key as a bearer', async () => {
    hub = await startHubAdminServer();
    const client = createHubClient({ url: `${hub.url}/`, adminKey: hub.adminKey, clock });
    expect(await client.createStore({ id: 'store-1', name: 'Corner Market' })).toMatchObject({
      id: 'store-1',
      timeZone: 'UTC',
    });
    const { lane, key } = await client.createLane({
      storeId: 'store-1',
      name: 'Counter 1',
      kind: 'counter',
      merchantId: '49600000001',
    });
    expect(key).toMatch(new RegExp(`^lpk_${lane.id}_[A-Za-z0-9_-]{43}$`));
    expect(await client.lanes('store-1')).toEqual([lane]);
    expect(hub.requests.map((request) => request.authorization)).toEqual(Array(3).fill(`Bearer ${hub.adminKey}`));
    expect(hub.requests[2]!.path).toBe('/api/admin/lanes?store=store-1');
  });

  it('says the hub refused the admin key on a 401, without the key in the message', async () => {
    hub = await startHubAdminServer();
    const client = createHubClient({ url: hub.url, adminKey: 'wrong-key', clock });
    const error = await failure(client.lanes('store-1'));
    expect(error.kind).toBe('refused-key');
    expect(error.status).toBe(401);
    expect(error.message).toContain(`The hub at ${hub.url} refused the admin key`);
    expect(error.message).not.toContain('wrong-key');
  });

  it('says the hub did not answer when nothing listens at its address', async () => {
    const port = await closedPort();
    const client = createHubClient({ url: `http://127.0.0.1:${port}`, adminKey: 'k', clock });
    const error = await failure(client.lanes());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(
      new RegExp(`^The hub at http://127.0.0.1:${port} did not answer \\(connection failed \\(ECONNREFUSED\\)\\)\\.$`),
    );
  });

  it('passes the hub\u2019s own reason on for a store that exists (409) and a missing sale (404)', async () => {
    hub = await startHubAdminServer();
    const client = createHubClient({ url: hub.url, adminKey: hub.adminKey, clock });
    await client.createStore({ id: 'store-1', name: 'Corner Market' });
    const exists = await failure(client.createStore({ id: 'store-1', name: 'Again' }));
    expect(exists).toMatchObject({ kind: 'conflict', status: 409 });
    expect(exists.message).toContain('Store store-1 exists already.');
    expect(await failure(client.sale('lane-000001', 7))).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('refuses an answer not as the contract says, naming the field', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ lanes: [{ id: 'lane-1', kind: 'drive-through' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createHubClient({ url: `http://127.0.0.1:${port}`, adminKey: 'k', clock });
      const error = await failure(client.lanes());
      expect(error.kind).toBe('protocol');
      expect(error.message).toContain('lanes.0.');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reads the shifts flat whether the hub groups them by cashier or not, and the CSV as text', async () => {
    hub = await startHubAdminServer();
    const client = createHubClient({ url: hub.url, adminKey: hub.adminKey, clock });
    const shifts = await client.shifts('store-1', '2026-01-01');
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({ openedBy: 'ana', countedMinor: 12450, expectedMinor: 12500 });
    expect(await client.exportCsv('store-1', '2026-01-01')).toBe('lane,entry,order,amount_minor,state\n');
  });
});
