import { ingestBatch, readEventBatch } from './ingest';
import { json, type HubRoute } from './routes';

/**
 * The lane's side of the wire (docs/hub-wire.md, "The wire between a lane and the hub"): a lane posts
 * its outbox's events and reads its store's latest settings, each with its own key on its own path.
 */
export const laneRoutes: readonly HubRoute[] = [
  {
    method: 'POST',
    path: '/api/lanes/:laneId/events',
    access: 'lane',
    async handle({ database, clock }, request) {
      const batch = readEventBatch(await request.body());
      const { acknowledgedSeq, settingsVersion } = await ingestBatch(
        database,
        request.params.laneId!,
        batch,
        clock.now(),
      );
      return json(200, { acknowledgedSeq, settingsVersion });
    },
  },
  {
    method: 'GET',
    path: '/api/lanes/:laneId/settings',
    access: 'lane',
    async handle({ database, clock }, request) {
      const laneId = request.params.laneId!;
      await database.query('UPDATE lanes SET last_seen_at = $2 WHERE id = $1', [laneId, clock.now()]);
      const [push] = await database.query<{ version: number; document: unknown }>(
        `SELECT p.version, p.document
           FROM settings_pushes p JOIN lanes l ON l.store_id = p.store_id
          WHERE l.id = $1
          ORDER BY p.version DESC
          LIMIT 1`,
        [laneId],
      );
      return push ? json(200, { version: push.version, document: push.document }) : { status: 204 };
    },
  },
];
