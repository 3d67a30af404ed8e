import { z } from 'zod';
import { readAnswerObject } from './auth-response';
import { checkField, requireField } from './field-rules';
import { text } from './wire-schema';

/** A flag that arrives as a boolean or as its text. */
const flag = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || String(value).toLowerCase() === 'true');

const binSchema = z.object({
  bin: text.optional(),
  country: text.optional(),
  product: text.optional(),
  cardusestring: text.optional(),
  subtype: text.optional(),
  issuer: text.optional(),
  binlo: text.optional(),
  binhi: text.optional(),
  gsa: flag.optional(),
  corporate: flag.optional(),
  fsa: flag.optional(),
  purchase: flag.optional(),
  // The reference's answer spells it "prerpaid" once; both spellings are read.
  prepaid: flag.optional(),
  prerpaid: flag.optional(),
});

const missingSchema = z.object({ errormsg: text, success: flag.optional() });

/** What the BIN service knows of a token's card; `found` false carries the gateway's message. */
export type BinInformation =
  | ({ readonly found: true } & Omit<z.output<typeof binSchema>, 'prerpaid'>)
  | { readonly found: false; readonly message: string; readonly failed: boolean };

/** The bin path: merchid and a token (digits, at most 19). */
export function binPath(request: { merchid: string; token: string }): string {
  requireField('merchid', request.merchid);
  requireField('token', request.token);
  checkField('merchid', request.merchid, { max: 16, type: 'AN' });
  checkField('token', request.token, { max: 19, type: 'N' });
  return `bin/${encodeURIComponent(request.merchid)}/${encodeURIComponent(request.token)}`;
}

/** Reads a bin answer: the BIN fields, or the documented "no information" / error message. */
export function parseBin(json: unknown, raw: string): BinInformation {
  const missing = missingSchema.safeParse(json);
  if (missing.success) return { found: false, message: missing.data.errormsg, failed: missing.data.success === false };
  const { prerpaid, prepaid, ...fields } = readAnswerObject('bin', binSchema, json, raw);
  const either = prepaid ?? prerpaid;
  return { found: true, ...fields, ...(either === undefined ? {} : { prepaid: either }) };
}
