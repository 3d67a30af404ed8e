import { z } from 'zod';
import type { HubDatabase } from './database';
import { HubError } from './errors';
import { projectPayments } from './projection-journal';
import { project, type ProjectedLane } from './projection';
import { parseWith } from './routes';

/**
 * A lane's batch of outbox events, taken in (ADR 080): at least once from the lane, exactly once
 * here. The lane row is locked for the batch (`SELECT ... FOR UPDATE`), so two batches of one
 * lane racing (a retry overtaking a slow answer) run one after the other and the second sees what
 * the first stored: every seq at or below `last_seq` is a duplicate, skipped and never projected
 * again. A batch that would leave a hole is refused whole, naming where the hub stands.
 */

/** The kinds a lane sends (docs/hub-wire.md, "The lane's outbox"). */
export const eventKinds = [
  'payment',
  'shift',
  'cash',
  'z',
  'device.status',
  'settings.applied',
  'settings.refused',
] as const;

export const maxEventsPerBatch = 500;

const eventSchema = z.object({
  seq: z.number({ error: 'expected a number' }).int('expected a whole number').positive('expected a number above 0'),
  kind: z.enum(eventKinds, { error: `expected one of ${eventKinds.join(', ')}` }),
  at: z.number({ error: 'expected epoch milliseconds' }).int('expected whole epoch milliseconds').nonnegative(),
  body: z.record(z.string(), z.unknown(), { error: 'expected a JSON object' }),
});

export const eventBatchSchema = z
  .object({
    journalId: z
      .string({ error: 'expected a string' })
      .min(1, 'expected the journal id')
      .max(200, 'expected at most 200 characters'),
    events: z
      .array(eventSchema, { error: 'expected a list of events' })
      .max(maxEventsPerBatch, `expected at most ${maxEventsPerBatch} events a batch`),
  })
  .superRefine((batch, context) => {
    batch.events.forEach((event, index) => {
      const previous = batch.events[index - 1];
      if (previous && event.seq <= previous.seq)
        context.addIssue({
          code: 'custom',
          path: ['events', index, 'seq'],
          message: `expected a seq above the previous event's ${previous.seq} (seqs strictly increase)`,
        });
    });
  });

export type EventBatch = z.infer<typeof eventBatchSchema>;
export type LaneEvent = EventBatch['events'][number];

/** The batch, or a HubError `invalid` naming the first wrong field (`events[3].seq: ...`). */
export const readEventBatch = (body: unknown): EventBatch => parseWith(eventBatchSchema, body);

/** A refusal the lane acts on: `gap` (resend from acknowledgedSeq + 1) or `journal-replaced`. */
export class IngestConflict extends HubError {
  constructor(
    readonly conflict: 'gap' | 'journal-replaced',
    message: string,
    readonly acknowledgedSeq?: number,
  ) {
    super('conflict', message);
  }
}

interface LockedLane {
  id: string;
  store_id: string;
  merchant_id: string;
  time_zone: string;
  journal_id: string | null;
  last_seq: number;
  settings_version: number | null;
}

/**
 * Stores the events of `batch` that are new for `laneId`, projects each, and answers the seq the
 * hub now holds contiguously from 1. `now` is the hub's clock (received_at, last_seen_at).
 */
export async function ingestBatch(
  database: HubDatabase,
  laneId: string,
  batch: EventBatch,
  now: number,
): Promise<{ acknowledgedSeq: number; stored: number; settingsVersion: number | null }> {
  try {
    return await storeBatch(database, laneId, batch, now);
  } catch (error) {
    // A refused batch is still a lane that called: the manager sees it is alive.
    if (error instanceof IngestConflict)
      await database.query('UPDATE lanes SET last_seen_at = $2 WHERE id = $1', [laneId, now]);
    // A replaced journal is kept on the lane's row, so the manager's screens say so (not only the lane).
    if (error instanceof IngestConflict && error.conflict === 'journal-replaced')
      await database.query('UPDATE lanes SET journal_refused = $2::jsonb WHERE id = $1', [
        laneId,
        JSON.stringify({ journalId: batch.journalId, at: now }),
      ]);
    throw error;
  }
}

async function storeBatch(
  database: HubDatabase,
  laneId: string,
  batch: EventBatch,
  now: number,
): Promise<{ acknowledgedSeq: number; stored: number; settingsVersion: number | null }> {
  return database.transaction(async (tx) => {
    const [lane] = await tx.query<LockedLane>(
      `SELECT l.id, l.store_id, l.merchant_id, s.time_zone, l.journal_id, l.last_seq,
              (SELECT max(version) FROM settings_pushes p WHERE p.store_id = l.store_id) AS settings_version
         FROM lanes l JOIN stores s ON s.id = l.store_id
        WHERE l.id = $1
          FOR UPDATE OF l`,
      [laneId],
    );
    if (!lane) throw new HubError('not-found', `no lane ${laneId} on this hub`);
    if (lane.journal_id !== null && lane.journal_id !== batch.journalId)
      throw new IngestConflict(
        'journal-replaced',
        `lane ${laneId} sends from another journal than the one the hub holds (${lane.journal_id}); the lane's journal was replaced, so its stream cannot continue here`,
      );
    const fresh = batch.events.filter((event) => event.seq > lane.last_seq);
    let expected = lane.last_seq + 1;
    for (const event of fresh) {
      if (event.seq !== expected)
        throw new IngestConflict(
          'gap',
          `seq ${expected} is missing: the hub holds lane ${laneId}'s events up to ${lane.last_seq}; resend from ${lane.last_seq + 1}`,
          lane.last_seq,
        );
      expected++;
    }
    if (fresh.length > 0) {
      // One statement for the whole batch: the events travel as one JSON parameter.
      await tx.query(
        `INSERT INTO lane_events (lane_id, seq, kind, at, body, received_at)
         SELECT $1, e.seq, e.kind, e.at, e.body, $3
           FROM jsonb_to_recordset($2::jsonb) AS e(seq bigint, kind text, at bigint, body jsonb)`,
        [laneId, JSON.stringify(fresh), now],
      );
      const projected: ProjectedLane = {
        id: lane.id,
        storeId: lane.store_id,
        merchantId: lane.merchant_id,
        timeZone: lane.time_zone,
      };
      // Payments, most of a day's events, go in one statement; the rest one by one, in order.
      await projectPayments(
        tx,
        projected,
        fresh.filter((event) => event.kind === 'payment'),
      );
      for (const event of fresh) if (event.kind !== 'payment') await project(tx, projected, event);
    }
    const acknowledgedSeq = lane.last_seq + fresh.length;
    await tx.query('UPDATE lanes SET last_seq = $2, last_seen_at = $3, journal_id = $4 WHERE id = $1', [
      laneId,
      acknowledgedSeq,
      now,
      batch.journalId,
    ]);
    // The store's newest settings push rides on every answer (read with the lane's row), so a
    // lane learns of one at its next post or heartbeat rather than at its next poll.
    return { acknowledgedSeq, stored: fresh.length, settingsVersion: lane.settings_version ?? null };
  });
}
