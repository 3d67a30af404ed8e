import { z } from 'zod';
import { describeIssue } from './auth-response';
import { checkBatchSource } from './batches';
import { ProtocolError, ValidationError } from './errors';
import { checkField, merchidRule, requireField } from './field-rules';
import { amount, openEnum, text } from './wire-schema';

export const hoststatValues = ['', 'BB', 'EB', 'GB', 'MB', 'RB', 'SB', 'ND'] as const;
export const settlementCodeValues = ['A', 'D', 'R', 'Y', 'N', 'Z', 'V', 'T', 'F', 'W', 'P'] as const;

/**
 * The one-letter setlstat of settlestat's entries and the textual status each stands for (the
 * spec gives only "one-letter code"; this is our reading, shared by the emulator and the
 * end-of-day report).
 */
export const settlementStatusLetters = {
  Authorized: 'A',
  Declined: 'D',
  'Queued for Capture': 'R',
  Accepted: 'Y',
  Rejected: 'N',
  'Zero Amount': 'Z',
  Voided: 'V',
} as const;

const settlementEntrySchema = z.object({
  retref: text.optional(),
  setlamount: amount.optional(),
  salesdoc: text.optional(),
  setlstat: openEnum(settlementCodeValues).optional(),
  /** The authorization code of the settled sale, for matching the end-of-day report to receipts. */
  authcode: text.optional(),
  /** The brand or account type as the processor names it (VISA, MC, ...), at most 4 characters. */
  cardtype: text.optional(),
});

export const settlementBatchSchema = z.object({
  batchid: text.optional(),
  hoststat: openEnum(hoststatValues).optional(),
  hostbatch: text.optional(),
  merchid: text.optional(),
  respproc: text.optional(),
  /** settlestatByBatchSource: the caller's id of the batch, and its charge and refund counts and totals. */
  batchsource: text.optional(),
  chargecnt: z.union([z.number(), z.string()]).transform(Number).optional(),
  chargetotal: amount.optional(),
  refundcnt: z.union([z.number(), z.string()]).transform(Number).optional(),
  refundtotal: amount.optional(),
  txns: z.array(settlementEntrySchema).default([]),
});
export type SettlementBatch = z.output<typeof settlementBatchSchema>;

/** By settlement date (MMDD), by batch id, or (neither) the batches not returned before. */
export type SettlementQuery = { readonly merchid: string } & (
  { readonly date: string } | { readonly batchid: string } | object
);

/** The settlestat query string, checked: merchid always; date MMDD or batchid, not both. */
export function settlementPath(query: SettlementQuery): string {
  requireField('merchid', query.merchid);
  checkField('merchid', query.merchid, merchidRule);
  const params = new URLSearchParams({ merchid: query.merchid });
  const date = 'date' in query ? query.date : undefined;
  const batchid = 'batchid' in query ? query.batchid : undefined;
  if (date !== undefined && batchid !== undefined)
    throw new ValidationError('date', 'give a date or a batchid, not both');
  if (date !== undefined) {
    const month = Number(date.slice(0, 2));
    const day = Number(date.slice(2, 4));
    if (!/^\d{4}$/.test(date) || month < 1 || month > 12 || day < 1 || day > 31) {
      throw new ValidationError('date', 'MMDD, e.g. 1122 for November 22');
    }
    params.set('date', date);
  }
  if (batchid !== undefined) {
    requireField('batchid', batchid);
    checkField('batchid', batchid, { max: 12, type: 'AN' });
    params.set('batchid', batchid);
  }
  return `settlestat?${params.toString()}`;
}

/** Reads settlestat: a list of batches, with "Null Batches" (no data) as an empty list. */
export function parseSettlement(json: unknown, raw: string, operation = 'settlestat'): SettlementBatch[] {
  if (raw.trim().replace(/^"|"$/g, '') === 'Null Batches') return [];
  const list = Array.isArray(json) ? json : json && typeof json === 'object' ? [json] : undefined;
  if (!list) throw new ProtocolError(`${operation}: unexpected answer (not a batch list)`, { raw });
  const parsed = z.array(settlementBatchSchema).safeParse(list);
  if (!parsed.success)
    throw new ProtocolError(`${operation}: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  return parsed.data;
}

/** The settlestatByBatchSource body (POST): the merchant and the batch source, checked. */
export function batchSourceQueryToWire(query: { merchid: string; batchsource: string }): Record<string, string> {
  requireField('merchid', query.merchid);
  checkField('merchid', query.merchid, merchidRule);
  checkBatchSource(query.batchsource);
  return { merchid: query.merchid, batchsource: query.batchsource };
}

/** Reads settlestatByBatchSource: a list of batches (one object is a list of one; "Null Batches" none). */
export function parseSettlementByBatchSource(json: unknown, raw: string): SettlementBatch[] {
  return parseSettlement(json, raw, 'settlestatByBatchSource');
}
