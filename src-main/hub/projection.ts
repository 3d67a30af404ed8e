import type { HubSql } from './database';
import { projectJournalEvent, type ProjectedEvent, type ProjectedLane } from './projection-journal';

export type { ProjectedEvent, ProjectedLane };

/**
 * Turns one new event of a lane into the hub's tables, in the transaction that stored it
 * (ingest.ts calls this once per event, in seq order, never for a duplicate).
 */
export async function project(tx: HubSql, lane: ProjectedLane, event: ProjectedEvent): Promise<void> {
  switch (event.kind) {
    case 'device.status':
      await tx.query('UPDATE lanes SET status = $2::jsonb WHERE id = $1', [lane.id, JSON.stringify(event.body)]);
      return;
    case 'settings.applied':
      // A later version that applies clears the last refusal.
      await tx.query('UPDATE lanes SET settings_version = $2, settings_refused = NULL WHERE id = $1', [
        lane.id,
        numberOr(event.body.version, null),
      ]);
      return;
    case 'settings.refused':
      await tx.query('UPDATE lanes SET settings_refused = $2::jsonb WHERE id = $1', [
        lane.id,
        JSON.stringify({ version: numberOr(event.body.version, null), reason: String(event.body.reason ?? '') }),
      ]);
      return;
    // payment, shift, cash and z: the journal's rows (projection-journal.ts). A kind this hub
    // does not know stays in lane_events only, for a later hub to project.
    default:
      await projectJournalEvent(tx, lane, event);
      return;
  }
}

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
