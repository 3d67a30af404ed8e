/**
 * Authorizations captured later (hotels, bars, rentals, fuel) and the gateway's funding of a day:
 * the open holds with their age, and the deposits the end of day shows beside settlement.
 */
import { z } from 'zod';
import { noArgs } from './schemas';
import { command } from './spec';

/** Where an open authorization stands against the networks' expiry. */
export type AuthorizationAge = 'fresh' | 'warning' | 'expired';

/** One authorization of this lane, approved and neither captured nor released. */
export interface OpenAuthorization {
  readonly orderId: string;
  /** Masked as the journal keeps it (e.g. "4788********1443"), never the number; null when it kept none. */
  readonly maskedPan: string | null;
  /** What the authorization holds now, in minor units (less than approved after a partial release). */
  readonly heldMinor: number;
  /** When it was authorized (epoch ms, the lane's clock). */
  readonly authorizedAt: number;
  /** Whole days since it was authorized. */
  readonly ageDays: number;
  /** Whole days until it reaches the expiry (0 or less: reached). */
  readonly daysLeft: number;
  readonly age: AuthorizationAge;
}

export interface OpenAuthorizationsView {
  readonly authorizations: readonly OpenAuthorization[];
  /** The expiry the ages are measured against (settings: payments.authorizationExpiryDays). */
  readonly expiryDays: number;
  /** From this age the warning shows (settings: payments.authorizationWarnDays). */
  readonly warnDays: number;
  /** How many are warned or expired: the navigation's count. */
  readonly needAttention: number;
  /** Whether a capture may add a tip (payments.tips). */
  readonly tips: boolean;
}

/** One deposit of a funding date, money in minor units; null where the gateway's answer had no such figure. */
export interface FundingDeposit {
  readonly fundingid: string | null;
  readonly currency: string | null;
  readonly netSalesMinor: number | null;
  readonly feesMinor: number | null;
  readonly adjustmentsMinor: number | null;
  readonly reversalsMinor: number | null;
  readonly totalMinor: number | null;
}

/** An ACH payment the bank sent back, with the return code in words. */
export interface AchReturn {
  readonly retref: string | null;
  readonly amountMinor: number | null;
  readonly code: string;
  readonly words: string;
}

/** The gateway's funding for a date, as the end of day shows it. */
export interface FundingView {
  /** The date asked for, YYYYMMDD. */
  readonly date: string;
  /** False when the gateway has no funding for the date (yet). */
  readonly found: boolean;
  /** The deposit date the gateway gave (YYYYMMDD). */
  readonly fundingDate: string | null;
  readonly deposits: readonly FundingDeposit[];
  /** The sum of the deposits' totals, in minor units. */
  readonly fundedMinor: number;
  /** The settlement batches the deposits pay. */
  readonly batchids: readonly string[];
  readonly transactions: number;
  readonly achReturns: readonly AchReturn[];
  /** How many adjustments and chargebacks the answer listed. */
  readonly adjustments: number;
  readonly chargebacks: number;
}

export const authorizationCommands = {
  'terminal.openAuthorizations': command<OpenAuthorizationsView>()(
    'This lane\u2019s authorizations that are approved and neither captured nor released, oldest first, each with its age against the expiry (payments.authorizationExpiryDays) and a warning from payments.authorizationWarnDays.',
    noArgs,
  ),
  'terminal.funding': command<FundingView>()(
    'The gateway\u2019s funding (deposits) for a date, MMDD this year or YYYYMMDD: amounts, fees and adjustments, the batches paid, ACH returns in words; `found` false when there is none yet.',
    z
      .object({
        date: z.string().regex(/^(\d{4}|\d{8})$/, { error: 'a date is MMDD, or YYYYMMDD for another year' }),
      })
      .strict(),
  ),
} as const;
