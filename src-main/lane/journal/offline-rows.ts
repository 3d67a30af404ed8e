import type Database from 'better-sqlite3';
import { checkedDetail, JournalError, refuseCardData } from './card-data';
import { toEntry, type JournalEntry, type JournalIntent, type Row } from './entry';

/** What the journal lends its offline part: its statements, one-transaction writes, its clock and order numbers. */
export interface OfflineRowsAccess {
  prepared(sql: string): Database.Statement;
  /** Runs `run` in one transaction; a SQLite failure becomes a JournalError naming `what`. */
  write<T>(what: string, run: () => T): T;
  now(): number;
  /** The day's next order id; call inside a transaction. */
  allocateOrderId(): string;
  cashier(): string | null;
  /** Told the highest entry id after a new entry. */
  written(entryId: number): void;
}

/** The card as the offline queue shows it: brand and last four, nothing more. */
export interface OfflineCard {
  readonly brand?: string;
  readonly lastFour?: string;
}

/** A payment taken offline: its entry, when it was stored, how often sending it never left, and whether its sealed request is still kept. */
export interface OfflineRow {
  readonly entry: JournalEntry;
  readonly storedAt: number;
  readonly brand: string | null;
  readonly lastFour: string | null;
  readonly attempts: number;
  /** The sealed request is still kept: the outcome is not known yet. */
  readonly sealed: boolean;
}

type JoinedRow = Row & {
  stored_at: number;
  brand: string | null;
  last_four: string | null;
  attempts: number;
  kept: 0 | 1;
};

const joined =
  'SELECT entries.*, offline_payments.stored_at, offline_payments.brand, offline_payments.last_four, offline_payments.attempts, length(offline_payments.sealed) > 0 AS kept FROM offline_payments JOIN entries ON entries.id = offline_payments.entry_id';

function toOfflineRow(row: JoinedRow): OfflineRow {
  return {
    entry: toEntry(row),
    storedAt: row.stored_at,
    brand: row.brand,
    lastFour: row.last_four,
    attempts: row.attempts,
    sealed: row.kept === 1,
  };
}

/**
 * The journal's offline payments (ADR 074): an `auth` entry in state `stored` and, written in the
 * same transaction, its request sealed by the caller (offline/seal.ts; the journal never sees it
 * clear). The rows move stored -> pending (forwarding) -> completed / unknown / resolved, or back
 * to stored when a forward never left; the sealed bytes are emptied once the outcome is known.
 */
export class OfflineRows {
  readonly #access: OfflineRowsAccess;

  constructor(access: OfflineRowsAccess) {
    this.#access = access;
  }

  /** A new order id, its `stored` row and its sealed request, in one transaction. */
  store(intent: Omit<JournalIntent, 'orderId'>, sealed: Buffer, card: OfflineCard): { id: number; orderId: string } {
    if (intent.operation !== 'auth') throw new JournalError('journal: only an authorization is ever stored offline');
    const detail = checkedDetail({ ...intent, orderId: 'pending' });
    checkCard(card);
    const now = this.#access.now();
    const written = this.#access.write('store the offline payment', () => {
      const orderId = this.#access.allocateOrderId();
      const result = this.#access
        .prepared(
          "INSERT INTO entries (operation, order_id, amount_minor, masked_pan, entry_mode, original_retref, detail, state, note, created_at, updated_at, cashier, shift_id) VALUES ('auth', ?, ?, ?, ?, NULL, ?, 'stored', ?, ?, ?, ?, (SELECT id FROM shifts WHERE closed_at IS NULL))",
        )
        .run(
          orderId,
          intent.amountMinor,
          intent.maskedPan ?? null,
          intent.entryMode ?? null,
          detail,
          'stored offline: sent when the gateway is back',
          now,
          now,
          this.#access.cashier(),
        );
      const id = Number(result.lastInsertRowid);
      this.#insertSealed(id, sealed, card, now);
      // In the customer's open sale, as an online payment is: a crash before the screen told it leaves a finding at start.
      this.#access.prepared('INSERT INTO open_sale (entry_id) VALUES (?)').run(id);
      // A card part of the sale paid in parts, if one is open: linked in the same transaction (ADR 072).
      this.#access
        .prepared("INSERT INTO split_parts (sale_id, entry_id) SELECT id, ? FROM split_sales WHERE state = 'open'")
        .run(id);
      return { id, orderId };
    });
    this.#access.written(written.id);
    return written;
  }

  /** A pending authorization whose request provably never left becomes stored, with its sealed request, in one transaction. */
  storeNeverLeft(entryId: number, sealed: Buffer, card: OfflineCard, reason: string): void {
    checkCard(card);
    const now = this.#access.now();
    this.#access.write(`store entry ${entryId} offline`, () => {
      const changed = this.#access
        .prepared(
          "UPDATE entries SET state = 'stored', note = ?, updated_at = ? WHERE id = ? AND operation = 'auth' AND state = 'pending'",
        )
        .run(`stored offline: the request never left (${reason})`, now, entryId).changes;
      if (changed === 0) throw new JournalError(`journal: entry ${entryId} is not a pending authorization`);
      // It stays in the customer's open sale: a crash before the screen told it leaves a finding at start.
      this.#insertSealed(entryId, sealed, card, now);
    });
  }

  #insertSealed(entryId: number, sealed: Buffer, card: OfflineCard, now: number): void {
    this.#access
      .prepared(
        'INSERT INTO offline_payments (entry_id, sealed, stored_at, brand, last_four, attempts) VALUES (?, ?, ?, ?, ?, 0)',
      )
      .run(entryId, sealed, now, card.brand ?? null, card.lastFour ?? null);
  }

  /** The forwarder takes it: stored -> pending, the time it is sent kept as `forwardedAt` (the answer window starts then). False when it was not stored. */
  beginForwarding(entryId: number): boolean {
    const now = this.#access.now();
    return this.#access.write(
      `forward entry ${entryId}`,
      () =>
        this.#access
          .prepared(
            "UPDATE entries SET state = 'pending', note = NULL, updated_at = ?, detail = json_set(coalesce(detail, '{}'), '$.forwardedAt', ?) WHERE id = ? AND state = 'stored'",
          )
          .run(now, now, entryId).changes > 0,
    );
  }

  /** Sending it never left (or the gateway asked to try again, or never processed it): stored again, one attempt more. */
  backToStored(entryId: number, note: string): void {
    refuseCardData('why a stored payment waits', note);
    const now = this.#access.now();
    this.#access.write(`store entry ${entryId} again`, () => {
      this.#access
        .prepared(
          "UPDATE entries SET state = 'stored', outcome = NULL, note = ?, updated_at = ? WHERE id = ? AND state IN ('pending', 'unknown', 'resolved')",
        )
        .run(note, now, entryId);
      this.#access.prepared('UPDATE offline_payments SET attempts = attempts + 1 WHERE entry_id = ?').run(entryId);
    });
  }

  /**
   * A stored payment given back before it was sent (its split sale cancelled): it was never sent, so
   * there is nothing to void. The row becomes `not-sent` and its sealed request is emptied in one
   * transaction, so no forward can take it afterwards. False when it was not stored (being sent, or known).
   */
  withdraw(entryId: number, note: string): boolean {
    refuseCardData('why a stored payment was withdrawn', note);
    const now = this.#access.now();
    return this.#access.write(`withdraw the stored payment ${entryId}`, () => {
      const changed = this.#access
        .prepared(
          "UPDATE entries SET state = 'not-sent', note = ?, updated_at = ? WHERE id = ? AND operation = 'auth' AND state = 'stored'",
        )
        .run(`withdrawn before it was sent: ${note}`, now, entryId).changes;
      if (changed === 0) return false;
      this.#access.prepared("UPDATE offline_payments SET sealed = x'' WHERE entry_id = ?").run(entryId);
      return true;
    });
  }

  /** The outcome is known: the sealed request is emptied (the row stays, for the queue and the reports). */
  forgetSealed(entryId: number): void {
    this.#access.write(`forget the sealed request of entry ${entryId}`, () =>
      this.#access.prepared("UPDATE offline_payments SET sealed = x'' WHERE entry_id = ?").run(entryId),
    );
  }

  /**
   * Every offline payment whose outcome is now known (completed, or resolved by recovery) loses its
   * sealed request; one that was not approved becomes a finding (an offline decline) for a manager
   * to acknowledge, in the same transaction. Returns how many were settled.
   */
  settleKnown(): number {
    const known =
      "SELECT entries.id FROM offline_payments JOIN entries ON entries.id = offline_payments.entry_id WHERE length(offline_payments.sealed) > 0 AND entries.state IN ('completed', 'resolved')";
    const now = this.#access.now();
    return this.#access.write('settle the offline payments whose outcome is known', () => {
      this.#access
        .prepared(
          // A decline is news even where the payment was already seen stored (a finding at start,
          // acknowledged): its finding opens again, for a manager.
          `INSERT INTO findings (entry_id, source, found_at) SELECT id, 'background', ? FROM entries WHERE id IN (${known}) AND NOT (coalesce(json_extract(outcome, '$.respstat'), '') = 'A' AND json_extract(outcome, '$.retref') IS NOT NULL) ON CONFLICT (entry_id) DO UPDATE SET source = 'background', found_at = excluded.found_at, acknowledged_at = NULL, acknowledged_by = NULL`,
        )
        .run(now);
      return this.#access.prepared(`UPDATE offline_payments SET sealed = x'' WHERE entry_id IN (${known})`).run()
        .changes;
    });
  }

  /** The sealed request of a payment still waiting, or undefined. */
  sealedOf(entryId: number): Buffer | undefined {
    const row = this.#access
      .prepared('SELECT sealed FROM offline_payments WHERE entry_id = ? AND length(sealed) > 0')
      .get(entryId) as { sealed: Buffer } | undefined;
    return row?.sealed;
  }

  /** Whether the entry was taken offline. */
  isOffline(entryId: number): boolean {
    return this.#access.prepared('SELECT 1 FROM offline_payments WHERE entry_id = ?').get(entryId) !== undefined;
  }

  /** The payments waiting to be sent (state stored), oldest first. */
  stored(): OfflineRow[] {
    return (
      this.#access
        .prepared(`${joined} WHERE entries.state = 'stored' ORDER BY offline_payments.stored_at, entries.id`)
        .all() as JoinedRow[]
    ).map(toOfflineRow);
  }

  /** Every offline payment whose outcome is not known yet or was found since `from`, oldest first: the manager's queue. */
  queue(from = 0): OfflineRow[] {
    return (
      this.#access
        .prepared(
          `${joined} WHERE length(offline_payments.sealed) > 0 OR entries.updated_at >= ? ORDER BY offline_payments.stored_at, entries.id`,
        )
        .all(from) as JoinedRow[]
    ).map(toOfflineRow);
  }

  /** One offline payment, or undefined when the entry was not taken offline. */
  get(entryId: number): OfflineRow | undefined {
    const row = this.#access.prepared(`${joined} WHERE entries.id = ?`).get(entryId) as JoinedRow | undefined;
    return row ? toOfflineRow(row) : undefined;
  }

  /** The payments whose outcome is not known yet (sealed request kept): how many, how much, and the oldest. */
  outstanding(): { count: number; minor: number; oldestAt: number | null } {
    const row = this.#access
      .prepared(
        'SELECT count(*) AS count, coalesce(sum(entries.amount_minor), 0) AS minor, min(offline_payments.stored_at) AS oldest FROM offline_payments JOIN entries ON entries.id = offline_payments.entry_id WHERE length(offline_payments.sealed) > 0',
      )
      .get() as { count: number; minor: number; oldest: number | null };
    return { count: row.count, minor: row.minor, oldestAt: row.oldest };
  }
}

function checkCard(card: OfflineCard): void {
  if (card.lastFour !== undefined && !/^\d{1,4}$/.test(card.lastFour))
    throw new JournalError('journal: an offline payment keeps at most the last four digits of the card', {
      kind: 'refused',
    });
  if (card.brand !== undefined) refuseCardData('the card brand', card.brand);
}
