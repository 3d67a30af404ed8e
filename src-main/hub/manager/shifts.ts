/**
 * Shifts by cashier for a store's day (ADR 082): each shift opened that business day on any lane,
 * grouped by who opened it, with the float, the blind count, what the drawer should have held and
 * over/short (counted less expected, as the lane works it out; null while the shift is open).
 */
import type { HubSql } from '../database';

export interface ShiftView {
  readonly laneId: string;
  readonly shiftId: number;
  readonly openedBy: string;
  readonly openedAt: number;
  readonly floatMinor: number;
  readonly closedBy: string | null;
  readonly closedAt: number | null;
  readonly countedMinor: number | null;
  readonly expectedMinor: number | null;
  readonly overShortMinor: number | null;
}

export interface CashierShifts {
  readonly cashier: string;
  readonly shifts: ShiftView[];
  /** The sum over the cashier's closed shifts. */
  readonly overShortMinor: number;
}

export async function shiftsByCashier(db: HubSql, storeId: string, day: string): Promise<CashierShifts[]> {
  const rows = await db.query<{
    lane_id: string;
    shift_id: number;
    opened_by: string;
    opened_at: number;
    float_minor: number;
    closed_by: string | null;
    closed_at: number | null;
    counted_minor: number | null;
    expected_minor: number | null;
  }>(
    `SELECT lane_id, shift_id, opened_by, opened_at, float_minor, closed_by, closed_at, counted_minor, expected_minor
     FROM shifts WHERE store_id = $1 AND business_day = $2::date ORDER BY opened_by, opened_at, lane_id`,
    [storeId, day],
  );
  const byCashier = new Map<string, ShiftView[]>();
  for (const row of rows) {
    const closed = row.closed_at !== null && row.counted_minor !== null && row.expected_minor !== null;
    const view: ShiftView = {
      laneId: row.lane_id,
      shiftId: row.shift_id,
      openedBy: row.opened_by,
      openedAt: row.opened_at,
      floatMinor: row.float_minor,
      closedBy: row.closed_by,
      closedAt: row.closed_at,
      countedMinor: row.counted_minor,
      expectedMinor: row.expected_minor,
      overShortMinor: closed ? row.counted_minor! - row.expected_minor! : null,
    };
    byCashier.set(row.opened_by, [...(byCashier.get(row.opened_by) ?? []), view]);
  }
  return [...byCashier].map(([cashier, shifts]) => ({
    cashier,
    shifts,
    overShortMinor: shifts.reduce((sum, shift) => sum + (shift.overShortMinor ?? 0), 0),
  }));
}
