/**
 * The manager's routes (docs/hub-wire.md, "The manager's API") as plain functions of the database
 * and the request's query, path parameters or body: the hub's HTTP server checks the admin key
 * and wires them in. Every input is read with zod; a bad one is HubError 'invalid' naming the
 * parameter (the server answers 400 with it).
 */
import { z } from 'zod';
import type { HubSql } from '../database';
import { HubError } from '../errors';
import { dayView, type DayView } from './day-view';
import { exportCsv } from './export-csv';
import { reconcileMerchant, type MerchantGateway } from './reconciliation';
import { cursorOf, saleDetail, searchSales, type PaymentView, type SaleDetail } from './sales';
import { listSettings, pushSettings, type SettingsOverview } from './settings-pushes';
import { shiftsByCashier, type CashierShifts } from './shifts';

export interface AdminContext {
  readonly now: () => number;
  /** Who pushes settings, as the hub names the admin key's holder. */
  readonly admin: string;
  /** The gateway per merchant id, when the hub holds reporting credentials; without it the day is not reconciled. */
  readonly gateway?: MerchantGateway;
}

const storeId = z.string().min(1).max(80);
const laneId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a lane id: lowercase letters, digits and dashes');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((text) => new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'not a day of the calendar');

/** `schema` read from `input`, or HubError 'invalid' naming the parameter and what is wrong. */
function read<T extends z.ZodType>(schema: T, input: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.length > 0 ? issue.path.join('.') : what;
  throw new HubError('invalid', `hub: ${what} ${name}: ${issue.message}`);
}

const salesQuery = z.object({
  store: storeId,
  lane: laneId.optional(),
  day: day.optional(),
  q: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.string().max(80).optional(),
});

/** `GET /api/admin/sales`: a page of sales, newest first; `next` is the `before` of the next page (absent on the last). */
export async function getSales(db: HubSql, query: unknown): Promise<{ sales: PaymentView[]; next?: string }> {
  const q = read(salesQuery, query, 'query');
  const sales = await searchSales(db, {
    storeId: q.store,
    limit: q.limit,
    ...(q.lane ? { laneId: q.lane } : {}),
    ...(q.day ? { day: q.day } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.before ? { before: q.before } : {}),
  });
  const last = sales[sales.length - 1];
  return sales.length === q.limit && last ? { sales, next: cursorOf(last) } : { sales };
}

/** `GET /api/admin/sales/{laneId}/{entryId}`. */
export async function getSale(db: HubSql, params: unknown): Promise<SaleDetail> {
  const p = read(z.object({ laneId, entryId: z.coerce.number().int().min(1) }), params, 'path');
  return saleDetail(db, p.laneId, p.entryId);
}

/** `GET /api/admin/day`: with each merchant reconciled when the hub holds its gateway credentials. */
export async function getDay(db: HubSql, query: unknown, context: AdminContext): Promise<DayView> {
  const q = read(z.object({ store: storeId, day }), query, 'query');
  const view = await dayView(db, q.store, q.day);
  if (!context.gateway) return view;
  const gateway = context.gateway;
  const merchants = await Promise.all(
    view.merchants.map(async (merchant) => {
      try {
        return {
          ...merchant,
          ...(await reconcileMerchant(db, gateway, { storeId: q.store, merchantId: merchant.merchantId, day: q.day })),
        };
      } catch (error) {
        // The gateway may be down: the day is still the hub's to show, without the reconciliation.
        return { ...merchant, reconcileError: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return { ...view, merchants };
}

/** `GET /api/admin/shifts`. */
export async function getShifts(db: HubSql, query: unknown): Promise<{ shifts: CashierShifts[] }> {
  const q = read(z.object({ store: storeId, day }), query, 'query');
  return { shifts: await shiftsByCashier(db, q.store, q.day) };
}

/** `POST /api/admin/settings` → 201 `{version}`. */
export async function postSettings(db: HubSql, body: unknown, context: AdminContext): Promise<{ version: number }> {
  const b = read(z.object({ storeId, document: z.unknown() }), body, 'body');
  return pushSettings(db, { storeId: b.storeId, document: b.document, pushedBy: context.admin, now: context.now() });
}

/** `GET /api/admin/settings`. */
export async function getSettings(db: HubSql, query: unknown): Promise<SettingsOverview> {
  const q = read(z.object({ store: storeId }), query, 'query');
  return listSettings(db, q.store);
}

/** `GET /api/admin/export.csv`: the body as chunks of lines, for a streamed answer. */
export function getExportCsv(
  db: HubSql,
  query: unknown,
): { contentType: string; fileName: string; body: AsyncIterable<string> } {
  const q = read(z.object({ store: storeId, day }), query, 'query');
  return {
    contentType: 'text/csv; charset=utf-8',
    fileName: `${q.store.replace(/[^A-Za-z0-9._-]/g, '_')}-${q.day}.csv`,
    body: exportCsv(db, q.store, q.day),
  };
}
