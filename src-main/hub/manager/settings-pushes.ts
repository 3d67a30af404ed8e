/**
 * Settings pushed to a store's lanes (ADR 082): each push is a new version of a document
 * `{settings: {<top-level lane settings key>: value}}`. The hub checks only its shape; the lane
 * does the real validation and refuses a bad push with a reason, which the lane reports back
 * (`settings.refused`) and the hub shows beside the version each lane runs.
 */
import { z } from 'zod';
import type { HubSql } from '../database';
import { HubError } from '../errors';
import { requireStore } from './day-view';

export const settingsDocument = z.object({ settings: z.record(z.string(), z.unknown()) }).strict();

/** Stores a push as the store's next version; HubError 'invalid' names what is wrong with the document. */
export async function pushSettings(
  db: HubSql,
  push: { readonly storeId: string; readonly document: unknown; readonly pushedBy: string; readonly now: number },
): Promise<{ version: number }> {
  const parsed = settingsDocument.safeParse(push.document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `document.${issue.path.join('.')}` : 'document';
    throw new HubError('invalid', `hub: ${where}: ${issue.message} (a push is {"settings": {...}})`);
  }
  await requireStore(db, push.storeId);
  const [row] = await db.query<{ version: number }>(
    'INSERT INTO settings_pushes (store_id, document, pushed_by, pushed_at) VALUES ($1, $2::jsonb, $3, $4) RETURNING version',
    [push.storeId, JSON.stringify(parsed.data), push.pushedBy, push.now],
  );
  return { version: row!.version };
}

export interface SettingsOverview {
  readonly pushes: Array<{ version: number; document: unknown; pushedBy: string; pushedAt: number }>;
  readonly lanes: Array<{ laneId: string; settingsVersion: number | null; settingsRefused: unknown }>;
}

/** The store's pushes, newest first, and the version each lane says it runs (or its last refusal). */
export async function listSettings(db: HubSql, storeId: string): Promise<SettingsOverview> {
  await requireStore(db, storeId);
  const pushes = await db.query<{ version: number; document: unknown; pushed_by: string; pushed_at: number }>(
    'SELECT version, document, pushed_by, pushed_at FROM settings_pushes WHERE store_id = $1 ORDER BY version DESC',
    [storeId],
  );
  const lanes = await db.query<{ id: string; settings_version: number | null; settings_refused: unknown }>(
    'SELECT id, settings_version, settings_refused FROM lanes WHERE store_id = $1 ORDER BY id',
    [storeId],
  );
  return {
    pushes: pushes.map((push) => ({
      version: push.version,
      document: push.document,
      pushedBy: push.pushed_by,
      pushedAt: push.pushed_at,
    })),
    lanes: lanes.map((lane) => ({
      laneId: lane.id,
      settingsVersion: lane.settings_version,
      settingsRefused: lane.settings_refused,
    })),
  };
}
