import type { Clock } from '../../platform/clock';
import type { EmulatedMerchant, EmulatorConfig } from './config';
import type { EmulatorIds } from './ids';
import { formatMinorUnits } from '../../platform/money';
import type { Ledger } from './ledger';
import type { ProfileStore } from './profiles';
import type { SettledBatch } from './settled-batch';
import type { TokenVault } from './token-vault';
import { KindedError } from '../../platform/errors';

/** What every emulator operation works with; tests build it with a fixed clock and ids. */
export interface EmulatorContext {
  readonly config: EmulatorConfig;
  readonly ledger: Ledger;
  readonly ids: EmulatorIds;
  readonly clock: Pick<Clock, 'now'>;
  readonly profiles: ProfileStore;
  /** Each merchant's batch that captures currently join, until settlement closes it. */
  readonly openBatches: Map<string, string>;
  /** The batch source each batch was opened with (openbatch), by batch id, for settlestatByBatchSource. */
  readonly batchSources: Map<string, string>;
  /** Batches settled so far, for settlestat. */
  readonly settledBatches: SettledBatch[];
  /** When the daily settlement next runs, by the injected clock. */
  readonly nextSettlementAt: { value: number };
  /** The account behind each token issued since start, for the BIN and profile services. */
  readonly tokens: TokenVault;
  /** Funding masters (merchid and funding date) that funding without a date has returned. */
  readonly fundingsReturned: Set<string>;
  /** Merchants added while running, as the boarding emulator boards them (beside the configured ones). */
  readonly boardedMerchants: Map<string, EmulatedMerchant>;
}

/** The first daily cut-off (02:00 UTC) after `now`. */
export function nextCutoff(now: number): number {
  const day = new Date(now);
  const cutoff = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 2);
  return cutoff > now ? cutoff : cutoff + 24 * 60 * 60 * 1000;
}

/** The merchant's open batch id, opening one when there is none. */
export function openBatch(context: EmulatorContext, merchid: string): string {
  let batchid = context.openBatches.get(merchid);
  if (!batchid) {
    batchid = context.ids.batchid();
    context.openBatches.set(merchid, batchid);
  }
  return batchid;
}

/** An answer the emulator sends: a JSON body (or text) with an HTTP status. */
export interface EmulatorAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Headers beside the body (the rate limit's, the emulator's problem note). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request the gateway cannot read (not JSON, not an amount): HTTP 400 with the reference's JSON error body. */
export class BadRequest extends KindedError<'invalid'> {
  constructor(message: string) {
    super('invalid', message);
    this.name = 'BadRequest';
  }
}

/** Names what was wrong with a request beside the gateway's own answer (the gateway names nothing). */
export const problemHeader = 'X-Emulator-Problem';

/**
 * An HTTP 400 with the JSON error body the reference declares for every operation
 * ({message, errorcode}); errorcode is the PPS code of the same problem.
 */
export function httpBadRequest(message: string, errorcode = 34): EmulatorAnswer {
  return { status: 400, body: { message, errorcode }, headers: { [problemHeader]: message } };
}

/** A 200 answer. */
export const ok = (body: unknown, headers?: Readonly<Record<string, string>>): EmulatorAnswer => ({
  status: 200,
  body,
  ...(headers ? { headers } : {}),
});

/** The configured or boarded merchant with this id; undefined for any other id (the gateway's "Invalid merchant"). */
export function merchantOf(context: EmulatorContext, merchid: string): EmulatedMerchant | undefined {
  return (
    context.config.merchants.find((merchant) => merchant.merchid === merchid) ?? context.boardedMerchants.get(merchid)
  );
}

/** Whether site-level credentials reach this merchid: a merchant of the site, or an id the gateway then calls invalid. */
export function reachableBySite(context: EmulatorContext, merchid: string): boolean {
  const merchant = merchantOf(context, merchid);
  return !merchant || merchant.site === context.config.site;
}

/** "12.34" is decimal; "1234" (no point) is minor units, as the gateway accepts both. */
export function readAmount(field: string, value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') throw new BadRequest(`${field}: expected an amount`);
  const text = String(value).trim();
  const decimal = /^(-)?(\d+)\.(\d{1,2})$/.exec(text);
  if (decimal) {
    const minor = Number(decimal[2]) * 100 + Number((decimal[3] ?? '').padEnd(2, '0'));
    return decimal[1] ? -minor : minor;
  }
  if (/^-?\d+$/.test(text)) return Number(text);
  throw new BadRequest(`${field}: not an amount: ${text.slice(0, 20)}`);
}

/** Minor units as the gateway prints them. */
export function decimal(minor: number): string {
  return formatMinorUnits(minor, { symbol: '', grouping: false });
}

let lastSecond = Number.NaN;
let lastStamps = { date: '', dateTime: '' };

/** YYYYMMDD and YYYYMMDDHHMMSS in UTC from the injected clock (formatted once per second). */
export function stamps(clock: Pick<Clock, 'now'>): { date: string; dateTime: string } {
  const second = Math.floor(clock.now() / 1000);
  if (second !== lastSecond) {
    const dateTime = new Date(second * 1000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
    lastStamps = { date: dateTime.slice(0, 8), dateTime };
    lastSecond = second;
  }
  return lastStamps;
}
