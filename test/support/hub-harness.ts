import { openPostgres, type HubDatabase } from '../../src-main/hub/database';
import { adminKeyOf } from '../../src-main/hub/lane-keys';
import { startHubServer, type HubServerOptions, type RunningHubServer } from '../../src-main/hub/server';
import { createLogger } from '../../src-main/platform/log/logger';
import { ManualClock } from './manual-clock';
import { openFreshEmbedded } from './pglite-template';
import { createDatabaseOn, startPostgresCluster, type PostgresCluster } from './postgres-cluster';

/**
 * The hub's two engines for one test file: a real PostgreSQL cluster (started once per file) and
 * PGlite in a temporary folder. Each opens its database once; tests make their own stores and
 * lanes, so they never see each other's rows.
 */
export interface Engine {
  readonly name: 'postgres' | 'embedded';
  open(): Promise<HubDatabase>;
  close(): Promise<void>;
}

/**
 * A fresh database on the suite's PostgreSQL cluster (LANEPOINT_HUB_TEST_POSTGRES, started by
 * postgres-global.ts), or on a cluster of its own when the file runs outside the suite's setup.
 */
export function postgresEngine(): Engine {
  let cluster: PostgresCluster | undefined;
  return {
    name: 'postgres',
    async open() {
      const shared = process.env['LANEPOINT_HUB_TEST_POSTGRES'];
      if (shared) return openPostgres(await createDatabaseOn(shared));
      cluster = await startPostgresCluster();
      return openPostgres(await cluster.database());
    },
    close: async () => cluster?.stop(),
  };
}

export function embeddedEngine(): Engine {
  return { name: 'embedded', open: openFreshEmbedded, close: async () => undefined };
}

export const adminKey = 'lpa_test-admin-key-0123456789abcdefghijklmnopqrs';

export interface TestHub {
  readonly database: HubDatabase;
  readonly clock: ManualClock;
  readonly server: RunningHubServer;
  call(method: string, path: string, key: string | undefined, body?: unknown): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export async function startTestHub(
  engine: Engine,
  extra: Partial<Pick<HubServerOptions, 'maxBodyBytes' | 'logger' | 'gateway'>> = {},
): Promise<TestHub> {
  const database = await engine.open();
  const clock = new ManualClock(1_790_000_000_000);
  const server = await startHubServer({
    database,
    clock,
    logger: createLogger({ level: 'silent' }),
    adminKey: adminKeyOf(adminKey),
    ...extra,
  });
  return {
    database,
    clock,
    server,
    async call(method, path, key, body) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
    },
    async close() {
      await server.close();
      await database.close();
      await engine.close();
    },
  };
}

let counter = 0;

/** A new store and lane on `hub`, made through the admin API; answers the lane's id and key. */
export async function newLane(hub: TestHub, kind: 'counter' | 'kiosk' = 'counter') {
  const storeId = `store-${++counter}`;
  const store = await hub.call('POST', '/api/admin/stores', adminKey, { id: storeId, name: `Store ${counter}` });
  if (store.status !== 201) throw new Error(`store: ${JSON.stringify(store)}`);
  const lane = await hub.call('POST', '/api/admin/lanes', adminKey, {
    storeId,
    name: 'Counter 1',
    kind,
    merchantId: '496160873888',
  });
  if (lane.status !== 201) throw new Error(`lane: ${JSON.stringify(lane)}`);
  return { storeId, laneId: (lane.body.lane as { id: string }).id, key: lane.body.key as string };
}

/** Events `from..to` (inclusive) as a lane's outbox sends them: device.status bodies naming their seq. */
export function events(from: number, to: number, kind = 'device.status') {
  return Array.from({ length: to - from + 1 }, (_, index) => ({
    seq: from + index,
    kind,
    at: 1_790_000_000_000 + from + index,
    body: { offlineQueue: from + index },
  }));
}
