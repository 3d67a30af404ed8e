import { z } from 'zod';
import { readAnswerObject } from './auth-response';
import { GatewayError, ValidationError } from './errors';
import { checkField, isValidDate, requireField } from './field-rules';
import { amount, text } from './wire-schema';

/** By funding date (MMDD this year, or YYYYMMDD), or neither: what was not returned before. */
export interface FundingQuery {
  readonly merchid: string;
  readonly date?: string;
}

/** The funding query string, checked. */
export function fundingPath(query: FundingQuery): string {
  requireField('merchid', query.merchid);
  checkField('merchid', query.merchid, { max: 16, type: 'AN' });
  const params = new URLSearchParams({ merchid: query.merchid });
  if (query.date !== undefined) {
    const { date } = query;
    const valid = /^\d{4}$/.test(date) ? isValidDate(`2000${date}`) : isValidDate(date);
    if (!valid) throw new ValidationError('date', 'MMDD (e.g. 1123) or YYYYMMDD for a previous year');
    params.set('date', date);
  }
  return `funding?${params.toString()}`;
}

const fundingSchema = z.object({
  fundingid: text.optional(),
  fundingmasterid: text.optional(),
  merchid: text.optional(),
  fundingdate: text.optional(),
  currency: text.optional(),
  netsales: amount.optional(),
  thirdparty: amount.optional(),
  adjustment: amount.optional(),
  interchangefee: amount.optional(),
  servicecharge: amount.optional(),
  fee: amount.optional(),
  reversal: amount.optional(),
  otheradjustment: amount.optional(),
  totalfunding: amount.optional(),
});

const fundingTransactionSchema = z.object({
  fundingtxnid: text.optional(),
  fundingid: text.optional(),
  retref: text.optional(),
  authcode: text.optional(),
  batchid: text.optional(),
  cardproc: text.optional(),
  /** Masked by the gateway. */
  cardnumber: text.optional(),
  cardtype: text.optional(),
  cardbrand: text.optional(),
  amount: amount.optional(),
  currency: text.optional(),
  type: text.optional(),
  status: text.optional(),
  date: text.optional(),
  achreturncode: text.optional(),
});

/** Objects the reference declares singly but the service sends as lists: both are read. */
const listOf = <T extends z.ZodTypeAny>(schema: T) =>
  z.union([z.array(schema), schema.transform((one) => [one])]).default([]);

const fundingReportSchema = z.object({
  merchid: text.optional(),
  fundingmasterid: text.optional(),
  fundingdate: text.optional(),
  fundings: listOf(fundingSchema),
  txns: listOf(fundingTransactionSchema),
  adjustments: listOf(z.record(z.string(), z.unknown())),
  chargebacks: listOf(z.record(z.string(), z.unknown())),
});

/** One funding master: the deposits of a date and the transactions they pay. Money in minor units. */
export type FundingReport = z.output<typeof fundingReportSchema>;

/** Reads funding: the report, or undefined for the documented "No deposits match your request". */
export function parseFunding(json: unknown, raw: string): FundingReport | undefined {
  if (json && typeof json === 'object' && 'errormsg' in json) {
    const message = String((json as { errormsg: unknown }).errormsg);
    if (/^no deposits/i.test(message)) return undefined;
    throw new GatewayError(`funding: ${message}`, { raw });
  }
  return readAnswerObject('funding', fundingReportSchema, json, raw);
}
