/**
 * The manager's sales (ADR 082): a search over the payments of a store (by lane, day, and one
 * box that matches an order id, a card's last four or a cashier), newest first with keyset
 * paging, and one payment's detail with its journal events labelled for people. Card data never
 * appears: the lane sends masked PANs only.
 */
import type { HubSql } from '../database';
import { HubError } from '../errors';
import { tookEffect } from '../../lane/terminal/order-money';
import type { JournalEntry } from '../../lane/journal/entry';
import { paymentBody, type PaymentBody } from '../projection-journal';

export interface PaymentView {
  readonly laneId: string;
  readonly entryId: number;
  readonly storeId: string;
  readonly merchantId: string;
  readonly businessDay: string;
  readonly operation: string;
  readonly orderId: string;
  readonly amountMinor: number;
  readonly state: string;
  readonly label: string;
  readonly maskedPan: string | null;
  readonly entryMode: string | null;
  readonly originalRetref: string | null;
  readonly cashier: string | null;
  readonly shiftId: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly outcome: Record<string, unknown> | null;
  readonly detail: Record<string, unknown> | null;
}

export interface SalesQuery {
  readonly storeId: string;
  readonly laneId?: string;
  readonly day?: string;
  readonly q?: string;
  readonly limit: number;
  /** The `cursor` of the last sale of the previous page. */
  readonly before?: string;
}

/** Where a page ends: the sale's time, lane and entry, the order the list is in. */
export const cursorOf = (sale: Pick<PaymentView, 'createdAt' | 'laneId' | 'entryId'>) =>
  `${sale.createdAt}.${sale.laneId}.${sale.entryId}`;

function readCursor(cursor: string): [number, string, number] {
  const match = /^(\d{1,15})\.([a-z0-9][a-z0-9-]{0,39})\.(\d{1,15})$/.exec(cursor);
  if (!match)
    throw new HubError(
      'invalid',
      `hub: before must be a sale's cursor (time.lane.entry), not ${JSON.stringify(cursor)}`,
    );
  return [Number(match[1]), match[2]!, Number(match[3])];
}

const columns = `lane_id, entry_id, store_id, merchant_id, to_char(business_day, 'YYYY-MM-DD') AS business_day,
  operation, order_id, amount_minor, state, masked_pan, entry_mode, original_retref, cashier, shift_id, created_at,
  updated_at, outcome, detail`;

interface PaymentRow {
  lane_id: string;
  entry_id: number;
  store_id: string;
  merchant_id: string;
  business_day: string;
  operation: string;
  order_id: string;
  amount_minor: number;
  state: string;
  masked_pan: string | null;
  entry_mode: string | null;
  original_retref: string | null;
  cashier: string | null;
  shift_id: number | null;
  created_at: number;
  updated_at: number;
  outcome: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
}

/** What a row says to a person, from its operation and state (and whether it took effect). */
export function paymentLabel(row: Pick<PaymentBody, 'operation' | 'state' | 'outcome' | 'detail'>): string {
  const forwarded = row.operation === 'auth' && typeof row.detail?.['forwardedAt'] === 'number';
  switch (row.state) {
    case 'stored':
      return 'stored offline';
    case 'unknown':
      return 'unknown outcome';
    case 'not-sent':
      return 'not sent';
    case 'pending':
      if (forwarded) return 'forwarding';
      return (
        { auth: 'sale started', capture: 'capture started', refund: 'refund started' }[row.operation as string] ??
        'void started'
      );
  }
  const took = tookEffect({ ...row, outcome: row.outcome ?? null } as unknown as JournalEntry);
  if (!took) return 'declined';
  if (forwarded) return 'forwarded';
  switch (row.operation) {
    case 'auth':
      // A sale is authorized and captured in one call; an authorization only waits for its capture.
      return row.detail?.['tender'] === 'authorize' ? 'authorized' : 'captured';
    case 'capture':
      return 'captured';
    case 'refund':
      return 'refunded';
    default:
      return 'voided';
  }
}

const toView = (row: PaymentRow): PaymentView => ({
  laneId: row.lane_id,
  entryId: row.entry_id,
  storeId: row.store_id,
  merchantId: row.merchant_id,
  businessDay: row.business_day,
  operation: row.operation,
  orderId: row.order_id,
  amountMinor: row.amount_minor,
  state: row.state,
  label: paymentLabel(row as unknown as PaymentBody),
  maskedPan: row.masked_pan,
  entryMode: row.entry_mode,
  originalRetref: row.original_retref,
  cashier: row.cashier,
  shiftId: row.shift_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  outcome: row.outcome,
  detail: row.detail,
});

/** A LIKE pattern matching `text` literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the store's payments, newest first; pass the last one's `cursorOf` as `before` for the next. */
export async function searchSales(db: HubSql, query: SalesQuery): Promise<PaymentView[]> {
  const where = ['store_id = $1'];
  const params: unknown[] = [query.storeId];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.laneId) where.push(`lane_id = ${param(query.laneId)}`);
  if (query.day) where.push(`business_day = ${param(query.day)}::date`);
  if (query.q) {
    const q = query.q.trim();
    const exact = param(q);
    const clauses = [`order_id = ${exact}`, `order_id ILIKE ${param(`%${literal(q)}%`)}`, `cashier = ${exact}`];
    if (/^\d{4}$/.test(q)) clauses.push(`right(masked_pan, 4) = ${exact}`);
    where.push(`(${clauses.join(' OR ')})`);
  }
  if (query.before) {
    const [createdAt, laneId, entryId] = readCursor(query.before);
    where.push(
      `(created_at, lane_id, entry_id) < (${param(createdAt)}::bigint, ${param(laneId)}, ${param(entryId)}::bigint)`,
    );
  }
  const rows = await db.query<PaymentRow>(
    `SELECT ${columns} FROM payments WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, lane_id DESC, entry_id DESC LIMIT ${param(query.limit)}`,
    params,
  );
  return rows.map(toView);
}

export interface SaleDetail {
  readonly payment: PaymentView;
  readonly events: Array<{ seq: number; kind: string; label: string; at: number }>;
}

/** One payment and every event the lane sent about it, oldest first; HubError 'not-found' when none. */
export async function saleDetail(db: HubSql, laneId: string, entryId: number): Promise<SaleDetail> {
  const [row] = await db.query<PaymentRow>(`SELECT ${columns} FROM payments WHERE lane_id = $1 AND entry_id = $2`, [
    laneId,
    entryId,
  ]);
  if (!row) throw new HubError('not-found', `hub: lane ${laneId} has no payment ${entryId}`);
  const events = await db.query<{ seq: number; kind: string; at: number; body: unknown }>(
    `SELECT seq, kind, at, body FROM lane_events
     WHERE lane_id = $1 AND kind = 'payment' AND body ->> 'entryId' = $2 ORDER BY seq`,
    [laneId, String(entryId)],
  );
  return {
    payment: toView(row),
    events: events.map((event) => {
      const body = paymentBody.safeParse(event.body);
      return {
        seq: event.seq,
        kind: event.kind,
        at: event.at,
        label: body.success ? paymentLabel(body.data) : 'unreadable',
      };
    }),
  };
}
