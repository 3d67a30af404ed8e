import type { ReceiptOutboxView } from '../ipc/contract';
import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '../../platform/private-file';
import { boundPageCache } from '../../platform/sqlite-memory';

/** How a receipt goes: an email, or a text message through the store's SMS gateway (ADR 070). */
export type ReceiptChannel = 'email' | 'sms';

/** A receipt waiting to go: the only place the customer's address or phone number is kept. */
export interface WaitingMail {
  readonly id: number;
  readonly orderId: string;
  readonly channel: ReceiptChannel;
  /** The email address, or the phone number in E.164 for `sms`. */
  readonly address: string;
  /** The signature as the gateway carries it (Base64 BMP), when the sale had one in hand. */
  readonly signature: string | null;
  readonly queuedAt: number;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  /** Why the last attempt failed, in words, without the address. */
  readonly problem: string | null;
}

/** What became of a receipt: sent, or given up. No address (the screen's own shape). */
export type FinishedMail = ReceiptOutboxView['finished'][number];

type FinishOutcome = Omit<FinishedMail, 'id' | 'orderId' | 'channel' | 'queuedAt'>;

const schema = `
CREATE TABLE IF NOT EXISTS waiting (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  channel TEXT NOT NULL DEFAULT 'email',
  address TEXT NOT NULL,
  signature TEXT,
  queued_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  problem TEXT
);
CREATE TABLE IF NOT EXISTS finished (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  channel TEXT NOT NULL DEFAULT 'email',
  state TEXT NOT NULL CHECK (state IN ('sent', 'not-sent')),
  reason TEXT,
  attempts INTEGER NOT NULL,
  queued_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL
);`;

type Row = {
  id: number;
  order_id: string;
  channel: ReceiptChannel;
  address: string;
  signature: string | null;
  queued_at: number;
  attempts: number;
  next_attempt_at: number;
  problem: string | null;
};

const waitingOf = (row: Row): WaitingMail => ({
  id: row.id,
  orderId: row.order_id,
  channel: row.channel,
  address: row.address,
  signature: row.signature,
  queuedAt: row.queued_at,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  problem: row.problem,
});

/**
 * The receipt-mail outbox: a SQLite file of its own beside the journal (created 0600), so a
 * mail server that is down never touches the payment path. A waiting row holds the address until
 * the email is sent or given up; then the row is deleted in the same transaction that records the
 * outcome, with `secure_delete` zeroing the freed bytes, and the WAL is checkpointed and truncated
 * so no earlier copy of the page stays in the -wal file either (ADR 068).
 */
export class OutboxStore {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement;
  readonly #finish: (id: number, outcome: FinishOutcome) => boolean;

  constructor(path: string) {
    if (path !== ':memory:') preparePrivateDatabase(path);
    const db = new Database(path);
    this.#db = db;
    try {
      db.pragma('journal_mode = WAL');
      // NORMAL: a commit is in the WAL (the OS has it) without waiting on fsync, so queue() stays under 5 ms;
      // a lane that crashes keeps every queued row, a power cut may lose the last few (ADR 068).
      db.pragma('synchronous = NORMAL');
      db.pragma('secure_delete = ON');
      boundPageCache(db);
      db.exec(schema);
      // A file written before text receipts (ADR 070): its rows were all emails.
      for (const table of ['waiting', 'finished']) {
        const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
        if (!columns.some((column) => column.name === 'channel'))
          db.exec(`ALTER TABLE ${table} ADD COLUMN channel TEXT NOT NULL DEFAULT 'email'`);
      }
    } catch (error) {
      db.close();
      throw error;
    }
    this.#insert = db.prepare(
      'INSERT INTO waiting (order_id, channel, address, signature, queued_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const finish = db.transaction((id: number, outcome: FinishOutcome) => {
      const row = db.prepare('SELECT * FROM waiting WHERE id = ?').get(id) as Row | undefined;
      if (!row) return false;
      db.prepare(
        'INSERT INTO finished (id, order_id, channel, state, reason, attempts, queued_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        id,
        row.order_id,
        row.channel,
        outcome.state,
        outcome.reason,
        outcome.attempts,
        row.queued_at,
        outcome.finishedAt,
      );
      db.prepare('DELETE FROM waiting WHERE id = ?').run(id);
      return true;
    });
    this.#finish = (id, outcome) => {
      const done = finish(id, outcome);
      // The page that held the address has older copies in the WAL until a checkpoint resets it.
      if (done) db.pragma('wal_checkpoint(TRUNCATE)');
      return done;
    };
  }

  /** Writes a waiting row, due at `now`; returns its id. */
  add(mail: {
    orderId: string;
    channel?: ReceiptChannel;
    address: string;
    signature?: string | undefined;
    now: number;
  }): number {
    return Number(
      this.#insert.run(mail.orderId, mail.channel ?? 'email', mail.address, mail.signature ?? null, mail.now, mail.now)
        .lastInsertRowid,
    );
  }

  /** Waiting rows due at `now`, oldest first. */
  due(now: number, limit = 20): WaitingMail[] {
    return (
      this.#db
        .prepare('SELECT * FROM waiting WHERE next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?')
        .all(now, limit) as Row[]
    ).map(waitingOf);
  }

  /** When the next waiting row falls due; undefined when none waits. */
  nextDue(): number | undefined {
    const row = this.#db.prepare('SELECT MIN(next_attempt_at) AS at FROM waiting').get() as { at: number | null };
    return row.at ?? undefined;
  }

  /** An attempt failed and another will be made at `nextAttemptAt`. */
  retryLater(id: number, attempts: number, nextAttemptAt: number, problem: string): void {
    this.#db
      .prepare('UPDATE waiting SET attempts = ?, next_attempt_at = ?, problem = ? WHERE id = ?')
      .run(attempts, nextAttemptAt, problem, id);
  }

  /** The email was sent or given up: the outcome is kept, the address deleted. */
  finish(id: number, outcome: FinishOutcome): boolean {
    return this.#finish(id, outcome);
  }

  /** The waiting rows without their addresses or signatures, oldest first. */
  waiting(): Array<Omit<WaitingMail, 'address' | 'signature'>> {
    return (this.#db.prepare('SELECT * FROM waiting ORDER BY id').all() as Row[]).map((row) => {
      const { address: _address, signature: _signature, ...rest } = waitingOf(row);
      return rest;
    });
  }

  /** The newest outcomes first. */
  finished(limit = 50): FinishedMail[] {
    return (
      this.#db.prepare('SELECT * FROM finished ORDER BY id DESC LIMIT ?').all(limit) as Array<{
        id: number;
        order_id: string;
        channel: ReceiptChannel;
        state: 'sent' | 'not-sent';
        reason: string | null;
        attempts: number;
        queued_at: number;
        finished_at: number;
      }>
    ).map((row) => ({
      id: row.id,
      orderId: row.order_id,
      channel: row.channel,
      state: row.state,
      reason: row.reason,
      attempts: row.attempts,
      queuedAt: row.queued_at,
      finishedAt: row.finished_at,
    }));
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
