import { JournalError, refuseCardData } from './card-data';
import type { DayBookAccess } from './day-book';

/** The events the lane's code adds to the outbox itself; the journal's own rows add theirs by trigger. */
export const laneEventKinds = ['device.status', 'settings.applied', 'settings.refused'] as const;
export type LaneEventKind = (typeof laneEventKinds)[number];

/** One outbox row as the hub's wire carries it: `body` parsed. */
export interface OutboxEvent {
  readonly seq: number;
  readonly kind: string;
  /** The lane's time of the write, epoch ms. */
  readonly at: number;
  readonly body: unknown;
}

/**
 * The store hub's outbox in the journal (ADR 081): triggers fill it with every payment, shift,
 * cash movement and Z report in the transaction that writes them; the lane adds its own events
 * here; the hub sender reads it in order and deletes what the hub acknowledged.
 */
export class HubOutbox {
  readonly #db: DayBookAccess;
  readonly #listeners = new Set<() => void>();

  constructor(access: DayBookAccess) {
    this.#db = access;
  }

  /** Adds a lane event (not a journal row). Its body is JSON and never holds card data. */
  append(kind: LaneEventKind, body: Readonly<Record<string, unknown>>): number {
    if (!laneEventKinds.includes(kind)) throw new JournalError(`journal: ${String(kind)} is not a lane event`);
    const text = JSON.stringify(body);
    refuseCardData(kind, text);
    const seq = this.#db.write(
      `add the ${kind} event for the hub`,
      () =>
        this.#db.prepared('INSERT INTO hub_outbox (kind, at, body) VALUES (?, ?, ?)').run(kind, this.#db.now(), text)
          .lastInsertRowid,
    );
    for (const listener of this.#listeners) listener();
    return Number(seq);
  }

  /** Up to `limit` events after `seq`, oldest first. */
  after(seq: number, limit: number): OutboxEvent[] {
    const rows = this.#db
      .prepared('SELECT seq, kind, at, body FROM hub_outbox WHERE seq > ? ORDER BY seq LIMIT ?')
      .all(seq, limit) as Array<{ seq: number; kind: string; at: number; body: string }>;
    return rows.map((row) => ({ seq: row.seq, kind: row.kind, at: row.at, body: JSON.parse(row.body) as unknown }));
  }

  /** The hub holds every event up to `seq`: they leave the journal. Returns how many went. */
  acknowledge(seq: number): number {
    return this.#db.write('forget the events the hub has', () =>
      Number(this.#db.prepared('DELETE FROM hub_outbox WHERE seq <= ?').run(seq).changes),
    );
  }

  /** Events not yet acknowledged by the hub. */
  pending(): number {
    return (this.#db.prepared('SELECT count(*) AS n FROM hub_outbox').get() as { n: number }).n;
  }

  /** The highest seq ever written (0 when none): what the hub will have once it is caught up. */
  lastSeq(): number {
    const row = this.#db.prepared("SELECT seq FROM sqlite_sequence WHERE name = 'hub_outbox'").get() as
      { seq: number } | undefined;
    return row?.seq ?? 0;
  }

  /** With no hub configured nobody reads the outbox: events older than `before` go (ADR 081). */
  trimOlderThan(before: number): number {
    return this.#db.write('trim the hub outbox', () =>
      Number(this.#db.prepared('DELETE FROM hub_outbox WHERE at < ?').run(before).changes),
    );
  }

  /** Told after each lane event is added (journal rows are found by the sender's short poll). */
  onAppend(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
