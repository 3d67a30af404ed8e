import cardValidator from 'card-validator';
import { BadRequest, decimal, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import type { EmulatedTransaction } from './ledger';
import { merchidField, readField } from './wire-fields';

const dayMs = 24 * 60 * 60 * 1000;
/** Funding data appears from 1 PM ET the day after settlement: 18:00 UTC in winter, kept fixed. */
const availableFromUtcHour = 18;

/** The card types and brands funding names, by card-validator's type. */
const cards: Record<string, { cardtype: string; cardbrand: string }> = {
  visa: { cardtype: 'VISA', cardbrand: 'Visa' },
  mastercard: { cardtype: 'MC', cardbrand: 'Mastercard' },
  'american-express': { cardtype: 'AMEX', cardbrand: 'American Express' },
  discover: { cardtype: 'DISC', cardbrand: 'Discover' },
  'diners-club': { cardtype: 'DISC', cardbrand: 'Diners Club' },
  jcb: { cardtype: 'JCB', cardbrand: 'JCB' },
};

const transactionTypes: Record<EmulatedTransaction['kind'], string> = {
  sale: 'Sale',
  refund: 'Refund',
  'forced-credit': 'Credit',
  verification: 'Verification',
};

/** YYYYMMDD of a time, in UTC. */
const yyyymmdd = (time: number) => new Date(time).toISOString().slice(0, 10).replaceAll('-', '');

/** The funding date of a settlement: the next day (next-day funding, every day of the week). */
function fundingDateOf(settledate: string): string {
  const settled = Date.UTC(
    Number(settledate.slice(0, 4)),
    Number(settledate.slice(4, 6)) - 1,
    Number(settledate.slice(6, 8)),
  );
  return yyyymmdd(settled + dayMs);
}

function availableAt(fundingdate: string): number {
  return Date.UTC(
    Number(fundingdate.slice(0, 4)),
    Number(fundingdate.slice(4, 6)) - 1,
    Number(fundingdate.slice(6, 8)),
    availableFromUtcHour,
  );
}

/** The date query: MMDD of the clock's year, or YYYYMMDD. */
function requestedDate(date: string | null, now: number): string | undefined {
  if (date === null || date === '') return undefined;
  if (/^\d{4}$/.test(date)) return `${new Date(now).getUTCFullYear()}${date}`;
  if (/^\d{8}$/.test(date)) return date;
  throw new BadRequest('date: MMDD, or YYYYMMDD for a date in a previous year');
}

function fundingTransaction(
  context: EmulatorContext,
  t: EmulatedTransaction,
  fundingid: string,
): Record<string, string> {
  const account = context.tokens.accountOf(t.token);
  const card = account ? cards[cardValidator.number(account).card?.type ?? ''] : undefined;
  const amount = t.captured ?? t.amount;
  return {
    fundingtxnid: `${fundingid.slice(0, 8)}${t.retref}`,
    retref: t.retref,
    ...(t.authcode ? { authcode: t.authcode } : {}),
    authdate: t.authdate,
    respcode: t.respcode,
    ...(t.batchid ? { batchid: t.batchid } : {}),
    cardproc: t.respproc,
    date: (t.settledate ?? '').slice(0, 8),
    cardnumber: `${'X'.repeat(12)}${t.lastfour}`,
    ...(card ?? {}),
    amount: decimal(t.kind === 'sale' ? amount : -amount),
    currency: t.currency,
    type: transactionTypes[t.kind],
    status: 'Processed',
    fundingid,
  };
}

/**
 * The funding master of one merchant and funding date: a funding per currency and the settled
 * transactions it pays. Built from the ledger's Accepted transactions (rejected ones are never
 * funded). The emulator charges no fees and knows no bank account, so the fee fields are 0.00
 * and the deposit account fields are left out.
 */
function fundingMaster(context: EmulatorContext, merchid: string, fundingdate: string, members: EmulatedTransaction[]) {
  const fundingmasterid = `${fundingdate}${merchid.slice(-12)}`;
  const byCurrency = new Map<string, EmulatedTransaction[]>();
  for (const t of members) byCurrency.set(t.currency, [...(byCurrency.get(t.currency) ?? []), t]);
  const fundings: Array<Record<string, string>> = [];
  const txns: Array<Record<string, string>> = [];
  let index = 0;
  for (const [currency, list] of byCurrency) {
    const fundingid = `${fundingmasterid.slice(0, 20)}${String(++index).padStart(2, '0')}`;
    const net = list.reduce((sum, t) => sum + (t.kind === 'sale' ? 1 : -1) * (t.captured ?? t.amount), 0);
    const zero = decimal(0);
    fundings.push({
      fundingmasterid,
      fundingid,
      merchid,
      netsales: decimal(net),
      thirdparty: zero,
      adjustment: zero,
      interchangefee: zero,
      servicecharge: zero,
      fee: zero,
      reversal: zero,
      otheradjustment: zero,
      totalfunding: decimal(net),
      fundingdate,
      currency,
      dateadded: fundingdate,
      datechanged: fundingdate,
    });
    txns.push(...list.map((t) => fundingTransaction(context, t, fundingid)));
  }
  return { merchid, fundingmasterid, fundingdate, datechanged: fundingdate, fundings, txns };
}

/**
 * funding?merchid=&date=: the merchant's funding for a date (MMDD or YYYYMMDD), or without a date
 * the earliest one not returned before. Funding for a settlement day appears the next day from
 * 18:00 UTC by the injected clock; before that, or with nothing settled, the documented
 * "No deposits match your request".
 */
export function fundingReport(
  context: EmulatorContext,
  query: URLSearchParams,
  allowed: (merchid: string) => boolean,
): EmulatorAnswer {
  const merchid = readField({ merchid: query.get('merchid') }, 'merchid', merchidField)!;
  if (!allowed(merchid)) return { status: 401, body: 'Unauthorized' };
  const now = context.clock.now();
  const wanted = requestedDate(query.get('date'), now);
  const byDate = new Map<string, EmulatedTransaction[]>();
  for (const t of context.ledger.all()) {
    if (t.merchid !== merchid || t.setlstat !== 'Accepted' || !t.settledate || t.kind === 'verification') continue;
    const fundingdate = fundingDateOf(t.settledate);
    if (availableAt(fundingdate) > now) continue;
    byDate.set(fundingdate, [...(byDate.get(fundingdate) ?? []), t]);
  }
  const dates = [...byDate.keys()].sort();
  const fundingdate = wanted ?? dates.find((date) => !context.fundingsReturned.has(`${merchid}/${date}`));
  const members = fundingdate ? byDate.get(fundingdate) : undefined;
  if (!fundingdate || !members) return { status: 200, body: { errormsg: 'No deposits match your request' } };
  if (!wanted) context.fundingsReturned.add(`${merchid}/${fundingdate}`);
  return { status: 200, body: fundingMaster(context, merchid, fundingdate, members) };
}
