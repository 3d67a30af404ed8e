import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '../../platform/private-file';
import { boundPageCache, limitFileSize } from '../../platform/sqlite-memory';
import type { Clock } from '../../platform/clock';
import { checkedDetail, containsCardNumber, JournalError, maskAnswer, refuseCardData } from './card-data';
import {
  toEntry,
  type FindingSource,
  type JournalEntry,
  type JournalFilter,
  type JournalIntent,
  type JournalOutcome,
  type JournalState,
  type Row,
} from './entry';
import { LaneError } from '../errors';
import { DayBook } from './day-book';
import { SplitBook } from './split-book';
import { OfflineRows } from './offline-rows';
import { checkAndMigrate } from './migrate';
import { lanePrefix } from './naming';
import { listQuery } from './list-query';
import { UnrecordedOutcomes } from './unrecorded';
import { HubOutbox } from './hub-outbox';
export { containsCardNumber, JournalError, type JournalErrorKind } from './card-data';
export * from './entry';
export type { CashMovement, Shift, SinceLastZ, StoredZReport } from './day-book';
export type { SplitCashRow, SplitSaleRecord, SplitSaleRows } from './split-book';
export type { OfflineCard, OfflineRow } from './offline-rows';
export { defaultJournalPath, lanePrefix } from './naming';

export interface JournalOptions {
  readonly clock: Pick<Clock, 'now'>;
  readonly terminalId: string;
  /** A ceiling on the file's size (SQLite's max_page_count); past it, writes fail as on a full disk. */
  readonly maxBytes?: number;
  /** Told the highest entry id after each new entry and at close: the lane's record follows it (lane-record.ts). */
  readonly onProgress?: (lastEntryId: number, closing: boolean) => void;
  /** Who is signed in, as the session names them: kept on every row written (ADR 065); `journal.cashier()` reads it (userfields, ADR 088). */
  readonly cashier?: () => string | undefined;
}

/**
 * The write-ahead journal (ARCHITECTURE.md, principle 4): a row per money-moving call, written
 * before the request and completed after it, in a SQLite file (better-sqlite3; WAL;
 * `synchronous = FULL`, so a row that `begin` returned survives a power cut). The file is
 * checked with `integrity_check` when opened, and migrated by `user_version`. It holds masked
 * numbers, entry modes and the gateway's answers, never track data, TLV, CVV or a clear
 * number (a card number in an answer is masked). Every write that fails throws `JournalError`:
 * before the request the caller must then send nothing; after it, the outcome is unknown and is
 * held in `unrecorded` until the journal can take it (unrecorded.ts).
 */
export class Journal {
  readonly path: string;
  readonly #db: Database.Database;
  /** Stamps every row; recovery measures the gateway's answer window on it, against `createdAt`. */
  readonly clock: Pick<Clock, 'now'>;
  readonly #lanePrefix: string;
  readonly #onProgress: JournalOptions['onProgress'];
  /** Outcomes of requests that left but could not be written (a full disk), kept until they can be. */
  readonly unrecorded = new UnrecordedOutcomes();
  readonly #statements = new Map<string, Database.Statement>();
  /** Runs `run` in one transaction: one wrapper for every write (each `transaction()` builds four). */
  readonly #inTransaction: <T>(run: () => T) => T;
  readonly cashier: () => string | null;
  /** The day in this file: shifts, the drawer's cash, the Z reports (day-book.ts). */
  readonly day: DayBook;
  /** The sales paid in parts (ADR 072): their totals and which rows belong to them. */
  readonly split: SplitBook;
  /** The payments taken offline (ADR 074): stored rows and their sealed requests. */
  readonly offline: OfflineRows;
  /** What the store hub has yet to receive (ADR 081): filled by triggers and by `hub.append`. */
  readonly hub: HubOutbox;

  private constructor(path: string, db: Database.Database, options: JournalOptions) {
    this.path = path;
    this.#db = db;
    this.clock = options.clock;
    this.#lanePrefix = lanePrefix(options.terminalId);
    this.#onProgress = options.onProgress;
    this.#inTransaction = db.transaction((run: () => unknown) => run()) as <T>(run: () => T) => T;
    this.cashier = () => options.cashier?.() ?? null;
    const access = {
      prepared: (sql: string) => this.#prepared(sql),
      write: <T>(what: string, run: () => T) => this.#write(what, () => this.#inTransaction(run)),
      now: () => this.clock.now(),
    };
    this.day = new DayBook(access);
    this.split = new SplitBook(access, this.day);
    this.hub = new HubOutbox(access);
    this.offline = new OfflineRows({
      ...access,
      allocateOrderId: () => this.#allocateOrderId(),
      cashier: this.cashier,
      written: (entryId) => this.#onProgress?.(entryId, false),
    });
  }

  static open(path: string, options: JournalOptions): Journal {
    let db: Database.Database;
    try {
      // A new user's app-data folder does not exist yet; the journal is private to the lane.
      if (path !== ':memory:') preparePrivateDatabase(path);
      db = new Database(path);
    } catch (error) {
      throw new JournalError(`journal: cannot open ${path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      boundPageCache(db);
      if (options.maxBytes !== undefined) limitFileSize(db, options.maxBytes);
      checkAndMigrate(db, path, options.clock.now());
    } catch (error) {
      db.close();
      if (error instanceof JournalError) throw error;
      // SQLITE_NOTADB: the file is something else, or its header was overwritten.
      const kind = (error as { code?: string }).code === 'SQLITE_NOTADB' ? 'damaged' : 'write';
      throw new JournalError(`journal: cannot use ${path}: ${(error as Error).message}`, { cause: error, kind });
    }
    return new Journal(path, db, options);
  }

  /** This file's own id, made when it was created: a journal put in its place has another. */
  get identity(): string {
    return (this.#prepared('SELECT journal_id FROM identity WHERE id = 1').get() as { journal_id: string }).journal_id;
  }

  /** The highest entry id in this file (0 when empty): an older copy of it has a lower one. */
  get lastEntryId(): number {
    return (this.#prepared('SELECT coalesce(max(id), 0) AS last FROM entries').get() as { last: number }).last;
  }

  /** The statement for this SQL, prepared once per open file. */
  #prepared(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) this.#statements.set(sql, (statement = this.#db.prepare(sql)));
    return statement;
  }

  /** Runs a write; any SQLite failure (disk full, I/O error, read-only file) becomes a JournalError. */
  #write<T>(what: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      // A refusal of the day book's (a shift already open) is the lane's words, not a failed write.
      if (error instanceof JournalError || error instanceof LaneError) throw error;
      throw new JournalError(`journal: could not ${what}: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * A new order id, unique per attempt across restarts and lanes: the lane (its terminal id, or
   * two characters of it and four of its hash when longer than six), the date (YYMMDD) and the
   * day's sequence from this journal, dash-separated so no long run of digits ever looks like a
   * card number: "LANE01-261122-50401", 19 characters at most.
   */
  nextOrderId(): string {
    return this.#write('number the order', () => this.#inTransaction(() => this.#allocateOrderId()));
  }

  /** Takes the day's next number; call inside a transaction. */
  #allocateOrderId(): string {
    const now = new Date(this.clock.now());
    const day = now.toISOString().slice(2, 10).replace(/-/g, '');
    // A day's first number is the second of the day it starts in, not 1: should this file ever be
    // replaced (a damaged journal set aside), the new one does not reuse numbers the old one gave
    // out that day, unless the lane averaged more than one sale a second since midnight.
    const first = now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds() + 1;
    this.#prepared(
      'INSERT INTO order_sequence (day, last) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET last = last + 1',
    ).run(day, first);
    const sequence = (this.#prepared('SELECT last FROM order_sequence WHERE day = ?').get(day) as { last: number })
      .last;
    if (sequence > 99_999) throw new JournalError('journal: this lane has used all 99999 order numbers for today');
    return `${this.#lanePrefix}-${day}-${String(sequence).padStart(5, '0')}`;
  }

  /** Writes the row before the request; returns its id. Throws JournalError (send nothing) when it cannot. */
  begin(intent: JournalIntent): number {
    return this.#begin(intent, () => intent.orderId).id;
  }

  /**
   * A new order id and its row in one transaction (one disk sync instead of two): what a sale
   * uses. Throws JournalError (send nothing) when it cannot.
   */
  beginWithNewOrderId(intent: Omit<JournalIntent, 'orderId'>): { id: number; orderId: string } {
    return this.#begin({ ...intent, orderId: 'pending' }, () => this.#allocateOrderId());
  }

  /** A sale ended before sending (canceled at the signature): one whole row, born not sent, never pending. */
  recordNotSent(intent: Omit<JournalIntent, 'orderId'>, note: string): { id: number; orderId: string } {
    return this.#begin({ ...intent, orderId: 'pending' }, () => this.#allocateOrderId(), { state: 'not-sent', note });
  }

  #begin(
    intent: JournalIntent,
    orderId: () => string,
    settled: { state: 'pending' | 'not-sent'; note: string | null } = { state: 'pending', note: null },
  ): { id: number; orderId: string } {
    const detail = checkedDetail(intent);
    const now = this.clock.now();
    const written = this.#write('write the request before sending it', () =>
      this.#inTransaction(() => {
        const id = orderId();
        const result = this.#prepared(
          'INSERT INTO entries (operation, order_id, amount_minor, masked_pan, entry_mode, original_retref, detail, state, note, created_at, updated_at, cashier, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM shifts WHERE closed_at IS NULL))',
        ).run(
          intent.operation,
          id,
          intent.amountMinor,
          intent.maskedPan ?? null,
          intent.entryMode ?? null,
          intent.originalRetref ?? null,
          detail,
          settled.state,
          settled.note,
          now,
          now,
          this.cashier(),
        );
        const entryId = Number(result.lastInsertRowid);
        // In the open sale from the moment it is written, in the same sync.
        if (intent.operation === 'auth' && settled.state === 'pending') {
          this.#prepared('INSERT INTO open_sale (entry_id) VALUES (?)').run(entryId);
          // A card part of the sale paid in parts, if one is open: linked as its request is written (ADR 072).
          this.#prepared(
            "INSERT INTO split_parts (sale_id, entry_id) SELECT id, ? FROM split_sales WHERE state = 'open'",
          ).run(entryId);
        }
        return { id: entryId, orderId: id };
      }),
    );
    this.#onProgress?.(written.id, false);
    return written;
  }

  /**
   * Records the gateway's answer, without waiting for the disk (ADR 059): a power cut can at worst
   * take the row back to pending, which recovery settles by order id as after a crash.
   */
  complete(id: number, outcome: JournalOutcome): void {
    this.#settle(id, 'completed', { outcome, note: null }, 'relaxed');
  }

  /** The request may have arrived and its answer was lost: recovery must run. */
  markUnknown(id: number, note: string): void {
    this.#settle(id, 'unknown', { outcome: null, note });
  }

  /** The request certainly did not leave. */
  markNotSent(id: number, note: string): void {
    this.#settle(id, 'not-sent', { outcome: null, note });
  }

  /**
   * Recovery learned what became of it. With `finding`, the outcome is also kept as a finding for
   * a person to acknowledge, in the same transaction: nobody saw it settle.
   */
  resolve(id: number, note: string, outcome: JournalOutcome | null = null, finding?: FindingSource): void {
    this.#settle(id, 'resolved', { outcome, note, ...(finding ? { finding } : {}) });
  }

  #settle(
    id: number,
    state: JournalState,
    found: { readonly outcome: JournalOutcome | null; readonly note: string | null; readonly finding?: FindingSource },
    durability: 'synced' | 'relaxed' = 'synced',
  ): void {
    const { outcome, note, finding } = found;
    // The answer is kept, masked; the check after it is the last guard, never expected to fire.
    const text = outcome === null ? null : JSON.stringify(maskAnswer(outcome));
    if (text !== null && containsCardNumber(text))
      throw new JournalError('journal: the answer still looks like a card number after masking');
    const now = this.clock.now();
    const changed = this.#write(`record the outcome of entry ${id}`, () =>
      this.#committed(durability, () => {
        const updated = this.#prepared(
          'UPDATE entries SET state = ?, outcome = coalesce(?, outcome), note = ?, updated_at = ? WHERE id = ?',
        ).run(state, text, note, now, id).changes;
        if (updated > 0 && finding)
          this.#prepared('INSERT OR IGNORE INTO findings (entry_id, source, found_at) VALUES (?, ?, ?)').run(
            id,
            finding,
            now,
          );
        return updated;
      }),
    );
    if (changed === 0) throw new JournalError(`journal: there is no entry ${id}`);
  }

  /** One transaction; `relaxed` skips the sync (synchronous = NORMAL in WAL; ADR 059 says why that is safe). */
  #committed<T>(durability: 'synced' | 'relaxed', run: () => T): T {
    if (durability === 'synced') return this.#inTransaction(run);
    this.#prepared('PRAGMA synchronous = NORMAL').run();
    try {
      return this.#inTransaction(run);
    } finally {
      this.#prepared('PRAGMA synchronous = FULL').run();
    }
  }

  /**
   * A person chose to leave a sale whose outcome is unknown (`by`: who, as the session names
   * them), knowing the customer may have been charged: kept on the row, so what recovery finds
   * later is told as a left sale, loudly, and History shows who left it.
   */
  markLeft(id: number, by: string): void {
    refuseCardData('who left the sale', by);
    const changed = this.#write(
      `record that the sale of entry ${id} was left`,
      () =>
        this.#prepared(
          "UPDATE entries SET detail = json_set(coalesce(detail, '{}'), '$.leftBy', ?, '$.leftAt', ?) WHERE id = ?",
        ).run(by, this.clock.now(), id).changes,
    );
    if (changed === 0) throw new JournalError(`journal: there is no entry ${id}`);
  }

  /** The cashier closed the customer's sale (New sale, the next customer, a clean stop): its outcomes were on the screen. */
  closeSale(): void {
    this.#write('close the sale', () => this.#prepared('DELETE FROM open_sale').run());
  }

  /**
   * At start: the unclosed sale's known outcomes become findings (recovery makes its own for open
   * ones), and so does a payment it stored offline (ADR 074: taken, maybe never shown), except an
   * open split sale's parts, restored with their sale (ADR 072); the sale is closed.
   */
  findUnclosedSale(): number {
    const keep =
      "INSERT OR IGNORE INTO findings (entry_id, source, found_at) SELECT entry_id, 'start', ? FROM open_sale JOIN entries ON entries.id = open_sale.entry_id WHERE entries.state IN ('completed', 'resolved', 'stored') AND entry_id NOT IN (SELECT p.entry_id FROM split_parts p JOIN split_sales s ON s.id = p.sale_id WHERE s.state = 'open' AND p.entry_id IS NOT NULL)";
    return this.#write('keep the unclosed sale as findings', () =>
      this.#inTransaction(() => {
        const made = this.#prepared(keep).run(this.clock.now()).changes;
        this.#prepared('DELETE FROM open_sale').run();
        return made;
      }),
    );
  }

  /** What recovery settled that nobody has acknowledged yet, oldest first. */
  findings(): Array<JournalEntry & { readonly finding: { readonly source: FindingSource; readonly foundAt: number } }> {
    const rows = this.#prepared(
      'SELECT entries.*, findings.source AS finding_source, findings.found_at AS finding_at FROM findings JOIN entries ON entries.id = findings.entry_id WHERE findings.acknowledged_at IS NULL ORDER BY entries.id',
    ).all() as Array<Row & { finding_source: FindingSource; finding_at: number }>;
    return rows.map((row) => ({ ...toEntry(row), finding: { source: row.finding_source, foundAt: row.finding_at } }));
  }

  /** A person saw the finding (`by`: who, as the session names them); false when there was none open. */
  acknowledgeFinding(entryId: number, by: string): boolean {
    return this.#write(
      `acknowledge what recovery found for entry ${entryId}`,
      () =>
        this.#prepared(
          'UPDATE findings SET acknowledged_at = ?, acknowledged_by = ? WHERE entry_id = ? AND acknowledged_at IS NULL',
        ).run(this.clock.now(), by, entryId).changes > 0,
    );
  }

  get(id: number): JournalEntry | undefined {
    const row = this.#prepared('SELECT * FROM entries WHERE id = ?').get(id) as Row | undefined;
    return row ? toEntry(row) : undefined;
  }

  /** Rows whose outcome is not known: pending (a crash between write and answer) and unknown. */
  unresolved(): JournalEntry[] {
    return (
      this.#prepared("SELECT * FROM entries WHERE state IN ('pending', 'unknown') ORDER BY id").all() as Row[]
    ).map(toEntry);
  }

  /**
   * The newest entries first, narrowed by any of: order id, last four digits, amount (minor
   * units), operation, and a time range (epoch milliseconds, `from` inclusive, `to` exclusive).
   */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const { sql, params } = listQuery(filter);
    return (this.#prepared(sql).all(...params) as Row[]).map(toEntry);
  }

  /**
   * The authorization a follow-up acts on: the order id's approved authorization (answered, or
   * found by recovery), or undefined when there is none.
   */
  authorization(orderId: string): JournalEntry | undefined {
    const rows = this.#prepared(
      "SELECT * FROM entries WHERE order_id = ? AND operation = 'auth' AND state IN ('completed', 'resolved') ORDER BY id DESC",
    ).all(orderId) as Row[];
    return rows.map(toEntry).find((entry) => entry.outcome?.respstat === 'A' && entry.outcome.retref !== undefined);
  }

  close(): void {
    if (this.#db.open) this.#onProgress?.(this.lastEntryId, true);
    this.#db.close();
  }
}
