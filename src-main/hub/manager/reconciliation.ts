/**
 * Reconciliation of a merchant's day with the gateway (ADR 082): what the hub's lanes say was
 * charged by card, by the gateway's retref, against what the gateway settled (`settlestat`) and
 * funded (`funding`) for that day. The hub holds read-only gateway credentials per merchant id;
 * `MerchantGateway` is the seam, `gatewayMerchants` the real one over the lane's gateway client.
 */
import type { GatewayClient } from '../../lane/gateway/client';
import type { HubSql } from '../database';

export interface SettledEntry {
  readonly retref: string;
  readonly amountMinor: number;
}

export interface MerchantGateway {
  /** The card entries the gateway settled for the merchant on `day` (YYYY-MM-DD), by retref. */
  settlement(merchantId: string, day: string): Promise<SettledEntry[]>;
  /** The merchant's funding of `day`: the total deposited, or null when there is none yet. */
  funding(merchantId: string, day: string): Promise<{ totalMinor: number } | null>;
}

export interface MerchantSettlement {
  readonly hubCapturedMinor: number;
  readonly settledMinor: number;
  /** Each retref where the two disagree (absent on one side = 0). */
  readonly differences: Array<{ retref: string; hubMinor: number; gatewayMinor: number }>;
}

export interface MerchantFunding {
  readonly fundedMinor: number | null;
}

const mmdd = (day: string) => day.slice(5, 7) + day.slice(8, 10);

/** The real MerchantGateway: one gateway client per merchant id (its credentials), read-only calls. */
export function gatewayMerchants(clientFor: (merchantId: string) => GatewayClient): MerchantGateway {
  return {
    async settlement(merchantId, day) {
      const batches = await clientFor(merchantId).settlementStatus({ merchid: merchantId, date: mmdd(day) });
      return batches.flatMap((batch) =>
        batch.txns
          // Voided and declined entries settle nothing.
          .filter((txn) => txn.retref !== undefined && txn.setlstat !== 'V' && txn.setlstat !== 'D')
          .map((txn) => ({ retref: txn.retref!, amountMinor: txn.setlamount ?? 0 })),
      );
    },
    async funding(merchantId, day) {
      const report = await clientFor(merchantId).funding({ merchid: merchantId, date: day.replaceAll('-', '') });
      if (!report) return null;
      return { totalMinor: report.fundings.reduce((sum, funding) => sum + (funding.totalfunding ?? 0), 0) };
    },
  };
}

/**
 * What the hub expects settled for a merchant's day, by retref: each effective sale at its
 * amount, a capture replacing its authorization's amount, a void taking its sale's amount out,
 * a refund negative at its own retref. Authorizations never captured settle nothing.
 */
export async function hubSettlement(db: HubSql, storeId: string, merchantId: string, day: string) {
  const rows = await db.query<{
    operation: string;
    retref: string | null;
    original_retref: string | null;
    moved: number;
    amount_minor: number;
    authorize_only: boolean;
    remainder: number | null;
  }>(
    `SELECT operation, outcome ->> 'retref' AS retref, original_retref,
       coalesce((outcome ->> 'amountMinor')::bigint, amount_minor) AS moved, amount_minor,
       coalesce(detail ->> 'tender' = 'authorize', false) AS authorize_only,
       CASE WHEN jsonb_typeof(detail -> 'expectedRemainderMinor') = 'number'
         THEN (detail ->> 'expectedRemainderMinor')::bigint END AS remainder
     FROM payments
     WHERE store_id = $1 AND merchant_id = $2 AND business_day = $3::date AND state IN ('completed', 'resolved')
       AND outcome IS NOT NULL AND CASE
         WHEN outcome ? 'applied' THEN outcome -> 'applied' = 'true'::jsonb
         WHEN operation = 'capture' THEN coalesce(outcome ->> 'setlstat' IN ('Queued for Capture', 'Accepted'), false)
         ELSE coalesce(outcome ->> 'respstat' = 'A', false) END
     ORDER BY lane_id, entry_id`,
    [storeId, merchantId, day],
  );
  const byRetref = new Map<string, number>();
  for (const row of rows) {
    const target = row.operation === 'auth' || row.operation === 'refund' ? row.retref : row.original_retref;
    if (!target) continue;
    if (row.operation === 'auth') byRetref.set(target, row.authorize_only ? 0 : Number(row.moved));
    else if (row.operation === 'capture') byRetref.set(target, Number(row.amount_minor));
    else if (row.operation === 'refund') byRetref.set(target, -Math.abs(Number(row.moved)));
    else if (row.operation === 'void' && row.remainder !== null && row.remainder > 0)
      byRetref.set(target, Number(row.remainder));
    else byRetref.set(target, 0);
  }
  return byRetref;
}

/** The merchant's day reconciled: the hub's expectation against the gateway's settlement and funding. */
export async function reconcileMerchant(
  db: HubSql,
  gateway: MerchantGateway,
  which: { readonly storeId: string; readonly merchantId: string; readonly day: string },
): Promise<{ settlement: MerchantSettlement; funding: MerchantFunding }> {
  const [hub, settled, funded] = await Promise.all([
    hubSettlement(db, which.storeId, which.merchantId, which.day),
    gateway.settlement(which.merchantId, which.day),
    gateway.funding(which.merchantId, which.day),
  ]);
  const gatewayBy = new Map<string, number>();
  for (const entry of settled) gatewayBy.set(entry.retref, (gatewayBy.get(entry.retref) ?? 0) + entry.amountMinor);
  const differences: MerchantSettlement['differences'] = [];
  for (const retref of new Set([...hub.keys(), ...gatewayBy.keys()])) {
    const hubMinor = hub.get(retref) ?? 0;
    const gatewayMinor = gatewayBy.get(retref) ?? 0;
    if (hubMinor !== gatewayMinor) differences.push({ retref, hubMinor, gatewayMinor });
  }
  differences.sort((a, b) => a.retref.localeCompare(b.retref));
  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);
  return {
    settlement: { hubCapturedMinor: sum(hub.values()), settledMinor: sum(gatewayBy.values()), differences },
    funding: { fundedMinor: funded?.totalMinor ?? null },
  };
}
