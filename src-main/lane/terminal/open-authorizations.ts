import type { AuthorizationAge, OpenAuthorization, OpenAuthorizationsView } from '../ipc/contract';
import type { Journal } from '../journal/journal';
import { orderMoney, tookEffect } from './order-money';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * How far back the journal is read for open authorizations: well past any network's expiry (31
 * days at most), so one left far too long still shows, as expired, until it is released.
 */
const lookBackDays = 90;

/** The ages an open authorization is judged by (settings: payments.authorizationExpiryDays and …WarnDays). */
export interface AuthorizationAges {
  /**
   * The gateway reference's "usually thirty days" (an authorization stays until captured or
   * expired) by default. The networks differ: Visa and Mastercard let most card-present
   * authorizations lapse after 7 days, lodging and car rental after up to 31; a store sets its own.
   */
  readonly expiryDays: number;
  /** From this age a warning shows: 25 by default, five days before the reference's thirty. */
  readonly warnDays: number;
}

/** Where an authorization of this age stands: expired from the expiry day on, warned from the warning day. */
export function authorizationAge(ageDays: number, ages: AuthorizationAges): AuthorizationAge {
  if (ageDays >= ages.expiryDays) return 'expired';
  if (ageDays >= Math.min(ages.warnDays, ages.expiryDays)) return 'warning';
  return 'fresh';
}

/**
 * This lane's authorizations (tender `authorize`) that were approved and are neither captured nor
 * released (voided in full), oldest first, with what each still holds and its age by `now`. An
 * order whose capture or void lost its answer is left to the recovery queue, not offered again.
 */
export function openAuthorizations(
  journal: Journal,
  now: number,
  ages: AuthorizationAges & { readonly tips: boolean },
): OpenAuthorizationsView {
  const approved = journal
    // Captured ones count too: 5000 is some 55 holds a day for the 90 days, far above a counter's.
    .list({ operation: 'auth', tender: 'authorize', from: now - lookBackDays * dayMs, limit: 5000 })
    .filter(tookEffect)
    // Oldest first: the journal's order, the clock's where they differ.
    .reverse();
  const open: OpenAuthorization[] = [];
  for (const entry of approved) {
    const rows = journal.list({ orderId: entry.orderId, limit: 1000 });
    const inDoubt = rows.some(
      (row) => row.operation !== 'auth' && (row.state === 'pending' || row.state === 'unknown'),
    );
    const money = orderMoney(entry.orderId, rows);
    if (inDoubt || money.fullyVoided || money.capturedMinor > 0) continue;
    const ageDays = Math.max(0, Math.floor((now - entry.createdAt) / dayMs));
    open.push({
      orderId: entry.orderId,
      maskedPan: entry.maskedPan ?? null,
      heldMinor: money.approvedMinor - money.voidedMinor,
      authorizedAt: entry.createdAt,
      ageDays,
      daysLeft: ages.expiryDays - ageDays,
      age: authorizationAge(ageDays, ages),
    });
  }
  open.sort((a, b) => a.authorizedAt - b.authorizedAt);
  return {
    authorizations: open,
    expiryDays: ages.expiryDays,
    warnDays: ages.warnDays,
    needAttention: open.filter((auth) => auth.age !== 'fresh').length,
    tips: ages.tips,
  };
}
