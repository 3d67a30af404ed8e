import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubClient, HubError } from '../../../src-main/backoffice/hub-client';
import { handClock } from '../../support/boarding';
import { adminKey, embeddedEngine, startTestHub, type TestHub } from '../../support/hub-harness';

// The real hub, in process on the embedded engine; only the malformed answer (which the real hub
// never gives) comes from a tiny inline server.
let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

const clock = handClock();

/** A fetch that notes each request's method, path and Authorization header, then sends it on. */
function recordingFetch() {
  const requests: { method: string; path: string; authorization: string | null }[] = [];
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.get('authorization'),
    });
    return fetch(request);
  };
  return { requests, fetch: recording };
}

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
    hub = await startTestHub(embeddedEngine());
    const recorder = recordingFetch();
    const client = createHubClient({ url: `${hub.server.url}/`, adminKey, clock, fetch: recorder.fetch });
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
    expect(recorder.requests.map((request) => request.authorization)).toEqual(Array(3).fill(`Bearer ${adminKey}`));
    expect(recorder.requests[2]!.path).toBe('/api/admin/lanes?store=store-1');
  });

  it('says the hub refused the admin key on a 401, without the key in the message', async () => {
    hub = await startTestHub(embeddedEngine());
    const client = createHubClient({ url: hub.server.url, adminKey: 'wrong-key', clock });
    const error = await failure(client.lanes('store-1'));
    expect(error.kind).toBe('refused-key');
    expect(error.status).toBe(401);
    expect(error.message).toContain(`The hub at ${hub.server.url} refused the admin key`);
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
    hub = await startTestHub(embeddedEngine());
    const client = createHubClient({ url: hub.server.url, adminKey, clock });
    await client.createStore({ id: 'store-1', name: 'Corner Market' });
    const exists = await failure(client.createStore({ id: 'store-1', name: 'Again' }));
    expect(exists).toMatchObject({ kind: 'conflict', status: 409 });
    expect(exists.message).toContain('store store-1 exists already');
    expect(await failure(client.sale('lane-000001', 7))).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('refuses an answer not as the contract says, naming the field', async () => {
    // The real hub never answers off its contract, so this one answer comes from a server here.
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
    hub = await startTestHub(embeddedEngine());
    const client = createHubClient({ url: hub.server.url, adminKey, clock });
    await client.createStore({ id: 'store-1', name: 'Corner Market' });
    const { lane, key } = await client.createLane({
      storeId: 'store-1',
      name: 'Counter 1',
      kind: 'counter',
      merchantId: '49600000001',
    });
    // The lane reports a shift of ana's, opened and counted on the day.
    const openedAt = Date.UTC(2026, 0, 1, 9, 0, 0);
    const shift = {
      shiftId: 1,
      openedBy: 'ana',
      openedAt,
      floatMinor: 10000,
      closedBy: 'ana',
      closedAt: openedAt + 3_600_000,
      countedMinor: 12450,
      expectedMinor: 12500,
    };
    const posted = await hub.call('POST', `/api/lanes/${lane.id}/events`, key, {
      journalId: 'journal-1',
      events: [{ seq: 1, kind: 'shift', at: openedAt + 3_600_000, body: shift }],
    });
    expect(posted.status).toBe(200);
    const shifts = await client.shifts('store-1', '2026-01-01');
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({ openedBy: 'ana', countedMinor: 12450, expectedMinor: 12500 });
    expect(await client.exportCsv('store-1', '2026-01-01')).toBe(
      'day,store,lane,time,cashier,operation,order id,masked pan,amount,state,response,retref,batch\r\n',
    );
  });
});
