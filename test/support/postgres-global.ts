import { startPostgresCluster } from './postgres-cluster';
import { makePgliteTemplate } from './pglite-template';

/**
 * Vitest global setup of the unit suite, the hub's two engines made once for every worker:
 * - one real PostgreSQL cluster, named to the workers by LANEPOINT_HUB_TEST_POSTGRES
 *   (`hubEngines` in hub-journal.ts makes a fresh database on it per test file); a developer's
 *   own server can be named instead, and then none is started here;
 * - one migrated embedded database, closed, that each embedded test database copies
 *   (LANEPOINT_HUB_TEST_PGLITE_TEMPLATE, see pglite-template.ts).
 */
export default async function hubEnginesForTests(): Promise<(() => Promise<void>) | undefined> {
  const [cluster, template] = await Promise.all([
    process.env['LANEPOINT_HUB_TEST_POSTGRES'] ? undefined : startPostgresCluster(),
    process.env['LANEPOINT_HUB_TEST_PGLITE_TEMPLATE'] ? undefined : makePgliteTemplate(),
  ]);
  if (cluster) process.env['LANEPOINT_HUB_TEST_POSTGRES'] = cluster.url;
  if (template) process.env['LANEPOINT_HUB_TEST_PGLITE_TEMPLATE'] = template;
  return async () => cluster?.stop();
}
