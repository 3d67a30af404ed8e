import type Database from 'better-sqlite3';
import { LaneError } from '../errors';
import { JournalError, refuseCardData } from './card-data';
import { toEntry, type JournalEntry, type OutsideTender, type Row } from './entry';

/** A shift at this lane: opened with a counted float, closed with a blind count (ADR 065). */
export interface Shift {
  readonly id: number;
  readonly openedBy: string;
  readonly openedAt: number;
  readonly floatMinor: number;
  /** Set when the shift is closed. */
  readonly closed?: {
    readonly by: string;
    readonly at: number;
    readonly countedMinor: number;
    /** The float and the cash the journal says went in and out since. */
    readonly expectedMinor: number;
    /** Counted less expected: positive is over, negative short. */
    readonly overShortMinor: number;
  };
}

/**
 * Cash into or out of the drawer. `sale`: the cash part of a sale (`tenderedMinor` handed over,
 * `changeMinor` given back, `amountMinor` the difference kept). `refund`: cash paid back for a
 * refund; `returned`: a cash part given back when its sale was cancelled; both negative.
 * `no-sale`: the drawer opened without money moving, with the manager who allowed it and why.
 */
export interface CashMovement {
  readonly id: number;
  readonly shiftId: number;
  readonly kind: 'sale' | 'refund' | 'returned' | 'no-sale';
  readonly orderId: string | null;
  readonly amountMinor: number;
  readonly tenderedMinor: number | null;
  readonly changeMinor: number | null;
  readonly cashier: string;
  readonly approvedBy: string | null;
  readonly reason: string | null;
  readonly createdAt: number;
}

/** A Z report as kept: its number (never given twice), who closed the day, and its totals. */
export interface StoredZReport<T> {
  readonly number: number;
  readonly closedBy: string;
  readonly closedAt: number;
  readonly totals: T;
}

/** What happened since the last Z report: the rows a report is made from. */
export interface SinceLastZ {
  readonly entries: readonly JournalEntry[];
  readonly movements: readonly CashMovement[];
  readonly shifts: readonly Shift[];
  /** The rests of partly approved sales taken outside the lane (cash, a check) since the last Z report. */
  readonly outsideMinor: readonly number[];
  /** The number the next Z report will have. */
  readonly nextNumber: number;
  /**
   * The split sale (ADR 072) each payment row and cash movement since the last Z report belongs
   * to, by row id: a sale paid in parts is one sale however many tenders paid it.
   */
  readonly splitOf: { readonly entries: ReadonlyMap<number, number>; readonly movements: ReadonlyMap<number, number> };
}

interface ShiftRow {
  id: number;
  opened_by: string;
  opened_at: number;
  float_minor: number;
  closed_by: string | null;
  closed_at: number | null;
  counted_minor: number | null;
  expected_minor: number | null;
}

const toShift = (row: ShiftRow): Shift => ({
  id: row.id,
  openedBy: row.opened_by,
  openedAt: row.opened_at,
  floatMinor: row.float_minor,
  ...(row.closed_at !== null && row.counted_minor !== null && row.expected_minor !== null
    ? {
        closed: {
          by: row.closed_by ?? '',
          at: row.closed_at,
          countedMinor: row.counted_minor,
          expectedMinor: row.expected_minor,
          overShortMinor: row.counted_minor - row.expected_minor,
        },
      }
    : {}),
});

const movementColumns =
  'id, shift_id AS shiftId, kind, order_id AS orderId, amount_minor AS amountMinor, tendered_minor AS tenderedMinor, change_minor AS changeMinor, cashier, approved_by AS approvedBy, reason, created_at AS createdAt';

/** A count of money a person entered: whole minor units, not negative. */
function countOf(field: string, what: string, minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new LaneError('invalid', `${what} must be a whole number of cents`, field);
  if (minor < 0) throw new LaneError('invalid', `${what} cannot be negative`, field);
  return minor;
}

/** The journal's access for the day book: one statement cache, and every write as one transaction. */
export interface DayBookAccess {
  readonly prepared: (sql: string) => Database.Statement;
  readonly write: <T>(what: string, run: () => T) => T;
  readonly now: () => number;
}

/**
 * The lane's day in its journal (ADR 065): shifts, the cash drawer's movements, and the Z
 * reports. In the journal's own file and transactions, so a crash leaves a cash part either
 * written with its sale or not at all, and a Z report's number is taken with its totals.
 */
export class DayBook {
  readonly #db: DayBookAccess;

  constructor(access: DayBookAccess) {
    this.#db = access;
  }

  /** The shift open at this lane, if any. */
  currentShift(): Shift | undefined {
    const row = this.#db.prepared('SELECT * FROM shifts WHERE closed_at IS NULL').get() as ShiftRow | undefined;
    return row ? toShift(row) : undefined;
  }

  shift(id: number): Shift | undefined {
    const row = this.#db.prepared('SELECT * FROM shifts WHERE id = ?').get(id) as ShiftRow | undefined;
    return row ? toShift(row) : undefined;
  }

  /** Opens a shift with the float the cashier counted into the drawer. Refused while one is open. */
  openShift(input: { readonly openedBy: string; readonly floatMinor: number }): Shift {
    const floatMinor = countOf('floatMinor', 'The float', input.floatMinor);
    refuseCardData('who opened the shift', input.openedBy);
    const id = this.#db.write('open the shift', () => {
      if (this.currentShift())
        throw new LaneError('refused', 'A shift is already open at this lane: close it before opening another.');
      return Number(
        this.#db
          .prepared('INSERT INTO shifts (opened_by, opened_at, float_minor) VALUES (?, ?, ?)')
          .run(input.openedBy, this.#db.now(), floatMinor).lastInsertRowid,
      );
    });
    return this.shift(id)!;
  }

  /** The open shift, or a refusal that says to open one: cash never moves outside a shift. */
  #openShiftId(): number {
    const shift = this.currentShift();
    if (!shift)
      throw new LaneError('refused', 'No shift is open: open a shift, counting the float, before taking cash.');
    return shift.id;
  }

  /** The cash part of a sale: what was handed over and the change given. */
  recordCashSale(input: {
    readonly orderId: string;
    readonly tenderedMinor: number;
    readonly changeMinor: number;
    readonly cashier: string;
  }): CashMovement {
    const tendered = countOf('tenderedMinor', 'The cash tendered', input.tenderedMinor);
    const change = countOf('changeMinor', 'The change', input.changeMinor);
    if (change >= tendered)
      throw new LaneError('invalid', 'The change must be less than the cash tendered', 'changeMinor');
    return this.#insert('record the cash part of the sale', {
      kind: 'sale',
      orderId: input.orderId,
      amountMinor: tendered - change,
      tenderedMinor: tendered,
      changeMinor: change,
      cashier: input.cashier,
    });
  }

  /** Cash out of the drawer: a refund in cash, or a cash part given back when its sale was cancelled. */
  recordCashOut(input: {
    readonly kind: 'refund' | 'returned';
    readonly orderId: string;
    readonly amountMinor: number;
    readonly cashier: string;
  }): CashMovement {
    const amount = countOf('amountMinor', 'The cash paid out', input.amountMinor);
    if (amount === 0) throw new LaneError('invalid', 'The cash paid out must be more than nothing', 'amountMinor');
    return this.#insert(input.kind === 'refund' ? 'record the cash refund' : 'record the cash given back', {
      kind: input.kind,
      orderId: input.orderId,
      amountMinor: -amount,
      cashier: input.cashier,
    });
  }

  /** The drawer opened without a sale: the manager who allowed it and the reason are kept. */
  recordNoSale(input: {
    readonly cashier: string;
    readonly approvedBy: string;
    readonly reason: string;
  }): CashMovement {
    const reason = input.reason.trim();
    if (reason.length === 0 || reason.length > 200)
      throw new LaneError('invalid', 'Say why the drawer is opened (1 to 200 characters)', 'reason');
    refuseCardData('the no-sale reason', reason);
    return this.#insert('record the no-sale', {
      kind: 'no-sale',
      amountMinor: 0,
      cashier: input.cashier,
      approvedBy: input.approvedBy,
      reason,
    });
  }

  #insert(
    what: string,
    movement: Partial<CashMovement> & Pick<CashMovement, 'kind' | 'amountMinor' | 'cashier'>,
  ): CashMovement {
    const id = this.#db.write(what, () => {
      const shiftId = this.#openShiftId();
      return Number(
        this.#db
          .prepared(
            'INSERT INTO cash_movements (shift_id, kind, order_id, amount_minor, tendered_minor, change_minor, cashier, approved_by, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            shiftId,
            movement.kind,
            movement.orderId ?? null,
            movement.amountMinor,
            movement.tenderedMinor ?? null,
            movement.changeMinor ?? null,
            movement.cashier,
            movement.approvedBy ?? null,
            movement.reason ?? null,
            this.#db.now(),
          ).lastInsertRowid,
      );
    });
    return this.#db.prepared(`SELECT ${movementColumns} FROM cash_movements WHERE id = ?`).get(id) as CashMovement;
  }

  /** The rest of a partly approved sale was taken outside the lane: kept with who recorded it. */
  recordOutsideTender(tender: Omit<OutsideTender, 'id' | 'createdAt'>): number {
    if (!Number.isSafeInteger(tender.amountMinor) || tender.amountMinor <= 0)
      throw new JournalError(`journal: amount ${tender.amountMinor} is not a positive number of minor units`);
    const insert = 'INSERT INTO outside_tenders (order_id, amount_minor, recorded_by, created_at) VALUES (?, ?, ?, ?)';
    return this.#db.write('record the rest taken outside the lane', () =>
      Number(
        this.#db.prepared(insert).run(tender.orderId, tender.amountMinor, tender.recordedBy, this.#db.now())
          .lastInsertRowid,
      ),
    );
  }

  /** What of an order was taken outside the lane, oldest first. */
  outsideTenders(orderId: string): OutsideTender[] {
    const select =
      'SELECT id, order_id AS orderId, amount_minor AS amountMinor, recorded_by AS recordedBy, created_at AS createdAt FROM outside_tenders WHERE order_id = ? ORDER BY id';
    return this.#db.prepared(select).all(orderId) as OutsideTender[];
  }

  /** The cash an order took or gave back, oldest first. */
  cashOf(orderId: string): CashMovement[] {
    return this.#db
      .prepared(`SELECT ${movementColumns} FROM cash_movements WHERE order_id = ? ORDER BY id`)
      .all(orderId) as CashMovement[];
  }

  /** The cash the drawer should hold now in the open shift: its float and every movement since. */
  expectedCash(shiftId: number): number {
    const row = this.#db
      .prepared(
        'SELECT shifts.float_minor + coalesce((SELECT sum(amount_minor) FROM cash_movements WHERE shift_id = shifts.id), 0) AS expected FROM shifts WHERE id = ?',
      )
      .get(shiftId) as { expected: number } | undefined;
    return row?.expected ?? 0;
  }

  /**
   * Closes the open shift with the cash the cashier counted, without having been shown what the
   * drawer should hold (a blind count): over or short is worked out here and kept.
   */
  closeShift(input: { readonly closedBy: string; readonly countedMinor: number }): Shift {
    const counted = countOf('countedMinor', 'The counted cash', input.countedMinor);
    const id = this.#db.write('close the shift', () => {
      const shiftId = this.#openShiftId();
      this.#db
        .prepared('UPDATE shifts SET closed_by = ?, closed_at = ?, counted_minor = ?, expected_minor = ? WHERE id = ?')
        .run(input.closedBy, this.#db.now(), counted, this.expectedCash(shiftId), shiftId);
      return shiftId;
    });
    return this.shift(id)!;
  }

  /** The rows since the last Z report: payments, cash movements and shifts, oldest first. */
  sinceLastZ(): SinceLastZ {
    const last = this.#db.prepared('SELECT * FROM z_reports ORDER BY number DESC LIMIT 1').get() as
      | {
          number: number;
          closed_at: number;
          through_entry_id: number;
          through_movement_id: number;
          through_shift_id: number;
        }
      | undefined;
    // The rows written since, and the offline payments the last Z report carried (still waiting then).
    const entries = (
      this.#db
        .prepared(
          'SELECT * FROM entries WHERE id > ? OR id IN (SELECT entry_id FROM z_carried WHERE z_number = ?) ORDER BY id',
        )
        .all(last?.through_entry_id ?? 0, last?.number ?? 0) as Row[]
    ).map(toEntry);
    const movements = this.#db
      .prepared(`SELECT ${movementColumns} FROM cash_movements WHERE id > ? ORDER BY id`)
      .all(last?.through_movement_id ?? 0) as CashMovement[];
    const shifts = (
      this.#db.prepared('SELECT * FROM shifts WHERE id > ? ORDER BY id').all(last?.through_shift_id ?? 0) as ShiftRow[]
    ).map(toShift);
    const outsideMinor = (
      this.#db
        .prepared('SELECT amount_minor AS minor FROM outside_tenders WHERE created_at > ? ORDER BY id')
        .all(last?.closed_at ?? -1) as Array<{ minor: number }>
    ).map((row) => row.minor);
    const parts = this.#db
      .prepared(
        'SELECT sale_id, entry_id, movement_id FROM split_parts WHERE entry_id > ? OR movement_id > ? OR entry_id IN (SELECT entry_id FROM z_carried WHERE z_number = ?)',
      )
      .all(last?.through_entry_id ?? 0, last?.through_movement_id ?? 0, last?.number ?? 0) as Array<{
      sale_id: number;
      entry_id: number | null;
      movement_id: number | null;
    }>;
    const splitOf = { entries: new Map<number, number>(), movements: new Map<number, number>() };
    for (const part of parts) {
      if (part.entry_id !== null) splitOf.entries.set(part.entry_id, part.sale_id);
      if (part.movement_id !== null) splitOf.movements.set(part.movement_id, part.sale_id);
    }
    return { entries, movements, shifts, outsideMinor, nextNumber: (last?.number ?? 0) + 1, splitOf };
  }

  /**
   * Closes the day: the totals `total` makes of the rows since the last Z report are kept under
   * the next number, in one transaction, so two closes can never share a number or a row. The
   * open shift must be closed first (its count belongs in the report).
   */
  closeDay<T>(closedBy: string, total: (since: SinceLastZ) => T): StoredZReport<T> {
    return this.#db.write('close the day', () => {
      if (this.currentShift())
        throw new LaneError('refused', 'A shift is still open: close it with its cash count before the Z report.');
      const since = this.sinceLastZ();
      const totals = total(since);
      const closedAt = this.#db.now();
      // Never below the last report's: the carried rows are older than the rows after it.
      const through = (ids: readonly { id: number }[], floor: string) =>
        Math.max(
          ids.length > 0 ? ids[ids.length - 1]!.id : 0,
          (this.#db.prepared(`SELECT coalesce(max(${floor}), 0) AS id FROM z_reports`).get() as { id: number }).id,
        );
      this.#db
        .prepared(
          'INSERT INTO z_reports (number, closed_by, closed_at, through_entry_id, through_movement_id, through_shift_id, totals) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          since.nextNumber,
          closedBy,
          closedAt,
          through(since.entries, 'through_entry_id'),
          through(since.movements, 'through_movement_id'),
          through(since.shifts, 'through_shift_id'),
          JSON.stringify(totals),
        );
      // Every offline payment still waiting (stored, or being sent) is counted when its outcome is known: later.
      this.#db
        .prepared(
          "INSERT INTO z_carried (z_number, entry_id) SELECT ?, entry_id FROM offline_payments JOIN entries ON entries.id = entry_id WHERE entries.state IN ('stored', 'pending', 'unknown')",
        )
        .run(since.nextNumber);
      return { number: since.nextNumber, closedBy, closedAt, totals };
    });
  }

  /** The Z reports kept, newest first. */
  zReports<T>(limit = 50): StoredZReport<T>[] {
    const rows = this.#db
      .prepared('SELECT number, closed_by, closed_at, totals FROM z_reports ORDER BY number DESC LIMIT ?')
      .all(limit) as Array<{ number: number; closed_by: string; closed_at: number; totals: string }>;
    return rows.map((row) => ({
      number: row.number,
      closedBy: row.closed_by,
      closedAt: row.closed_at,
      totals: JSON.parse(row.totals) as T,
    }));
  }
}
