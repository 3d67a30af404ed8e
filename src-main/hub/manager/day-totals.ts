/**
 * The day across a store's lanes (ADR 082): per lane, per merchant id and for the store, with the
 * rules of the lane's own `dayTotals` (lane/terminal/day-report.ts), written as SQL aggregates so
 * a day of 400,000 payments is one pass over the (store, day) index. Each rule below names the
 * line of `dayTotals` it copies; `tookEffect` (order-money.ts) and `wasForwarded`
 * (offline-findings.ts) are the `took` and `forwarded` columns. A lane's totals are its own (a
 * void finds its sale among the same lane's rows of the day, as the lane's report does among its
 * rows); a merchant's and the store's are the sums of their lanes'.
 */
import type { HubSql } from '../database';

/** The contract's totals (docs/hub-wire.md, `GET /api/admin/day`), minor units and counts. */
export interface HubDayTotals {
  cardSalesMinor: number;
  cardSalesCount: number;
  refundsMinor: number;
  refundsCount: number;
  voidsMinor: number;
  voidsCount: number;
  /** The cash tender's net takings as the lane's report shows them (sales, less cash handed back and cash refunds). */
  cashSalesMinor: number;
  /** Cash handed back when a sale with paid parts was cancelled, as a positive amount. */
  cashReturnedMinor: number;
  tipsMinor: number;
  surchargesMinor: number;
  offlineStoredMinor: number;
  offlineForwardedMinor: number;
  offlineDeclinedMinor: number;
  unknownCount: number;
  noSales: number;
}

export const totalsFields = [
  'cardSalesMinor',
  'cardSalesCount',
  'refundsMinor',
  'refundsCount',
  'voidsMinor',
  'voidsCount',
  'cashSalesMinor',
  'cashReturnedMinor',
  'tipsMinor',
  'surchargesMinor',
  'offlineStoredMinor',
  'offlineForwardedMinor',
  'offlineDeclinedMinor',
  'unknownCount',
  'noSales',
] as const satisfies ReadonlyArray<keyof HubDayTotals>;

export const emptyTotals = (): HubDayTotals =>
  Object.fromEntries(totalsFields.map((field) => [field, 0])) as unknown as HubDayTotals;

export function addTotals(into: HubDayTotals, more: HubDayTotals): HubDayTotals {
  for (const field of totalsFields) into[field] += more[field];
  return into;
}

/** tookEffect (order-money.ts) of a row of `payments` named `row`, for a row completed or resolved. */
const tookEffect = (row: string) => `${row}.outcome IS NOT NULL AND CASE
  WHEN ${row}.outcome ? 'applied' THEN ${row}.outcome -> 'applied' = 'true'::jsonb
  WHEN ${row}.operation = 'capture'
    THEN coalesce(${row}.outcome ->> 'setlstat' IN ('Queued for Capture', 'Accepted'), false)
  ELSE coalesce(${row}.outcome ->> 'respstat' = 'A', false) END`;

/**
 * One row per payment of the day with what the rules read: `live` (not pending, unknown or
 * stored: those are counted apart and skip the rest), `took` (tookEffect), `forwarded`
 * (an auth with detail.forwardedAt a number), `moved` (outcome.amountMinor ?? amountMinor), the
 * fee, the tip, whether an auth is an authorization only, and whether a void is whole.
 */
const dayPayments = `
  SELECT lane_id, entry_id, operation, order_id, amount_minor, state,
    state NOT IN ('pending', 'unknown', 'stored') AS live,
    (state IN ('completed', 'resolved') AND ${tookEffect('payments')}) AS took,
    (operation = 'auth' AND coalesce(jsonb_typeof(detail -> 'forwardedAt') = 'number', false)) AS forwarded,
    coalesce((outcome ->> 'amountMinor')::bigint, amount_minor) AS moved,
    coalesce((outcome ->> 'feeMinor')::bigint, 0) AS fee,
    CASE WHEN jsonb_typeof(detail -> 'tipMinor') = 'number' THEN (detail ->> 'tipMinor')::numeric ELSE 0 END AS tip,
    coalesce(detail ->> 'tender' = 'authorize', false) AS authorize_only,
    NOT (operation = 'void' AND coalesce(jsonb_typeof(detail -> 'expectedRemainderMinor') = 'number', false)
         AND (detail ->> 'expectedRemainderMinor')::numeric > 0) AS whole
  FROM payments WHERE store_id = $1 AND business_day = $2::date`;

/**
 * Per lane: the aggregates over its payments of the day. The inner query groups the day's rows by
 * what the rules branch on (operation, state, took, forwarded, authorization only), so each
 * row's JSON is read once and in parallel; the outer one applies dayTotals' branches to the few
 * groups per lane.
 */
const paymentTotalsSql = `
  SELECT lane_id,
    coalesce(sum(n) FILTER (WHERE state IN ('pending', 'unknown')), 0) AS unknown_count,
    coalesce(sum(amount) FILTER (WHERE state = 'stored'), 0) AS offline_stored,
    coalesce(sum(amount) FILTER (WHERE NOT took AND forwarded AND state IN ('completed', 'resolved')), 0)
      AS offline_declined,
    coalesce(sum(moved) FILTER (WHERE took AND forwarded), 0) AS offline_forwarded,
    coalesce(sum(n) FILTER (WHERE took AND ((operation = 'auth' AND NOT authorize_only) OR operation = 'capture')), 0)
      AS card_sales_count,
    coalesce(sum(moved) FILTER (WHERE took AND ((operation = 'auth' AND NOT authorize_only) OR operation = 'capture')), 0)
      AS card_sales_minor,
    coalesce(sum(fee) FILTER (WHERE took AND operation = 'auth' AND NOT authorize_only), 0) AS fees,
    coalesce(sum(tip) FILTER (WHERE took AND operation = 'capture'), 0) AS tips,
    coalesce(sum(n) FILTER (WHERE took AND operation IN ('void', 'voidByOrderId')), 0) AS voids_count,
    coalesce(sum(abs_amount) FILTER (WHERE took AND operation IN ('void', 'voidByOrderId')), 0) AS voids_minor,
    coalesce(sum(n) FILTER (WHERE took AND operation = 'refund'), 0) AS refunds_count,
    coalesce(sum(abs_moved) FILTER (WHERE took AND operation = 'refund'), 0) AS refunds_minor
  FROM (
    SELECT lane_id, operation, state, took, forwarded, authorize_only, count(*) AS n, sum(amount_minor) AS amount,
      sum(abs(amount_minor)) AS abs_amount, sum(moved) AS moved, sum(abs(moved)) AS abs_moved, sum(fee) AS fee,
      sum(tip) AS tip
    FROM (${dayPayments}) p
    GROUP BY lane_id, operation, state, took, forwarded, authorize_only
  ) g
  GROUP BY lane_id`;

/**
 * Per lane, what its effective voids take back from their sales: for each, the sale it takes
 * back from (`cardOrders` in dayTotals: the latest effective sale or capture of the order before
 * it, in the same lane's day, found by the order id index), so a whole void of a sale of this day
 * lowers the card count and takes the sale's fee back.
 */
const voidTotalsSql = `
  SELECT v.lane_id,
    count(*) FILTER (WHERE found.entry_id IS NOT NULL AND v.whole) AS whole_voids_found,
    coalesce(sum(found.fee) FILTER (WHERE found.entry_id IS NOT NULL AND v.whole), 0) AS fees_back
  FROM (${dayPayments} AND operation IN ('void', 'voidByOrderId') AND state IN ('completed', 'resolved')) v
  CROSS JOIN LATERAL (
    SELECT max(s.entry_id) AS entry_id, (array_agg(
        CASE WHEN s.operation = 'auth' THEN coalesce((s.outcome ->> 'feeMinor')::bigint, 0) ELSE 0 END
        ORDER BY s.entry_id DESC))[1] AS fee
    FROM payments s
    WHERE s.order_id = v.order_id AND s.lane_id = v.lane_id AND s.store_id = $1 AND s.business_day = $2::date
      AND s.entry_id < v.entry_id AND s.state IN ('completed', 'resolved') AND ${tookEffect('s')}
      AND ((s.operation = 'auth' AND NOT coalesce(s.detail ->> 'tender' = 'authorize', false)) OR s.operation = 'capture')
  ) found
  WHERE v.took
  GROUP BY v.lane_id`;

/** Per lane, the drawer's day: dayTotals' loop over the cash movements. */
const cashTotalsSql = `
  SELECT lane_id,
    count(*) FILTER (WHERE kind = 'no-sale') AS no_sales,
    coalesce(sum(amount_minor) FILTER (WHERE kind <> 'no-sale'), 0) AS cash_minor,
    coalesce(-sum(amount_minor) FILTER (WHERE kind = 'returned'), 0) AS cash_returned,
    count(*) FILTER (WHERE kind = 'refund') AS cash_refunds_count,
    coalesce(-sum(amount_minor) FILTER (WHERE kind = 'refund'), 0) AS cash_refunds_minor
  FROM cash_movements WHERE store_id = $1 AND business_day = $2::date
  GROUP BY lane_id`;

interface PaymentRow {
  lane_id: string;
  unknown_count: number;
  offline_stored: number;
  offline_declined: number;
  offline_forwarded: number;
  card_sales_count: number;
  card_sales_minor: number;
  fees: number;
  tips: number;
  voids_count: number;
  voids_minor: number;
  refunds_count: number;
  refunds_minor: number;
}

interface VoidRow {
  lane_id: string;
  whole_voids_found: number;
  fees_back: number;
}

interface CashRow {
  lane_id: string;
  no_sales: number;
  cash_minor: number;
  cash_returned: number;
  cash_refunds_count: number;
  cash_refunds_minor: number;
}

/** The totals of each lane of the store that has rows on `day` (YYYY-MM-DD), by lane id. */
export async function laneDayTotals(db: HubSql, storeId: string, day: string): Promise<Map<string, HubDayTotals>> {
  // Three queries, run side by side on a pool (PostgreSQL), one after the other on PGlite.
  const [payments, voids, cash] = await Promise.all([
    db.query<PaymentRow>(paymentTotalsSql, [storeId, day]),
    db.query<VoidRow>(voidTotalsSql, [storeId, day]),
    db.query<CashRow>(cashTotalsSql, [storeId, day]),
  ]);
  const byLane = new Map<string, HubDayTotals>();
  const of = (laneId: string) => {
    let totals = byLane.get(laneId);
    if (!totals) byLane.set(laneId, (totals = emptyTotals()));
    return totals;
  };
  for (const row of payments) {
    const totals = of(row.lane_id);
    const n = (value: number) => Number(value);
    totals.unknownCount += n(row.unknown_count);
    totals.offlineStoredMinor += n(row.offline_stored);
    totals.offlineDeclinedMinor += n(row.offline_declined);
    totals.offlineForwardedMinor += n(row.offline_forwarded);
    // card = sales and captures, less every void's amount and each whole void of a sale of this day, less refunds.
    totals.cardSalesCount += n(row.card_sales_count);
    totals.cardSalesMinor += n(row.card_sales_minor) - n(row.voids_minor) - n(row.refunds_minor);
    totals.surchargesMinor += n(row.fees);
    totals.tipsMinor += n(row.tips);
    totals.voidsCount += n(row.voids_count);
    totals.voidsMinor += n(row.voids_minor);
    totals.refundsCount += n(row.refunds_count);
    totals.refundsMinor += n(row.refunds_minor);
  }
  for (const row of voids) {
    const totals = of(row.lane_id);
    totals.cardSalesCount -= Number(row.whole_voids_found);
    totals.surchargesMinor -= Number(row.fees_back);
  }
  for (const row of cash) {
    const totals = of(row.lane_id);
    totals.noSales += Number(row.no_sales);
    totals.cashSalesMinor += Number(row.cash_minor);
    totals.cashReturnedMinor += Number(row.cash_returned);
    totals.refundsCount += Number(row.cash_refunds_count);
    totals.refundsMinor += Number(row.cash_refunds_minor);
  }
  return byLane;
}
