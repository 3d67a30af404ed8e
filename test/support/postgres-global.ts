import { startPostgresCluster } from './postgres-cluster';

/**
 * Vitest global setup of the unit suite: one real PostgreSQL cluster for the hub's tests, named
 * to the workers by LANEPOINT_HUB_TEST_POSTGRES (`hubEngines` in hub-journal.ts makes a fresh
 * database on it per test file). A developer's own server can be named instead, and then none is
 * started here.
 */
export default async function postgresForHubTests(): Promise<(() => Promise<void>) | undefined> {
  if (process.env['LANEPOINT_HUB_TEST_POSTGRES']) return undefined;
  const cluster = await startPostgresCluster();
  process.env['LANEPOINT_HUB_TEST_POSTGRES'] = cluster.url;
  return () => cluster.stop();
}
