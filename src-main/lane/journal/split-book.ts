import type { CartLine } from '../ipc/cart';
import { LaneError } from '../errors';
import type { CashMovement, DayBook, DayBookAccess } from './day-book';
import { toEntry, type JournalEntry, type Row } from './entry';

/** A customer's sale paid in parts, as the journal keeps it (ADR 072). */
export interface SplitSaleRecord {
  readonly id: number;
  readonly totalMinor: number;
  readonly tipMinor: number;
  readonly cart: readonly CartLine[] | null;
  readonly state: 'open' | 'paid' | 'cancelled';
  readonly createdAt: number;
}

/** A cash movement of a split sale, with what it paid of the sale (`appliedMinor`, negative when handed back). */
export type SplitCashRow = CashMovement & { readonly appliedMinor: number };

/** Every row of a split sale: its card attempts (auth entries) and its cash movements, oldest first. */
export interface SplitSaleRows {
  readonly sale: SplitSaleRecord;
  readonly entries: readonly JournalEntry[];
  readonly cash: readonly SplitCashRow[];
}

interface SaleRow {
  id: number;
  total_minor: number;
  tip_minor: number;
  cart: string | null;
  state: SplitSaleRecord['state'];
  created_at: number;
}

const toSale = (row: SaleRow): SplitSaleRecord => ({
  id: row.id,
  totalMinor: row.total_minor,
  tipMinor: row.tip_minor,
  cart: row.cart === null ? null : (JSON.parse(row.cart) as CartLine[]),
  state: row.state,
  createdAt: row.created_at,
});

/**
 * The split sales in the journal's file (ADR 072). At most one is open; while it is, every card
 * authorization the journal writes is linked to it in the same transaction as its row
 * (journal.ts), and each cash part is written with its movement in one transaction here. What
 * the sale still owes is worked out from these rows (terminal/split-sale.ts), never stored.
 */
export class SplitBook {
  readonly #db: DayBookAccess;
  readonly #day: DayBook;

  constructor(access: DayBookAccess, day: DayBook) {
    this.#db = access;
    this.#day = day;
  }

  /** The open split sale, if any. */
  open(): SplitSaleRecord | undefined {
    const row = this.#db.prepared("SELECT * FROM split_sales WHERE state = 'open'").get() as SaleRow | undefined;
    return row ? toSale(row) : undefined;
  }

  /**
   * Opens a split sale of `totalMinor`; `entryIds` are card attempts already made toward it (a
   * partial approval whose rest is now paid in parts). Refused while another is open.
   */
  begin(input: {
    totalMinor: number;
    tipMinor?: number;
    cart?: readonly CartLine[] | null;
    entryIds?: readonly number[];
  }): SplitSaleRecord {
    if (!Number.isSafeInteger(input.totalMinor) || input.totalMinor <= 0)
      throw new LaneError('invalid', 'A sale’s total must be a positive amount', 'totalMinor');
    const id = this.#db.write('open the split sale', () => {
      if (this.open()) throw new LaneError('refused', 'A sale paid in parts is still open: finish or cancel it first.');
      const saleId = Number(
        this.#db
          .prepared('INSERT INTO split_sales (total_minor, tip_minor, cart, state, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(
            input.totalMinor,
            input.tipMinor ?? 0,
            input.cart ? JSON.stringify(input.cart) : null,
            'open',
            this.#db.now(),
          ).lastInsertRowid,
      );
      for (const entryId of input.entryIds ?? [])
        this.#db.prepared('INSERT INTO split_parts (sale_id, entry_id) VALUES (?, ?)').run(saleId, entryId);
      return saleId;
    });
    return this.rows(id).sale;
  }

  /** A cash part of the open sale: its movement and its link, in one transaction. */
  recordCash(
    saleId: number,
    input: { orderId: string; tenderedMinor: number; changeMinor: number; appliedMinor: number; cashier: string },
  ): CashMovement {
    return this.#db.write('record the cash part of the sale', () => {
      this.#refuseUnlessOpen(saleId);
      const movement = this.#day.recordCashSale(input);
      this.#link(saleId, movement.id, input.appliedMinor);
      return movement;
    });
  }

  /** A cash part handed back (the sale cancelled): a `returned` movement, linked, in one transaction. */
  recordCashReturned(saleId: number, input: { orderId: string; appliedMinor: number; cashier: string }): CashMovement {
    return this.#db.write('record the cash handed back', () => {
      const kept = this.#db
        .prepared("SELECT amount_minor AS minor FROM cash_movements WHERE order_id = ? AND kind = 'sale'")
        .get(input.orderId) as { minor: number } | undefined;
      if (!kept) throw new LaneError('invalid', `No cash part has order id ${input.orderId}`, 'orderId');
      const movement = this.#day.recordCashOut({
        kind: 'returned',
        orderId: input.orderId,
        amountMinor: kept.minor,
        cashier: input.cashier,
      });
      this.#link(saleId, movement.id, -input.appliedMinor);
      return movement;
    });
  }

  /** The sale ends: paid in full, or cancelled with its parts gone back. */
  end(saleId: number, state: 'paid' | 'cancelled', reason: string | null = null): void {
    this.#db.write(`end the split sale ${saleId}`, () =>
      this.#db
        .prepared("UPDATE split_sales SET state = ?, ended_at = ?, ended_reason = ? WHERE id = ? AND state = 'open'")
        .run(state, this.#db.now(), reason, saleId),
    );
  }

  /** The sale and every row that belongs to it. */
  rows(saleId: number): SplitSaleRows {
    const row = this.#db.prepared('SELECT * FROM split_sales WHERE id = ?').get(saleId) as SaleRow | undefined;
    if (!row) throw new LaneError('invalid', `No split sale ${saleId} is in the journal`);
    const entries = (
      this.#db
        .prepared(
          'SELECT entries.* FROM split_parts JOIN entries ON entries.id = split_parts.entry_id WHERE split_parts.sale_id = ? ORDER BY entries.id',
        )
        .all(saleId) as Row[]
    ).map(toEntry);
    const cash = this.#db
      .prepared(
        'SELECT m.id, m.shift_id AS shiftId, m.kind, m.order_id AS orderId, m.amount_minor AS amountMinor, m.tendered_minor AS tenderedMinor, m.change_minor AS changeMinor, m.cashier, m.approved_by AS approvedBy, m.reason, m.created_at AS createdAt, p.applied_minor AS appliedMinor FROM split_parts p JOIN cash_movements m ON m.id = p.movement_id WHERE p.sale_id = ? ORDER BY m.id',
      )
      .all(saleId) as SplitCashRow[];
    return { sale: toSale(row), entries, cash };
  }

  #refuseUnlessOpen(saleId: number): void {
    if (this.open()?.id !== saleId) throw new LaneError('refused', 'This sale is no longer open: nothing was kept.');
  }

  #link(saleId: number, movementId: number, appliedMinor: number): void {
    this.#db
      .prepared('INSERT INTO split_parts (sale_id, movement_id, applied_minor) VALUES (?, ?, ?)')
      .run(saleId, movementId, appliedMinor);
  }
}
