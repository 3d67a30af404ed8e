import type { FundingReport } from '../gateway/funding';
import type { GatewayClient } from '../gateway/client';
import { GatewayError, ValidationError } from '../gateway/errors';
import type { AchReturn, FundingView } from '../ipc/contract';
import { LaneError } from '../errors';
import { achReturnWords } from './ach-return-words';

export interface FundingDayDependencies {
  readonly client: Pick<GatewayClient, 'funding'>;
  readonly merchid: string;
  readonly now: () => number;
}

/** MMDD of this year (the lane's clock, UTC as the gateway dates funding) or YYYYMMDD → YYYYMMDD. */
function fullDate(date: string, now: number): string {
  return date.length === 4 ? `${new Date(now).getUTCFullYear()}${date}` : date;
}

/** A sum of the figures present; null when none is. */
function sum(...values: Array<number | undefined>): number | null {
  const present = values.filter((value): value is number => value !== undefined);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

/** What the end of day shows of one funding master. */
export function fundingView(date: string, report: FundingReport | undefined): FundingView {
  if (!report)
    return {
      date,
      found: false,
      fundingDate: null,
      deposits: [],
      fundedMinor: 0,
      batchids: [],
      transactions: 0,
      achReturns: [],
      adjustments: 0,
      chargebacks: 0,
    };
  const deposits = report.fundings.map((funding) => ({
    fundingid: funding.fundingid ?? null,
    currency: funding.currency ?? null,
    netSalesMinor: funding.netsales ?? null,
    feesMinor: sum(funding.interchangefee, funding.servicecharge, funding.fee),
    adjustmentsMinor: sum(funding.adjustment, funding.otheradjustment, funding.thirdparty),
    reversalsMinor: funding.reversal ?? null,
    totalMinor: funding.totalfunding ?? null,
  }));
  const achReturns: AchReturn[] = report.txns
    .filter((txn) => txn.achreturncode)
    .map((txn) => ({
      retref: txn.retref ?? null,
      amountMinor: txn.amount ?? null,
      code: txn.achreturncode!,
      words: achReturnWords[txn.achreturncode!.toUpperCase()] ?? 'a return code the guide does not list',
    }));
  return {
    date,
    found: true,
    fundingDate: report.fundingdate ?? null,
    deposits,
    fundedMinor: deposits.reduce((total, deposit) => total + (deposit.totalMinor ?? 0), 0),
    batchids: [...new Set(report.txns.flatMap((txn) => (txn.batchid ? [txn.batchid] : [])))],
    transactions: report.txns.length,
    achReturns,
    adjustments: report.adjustments.length,
    chargebacks: report.chargebacks.length,
  };
}

/** The gateway's funding for a date; a gateway that cannot be asked is refused in words. */
export async function fundingDay(deps: FundingDayDependencies, date: string): Promise<FundingView> {
  const wanted = fullDate(date, deps.now());
  try {
    return fundingView(wanted, await deps.client.funding({ merchid: deps.merchid, date }));
  } catch (error) {
    if (error instanceof ValidationError) throw new LaneError('invalid', error.message, 'date');
    if (error instanceof GatewayError)
      throw new LaneError('refused', `The gateway could not be asked for its funding: ${error.message}`);
    throw error;
  }
}
