/**
 * `GET /api/admin/day`: a store's day across its lanes, per lane, per merchant id and for the
 * store (ADR 082). Every lane of the store is listed, a quiet one with zero totals; a merchant's
 * totals are the sums of its lanes'. Reconciliation with the gateway is added by the caller
 * (reconciliation.ts), since it leaves the hub.
 */
import type { HubSql } from '../database';
import { HubError } from '../errors';
import { addTotals, emptyTotals, laneDayTotals, type HubDayTotals } from './day-totals';
import type { MerchantFunding, MerchantSettlement } from './reconciliation';

export interface DayView {
  readonly day: string;
  readonly storeId: string;
  /** Each lane with the name the manager gave it (the screens show the name, the id beside it). */
  readonly lanes: Array<{ laneId: string; name: string; totals: HubDayTotals }>;
  readonly merchants: Array<{
    merchantId: string;
    totals: HubDayTotals;
    settlement?: MerchantSettlement;
    funding?: MerchantFunding;
  }>;
  readonly totals: HubDayTotals;
}

/** The store's row, or HubError 'not-found' naming it. */
export async function requireStore(db: HubSql, storeId: string): Promise<{ id: string; timeZone: string }> {
  const [store] = await db.query<{ id: string; time_zone: string }>('SELECT id, time_zone FROM stores WHERE id = $1', [
    storeId,
  ]);
  if (!store) throw new HubError('not-found', `hub: no store has id ${storeId}`);
  return { id: store.id, timeZone: store.time_zone };
}

export async function dayView(db: HubSql, storeId: string, day: string): Promise<DayView> {
  await requireStore(db, storeId);
  const lanes = await db.query<{ id: string; name: string; merchant_id: string }>(
    'SELECT id, name, merchant_id FROM lanes WHERE store_id = $1 ORDER BY name, id',
    [storeId],
  );
  const byLane = await laneDayTotals(db, storeId, day);
  const merchants = new Map<string, HubDayTotals>();
  const totals = emptyTotals();
  const laneViews = lanes.map((lane) => {
    const laneTotals = byLane.get(lane.id) ?? emptyTotals();
    const merchant = merchants.get(lane.merchant_id) ?? emptyTotals();
    merchants.set(lane.merchant_id, addTotals(merchant, laneTotals));
    addTotals(totals, laneTotals);
    return { laneId: lane.id, name: lane.name, totals: laneTotals };
  });
  return {
    day,
    storeId,
    lanes: laneViews,
    merchants: [...merchants].map(([merchantId, merchantTotals]) => ({ merchantId, totals: merchantTotals })),
    totals,
  };
}
