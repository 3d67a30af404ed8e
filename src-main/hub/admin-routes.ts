import { z } from 'zod';
import { HubError } from './errors';
import { laneIdPattern, newLaneId, newLaneKey } from './lane-keys';
import { json, parseWith, queryValue, type HubRoute } from './routes';

/**
 * The manager's API (admin key). Stores and lanes are here; the reports, settings pushes and the
 * export add their routes from src-main/hub/manager/* to `adminRoutes` below.
 */

/** A lane as the manager's API shows it (docs/hub-wire.md, LaneView). */
export interface LaneView {
  readonly id: string;
  readonly storeId: string;
  readonly name: string;
  readonly kind: 'counter' | 'kiosk';
  readonly merchantId: string;
  readonly lastSeenAt: number | null;
  readonly lastSeq: number;
  readonly status: unknown;
  readonly settingsVersion: number | null;
  readonly settingsRefused: unknown;
  readonly journalId: string | null;
  /** The lane sent from another journal than the one the hub holds: its stream cannot go on here. */
  readonly journalReplaced: boolean;
}

/** The lanes columns a LaneView is read from. */
export const laneViewColumns =
  'id, store_id, name, kind, merchant_id, last_seen_at, last_seq, status, settings_version, settings_refused, journal_id, journal_refused';

export function laneView(row: Record<string, unknown>): LaneView {
  return {
    id: row.id as string,
    storeId: row.store_id as string,
    name: row.name as string,
    kind: row.kind as LaneView['kind'],
    merchantId: row.merchant_id as string,
    lastSeenAt: (row.last_seen_at as number | null) ?? null,
    lastSeq: row.last_seq as number,
    status: row.status ?? null,
    settingsVersion: (row.settings_version as number | null) ?? null,
    settingsRefused: row.settings_refused ?? null,
    journalId: (row.journal_id as string | null) ?? null,
    journalReplaced: row.journal_refused !== null && row.journal_refused !== undefined,
  };
}

const slug = z
  .string({ error: 'expected a string' })
  .regex(laneIdPattern, 'expected 1 to 40 lower-case letters, digits and dashes, starting with a letter or digit');
const name = z
  .string({ error: 'expected a string' })
  .trim()
  .min(1, 'expected a name')
  .max(100, 'expected at most 100 characters');
const timeZone = z
  .string({ error: 'expected an IANA time zone such as Europe/Paris' })
  .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', {
    error: 'expected an IANA time zone such as Europe/Paris',
  });

const storeSchema = z.object({ id: slug, name, timeZone: timeZone.optional() });
const laneSchema = z.object({
  storeId: slug,
  name,
  kind: z.enum(['counter', 'kiosk'], { error: 'expected counter or kiosk' }),
  merchantId: z
    .string({ error: 'expected a string' })
    .regex(/^[A-Za-z0-9]{1,32}$/, 'expected the gateway merchant id (1 to 32 letters or digits)'),
  id: slug.optional(),
});

const createStore: HubRoute = {
  method: 'POST',
  path: '/api/admin/stores',
  access: 'admin',
  async handle({ database, clock }, request) {
    const store = parseWith(storeSchema, await request.body());
    const zone = store.timeZone ?? 'UTC';
    const [row] = await database.query(
      `INSERT INTO stores (id, name, time_zone, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [store.id, store.name, zone, clock.now()],
    );
    if (!row) throw new HubError('conflict', `store ${store.id} exists already`);
    return json(201, { id: store.id, name: store.name, timeZone: zone });
  },
};

const createLane: HubRoute = {
  method: 'POST',
  path: '/api/admin/lanes',
  access: 'admin',
  async handle({ database, clock }, request) {
    const lane = parseWith(laneSchema, await request.body());
    const [store] = await database.query('SELECT id FROM stores WHERE id = $1', [lane.storeId]);
    if (!store) throw new HubError('not-found', `storeId: no store ${lane.storeId} on this hub`);
    // A drawn id that is taken (36^6 of them) is drawn again; a given one is the caller's to change.
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = lane.id ?? newLaneId();
      const { key, keyHash } = newLaneKey(id);
      const [row] = await database.query(
        `INSERT INTO lanes (id, store_id, name, kind, merchant_id, key_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO NOTHING RETURNING ${laneViewColumns}`,
        [id, lane.storeId, lane.name, lane.kind, lane.merchantId, keyHash, clock.now()],
      );
      if (row) return json(201, { lane: laneView(row), key });
      if (lane.id) throw new HubError('conflict', `lane ${lane.id} exists already`);
    }
    throw new HubError('conflict', 'no free lane id was drawn in five tries; try again');
  },
};

const listLanes: HubRoute = {
  method: 'GET',
  path: '/api/admin/lanes',
  access: 'admin',
  async handle({ database }, request) {
    const store = queryValue(request, 'store');
    const rows = await database.query(
      `SELECT ${laneViewColumns} FROM lanes WHERE $1::text IS NULL OR store_id = $1 ORDER BY store_id, name, id`,
      [store ?? null],
    );
    return json(200, { lanes: rows.map(laneView) });
  },
};

/** Every admin route; the manager's reports add theirs here. */
export const adminRoutes: readonly HubRoute[] = [createStore, createLane, listLanes];
