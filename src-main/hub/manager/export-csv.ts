/**
 * The accounting export (ADR 082): one CSV line per payment of a store's day, RFC 4180 quoting
 * (CRLF line ends, a field with a comma, quote or line break in quotes, quotes doubled), and
 * safe to open in a spreadsheet: a cell starting with = + - @ (or a tab or carriage return) gets a
 * leading apostrophe so it is never read as a formula. Amounts are decimal strings. Read in
 * keyset pages, so a day of 400,000 payments is never in memory at once.
 */
import { formatDecimal } from '../../platform/money';
import type { HubSql } from '../database';
import { requireStore } from './day-view';

export const csvHeader = [
  'day',
  'store',
  'lane',
  'time',
  'cashier',
  'operation',
  'order id',
  'masked pan',
  'amount',
  'state',
  'response',
  'retref',
  'batch',
] as const;

/** One cell, quoted when it must be and defused when a spreadsheet would run it. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  // A plain number (a negative amount) is data, not a formula: only text is defused.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

interface ExportRow {
  lane_id: string;
  entry_id: number;
  time: string;
  cashier: string | null;
  operation: string;
  order_id: string;
  masked_pan: string | null;
  amount_minor: number;
  state: string;
  response: string | null;
  retref: string | null;
  batch: string | null;
}

/**
 * The export's lines (the header first), each ending CRLF, read `pageSize` payments at a time in
 * (lane, entry) order. Amounts are the answer's amount when there is one (a partial approval,
 * a surcharge), else the request's. The time is the store's local time of day.
 */
export async function* exportCsv(db: HubSql, storeId: string, day: string, pageSize = 5000): AsyncGenerator<string> {
  const store = await requireStore(db, storeId);
  yield `${csvHeader.map(csvCell).join(',')}\r\n`;
  let after: [string, number] = ['', -1];
  for (;;) {
    const rows = await db.query<ExportRow>(
      `SELECT lane_id, entry_id,
         to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE $3::text, 'HH24:MI:SS') AS time,
         cashier, operation, order_id, masked_pan,
         coalesce((outcome ->> 'amountMinor')::bigint, amount_minor) AS amount_minor, state,
         nullif(concat_ws(' ', outcome ->> 'respstat', outcome ->> 'respcode', outcome ->> 'resptext'), '') AS response,
         outcome ->> 'retref' AS retref, outcome ->> 'batchid' AS batch
       FROM payments WHERE store_id = $1 AND business_day = $2::date AND (lane_id, entry_id) > ($4, $5::bigint)
       ORDER BY lane_id, entry_id LIMIT $6`,
      [storeId, day, store.timeZone, after[0], after[1], pageSize],
    );
    let page = '';
    for (const row of rows)
      page += `${[
        day,
        storeId,
        row.lane_id,
        row.time,
        row.cashier,
        row.operation,
        row.order_id,
        row.masked_pan,
        formatDecimal(row.amount_minor),
        row.state,
        row.response,
        row.retref,
        row.batch,
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    if (page) yield page;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = [last.lane_id, last.entry_id];
  }
}
