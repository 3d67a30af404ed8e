import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real HTTP server answering the store hub's manager API as HUB-CONTRACT.md fixes it,
 * for the back office's tests while the real hub is not merged: 401 for a wrong admin key, 409
 * for a store that exists, 201 with the lane's key (shown once), a lane's refused push in
 * `settingsRefused`, the CSV export. State is in memory; tests set lanes' reports with `lane()`.
 */
export interface HubAdminServer {
  readonly url: string;
  readonly adminKey: string;
  /** Every request: method, path with query, and the Authorization header it carried. */
  readonly requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** A lane as the hub holds it (after `POST /api/admin/lanes`), to set what it reported. */
  lane(id: string): Record<string, unknown>;
  /** The sha256 of a created lane's key secret, as the hub stores it. */
  keyHash(laneId: string): string | undefined;
  readonly payments: Record<string, unknown>[];
  close(): Promise<void>;
}

const zeroTotals = {
  cardSalesMinor: 0,
  cardSalesCount: 0,
  refundsMinor: 0,
  refundsCount: 0,
  voidsMinor: 0,
  voidsCount: 0,
  cashSalesMinor: 0,
  cashReturnedMinor: 0,
  tipsMinor: 0,
  surchargesMinor: 0,
  offlineStoredMinor: 0,
  offlineForwardedMinor: 0,
  offlineDeclinedMinor: 0,
  unknownCount: 0,
  noSales: 0,
};

export async function startHubAdminServer(options: { now?: () => number } = {}): Promise<HubAdminServer> {
  const now = options.now ?? (() => 1_767_225_600_000);
  const adminKey = `hub-admin-${randomBytes(8).toString('hex')}`;
  const stores = new Map<string, Record<string, unknown>>();
  const lanes = new Map<string, Record<string, unknown>>();
  const hashes = new Map<string, string>();
  const pushes: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  const requests: HubAdminServer['requests'] = [];
  let laneCount = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, status: number, error: string, message: string) =>
    send(response, status, { error, message });

  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : undefined;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.authorization,
      body,
    });
    if (request.headers.authorization !== `Bearer ${adminKey}`)
      return fail(response, 401, 'bad-key', 'The admin key is missing or wrong.');
    const store = url.searchParams.get('store');
    const route = `${request.method} ${url.pathname}`;
    const input = (body ?? {}) as Record<string, unknown>;
    if (route === 'POST /api/admin/stores') {
      if (typeof input.id !== 'string' || typeof input.name !== 'string')
        return fail(response, 400, 'invalid', 'id and name are required.');
      if (stores.has(input.id)) return fail(response, 409, 'exists', `Store ${input.id} exists already.`);
      const created = { id: input.id, name: input.name, timeZone: input.timeZone ?? 'UTC', createdAt: now() };
      stores.set(input.id, created);
      return send(response, 201, created);
    }
    if (route === 'POST /api/admin/lanes') {
      if (!stores.has(String(input.storeId)))
        return fail(response, 404, 'not-found', `No store ${String(input.storeId)}.`);
      if (input.kind !== 'counter' && input.kind !== 'kiosk')
        return fail(response, 400, 'invalid', 'kind: expected counter or kiosk.');
      const id = `lane-${(++laneCount).toString(36).padStart(6, '0')}`;
      const secret = randomBytes(32).toString('base64url');
      hashes.set(id, createHash('sha256').update(secret).digest('hex'));
      const lane = {
        id,
        storeId: input.storeId,
        name: input.name,
        kind: input.kind,
        merchantId: input.merchantId,
        lastSeenAt: null,
        lastSeq: 0,
        status: null,
        settingsVersion: null,
        settingsRefused: null,
        journalId: null,
      };
      lanes.set(id, lane);
      return send(response, 201, { lane, key: `lpk_${id}_${secret}` });
    }
    if (route === 'GET /api/admin/lanes')
      return send(response, 200, { lanes: [...lanes.values()].filter((lane) => !store || lane.storeId === store) });
    if (route === 'GET /api/admin/sales') {
      const q = url.searchParams.get('q') ?? '';
      const lane = url.searchParams.get('lane');
      const day = url.searchParams.get('day');
      const sales = payments.filter(
        (payment) =>
          (!store || payment.storeId === store) &&
          (!lane || payment.laneId === lane) &&
          (!day || payment.businessDay === day) &&
          (!q ||
            String(payment.orderId).includes(q) ||
            String(payment.maskedPan ?? '').endsWith(q) ||
            payment.cashier === q),
      );
      return send(response, 200, { sales });
    }
    const sale = /^\/api\/admin\/sales\/([^/]+)\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && sale) {
      const payment = payments.find(
        (row) => row.laneId === decodeURIComponent(sale[1]!) && row.entryId === Number(sale[2]),
      );
      if (!payment) return fail(response, 404, 'not-found', 'No such sale.');
      return send(response, 200, {
        payment,
        events: [
          { seq: 1, kind: 'payment', label: 'sale started', at: payment.createdAt },
          { seq: 2, kind: 'payment', label: 'captured', at: Number(payment.createdAt) + 1500 },
        ],
      });
    }
    if (route === 'GET /api/admin/day') {
      const day = url.searchParams.get('day') ?? '';
      const rows = payments.filter((payment) => payment.storeId === store && payment.businessDay === day);
      const totalsOf = (list: Record<string, unknown>[]) => ({
        ...zeroTotals,
        cardSalesMinor: list.reduce((sum, row) => sum + Number(row.amountMinor), 0),
        cardSalesCount: list.length,
      });
      const laneIds = [...new Set(rows.map((row) => String(row.laneId)))];
      const merchantIds = [...new Set(rows.map((row) => String(row.merchantId)))];
      return send(response, 200, {
        day,
        storeId: store,
        lanes: laneIds.map((laneId) => ({ laneId, totals: totalsOf(rows.filter((row) => row.laneId === laneId)) })),
        merchants: merchantIds.map((merchantId) => ({
          merchantId,
          totals: totalsOf(rows.filter((row) => row.merchantId === merchantId)),
          settlement: { batchId: '1900', settledMinor: 2500, differenceMinor: 0 },
        })),
        totals: totalsOf(rows),
      });
    }
    if (route === 'GET /api/admin/shifts')
      return send(response, 200, {
        shifts: [
          {
            cashier: 'ana',
            shifts: [
              {
                laneId: 'lane-000001',
                shiftId: 1,
                openedBy: 'ana',
                openedAt: now(),
                floatMinor: 10000,
                closedBy: 'ana',
                closedAt: now() + 3_600_000,
                countedMinor: 12450,
                expectedMinor: 12500,
              },
            ],
          },
        ],
      });
    if (route === 'POST /api/admin/settings') {
      if (!stores.has(String(input.storeId)))
        return fail(response, 404, 'not-found', `No store ${String(input.storeId)}.`);
      const push = {
        version: pushes.length + 1,
        storeId: input.storeId,
        document: input.document,
        pushedBy: 'admin',
        pushedAt: now(),
      };
      pushes.push(push);
      return send(response, 201, { version: push.version });
    }
    if (route === 'GET /api/admin/settings')
      return send(response, 200, {
        pushes: pushes.filter((push) => push.storeId === store),
        lanes: [...lanes.values()]
          .filter((lane) => lane.storeId === store)
          .map((lane) => ({
            laneId: lane.id,
            settingsVersion: lane.settingsVersion,
            settingsRefused: lane.settingsRefused,
          })),
      });
    if (route === 'GET /api/admin/export.csv') {
      const day = url.searchParams.get('day');
      const rows = payments.filter((payment) => payment.storeId === store && payment.businessDay === day);
      response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
      return response.end(
        [
          'lane,entry,order,amount_minor,state',
          ...rows.map(
            (row) =>
              `${String(row.laneId)},${String(row.entryId)},${String(row.orderId)},${String(row.amountMinor)},${String(row.state)}`,
          ),
        ].join('\n') + '\n',
      );
    }
    return fail(response, 404, 'not-found', `No route ${route}.`);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, 500, 'internal', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    adminKey,
    requests,
    payments,
    lane(id) {
      const lane = lanes.get(id);
      if (!lane) throw new Error(`no lane ${id}`);
      return lane;
    },
    keyHash: (laneId) => hashes.get(laneId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
