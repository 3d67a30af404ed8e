/**
 * The hub's manager tests: an engine factory (PGlite, a copy of the suite's template, and PostgreSQL on
 * the unit suite's cluster from postgres-global.ts), a store with lanes, and a lane
 * journal's rows turned into the contract's events (the wire of ADR 080) straight from the SQLite
 * file, independently of the lane's outbox triggers.
 */
import Database from 'better-sqlite3';
import { openFreshEmbedded } from './pglite-template';
import { createDatabaseOn } from './postgres-cluster';
import { openPostgres, type HubDatabase } from '../../src-main/hub/database';
import { projectJournalEvent, type ProjectedEvent, type ProjectedLane } from '../../src-main/hub/projection-journal';

export interface HubEngine {
  readonly name: string;
  readonly open: () => Promise<HubDatabase>;
}

/**
 * The engines the manager's tests run on: `describe.each(hubEngines)`. PostgreSQL joins when
 * `LANEPOINT_HUB_TEST_POSTGRES` names a server the tests may create databases on (the unit
 * suite's global setup starts one: postgres-global.ts).
 */
export const hubEngines: HubEngine[] = [
  { name: 'embedded', open: openFreshEmbedded },
  ...(process.env['LANEPOINT_HUB_TEST_POSTGRES']
    ? [
        {
          name: 'postgres',
          open: async () => openPostgres(await createDatabaseOn(process.env['LANEPOINT_HUB_TEST_POSTGRES']!)),
        },
      ]
    : []),
];

export async function addStore(db: HubDatabase, id: string, timeZone: string): Promise<void> {
  await db.query('INSERT INTO stores (id, name, time_zone, created_at) VALUES ($1, $2, $3, 0)', [id, id, timeZone]);
}

export async function addLane(db: HubDatabase, lane: ProjectedLane, kind: 'counter' | 'kiosk' = 'counter') {
  await db.query(
    `INSERT INTO lanes (id, store_id, name, kind, merchant_id, key_hash, created_at) VALUES ($1, $2, $1, $3, $4, 'x', 0)`,
    [lane.id, lane.storeId, kind, lane.merchantId],
  );
}

const json = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

/**
 * A journal file's rows as the contract's events, one snapshot per row (its state now), seq
 * from 1 in the order the rows were first written (entries, then cash, shifts, Z reports; the
 * projection does not depend on the order across tables).
 */
export function journalEvents(path: string): ProjectedEvent[] {
  const db = new Database(path, { readonly: true });
  try {
    const events: Array<Omit<ProjectedEvent, 'seq'>> = [];
    for (const row of db.prepare('SELECT * FROM entries ORDER BY id').all() as Array<Record<string, unknown>>)
      events.push({
        kind: 'payment',
        at: row['updated_at'] as number,
        body: {
          entryId: row['id'],
          operation: row['operation'],
          orderId: row['order_id'],
          amountMinor: row['amount_minor'],
          state: row['state'],
          maskedPan: row['masked_pan'],
          entryMode: row['entry_mode'],
          originalRetref: row['original_retref'],
          cashier: row['cashier'],
          shiftId: row['shift_id'],
          createdAt: row['created_at'],
          updatedAt: row['updated_at'],
          outcome: json(row['outcome'] as string | null),
          detail: json(row['detail'] as string | null),
        },
      });
    for (const row of db.prepare('SELECT * FROM cash_movements ORDER BY id').all() as Array<Record<string, unknown>>)
      events.push({
        kind: 'cash',
        at: row['created_at'] as number,
        body: {
          movementId: row['id'],
          shiftId: row['shift_id'],
          kind: row['kind'],
          orderId: row['order_id'],
          amountMinor: row['amount_minor'],
          cashier: row['cashier'],
          approvedBy: row['approved_by'],
          reason: row['reason'],
          createdAt: row['created_at'],
        },
      });
    for (const row of db.prepare('SELECT * FROM shifts ORDER BY id').all() as Array<Record<string, unknown>>)
      events.push({
        kind: 'shift',
        at: row['opened_at'] as number,
        body: {
          shiftId: row['id'],
          openedBy: row['opened_by'],
          openedAt: row['opened_at'],
          floatMinor: row['float_minor'],
          closedBy: row['closed_by'],
          closedAt: row['closed_at'],
          countedMinor: row['counted_minor'],
          expectedMinor: row['expected_minor'],
        },
      });
    for (const row of db.prepare('SELECT * FROM z_reports ORDER BY number').all() as Array<Record<string, unknown>>)
      events.push({
        kind: 'z',
        at: row['closed_at'] as number,
        body: {
          number: row['number'],
          closedBy: row['closed_by'],
          closedAt: row['closed_at'],
          totals: json(row['totals'] as string | null),
        },
      });
    return events.map((event, index) => ({ ...event, seq: index + 1 }));
  } finally {
    db.close();
  }
}

/** Projects events as ingest does: one transaction per batch. */
export async function projectAll(db: HubDatabase, lane: ProjectedLane, events: readonly ProjectedEvent[]) {
  await db.transaction(async (tx) => {
    for (const event of events) await projectJournalEvent(tx, lane, event);
  });
}
