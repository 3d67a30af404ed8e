import { z } from 'zod';
import { describeIssue } from './auth-response';
import { emvTagDataSchema } from './emv-tag-data';
import { ProtocolError } from './errors';
import {
  amount,
  bintypeValues,
  declineAdviceFields,
  feeFields,
  lenientReceipt,
  openEnum,
  respstatValues,
  text,
  yesNo,
} from './wire-schema';

export const setlstatValues = [
  'Authorized',
  'Queued for Capture',
  'Accepted',
  'Rejected',
  'Zero Amount',
  'Voided',
  'Declined',
  'Txn not found',
] as const;
export const entrymodeCodes = ['K', 'T', 'E', 'R', 'S', 'W', 'V', 'L', 'F', 'Y'] as const;

/** The transaction record of inquire and inquireByOrderid, read by name. */
export const transactionRecordSchema = z
  .object({
    merchid: text.optional(),
    orderId: text.optional(),
    // inquire's answer spells it orderid, inquireByOrderid's orderId (both in the OpenAPI file).
    orderid: text.optional(),
    account: text.optional(),
    /** The card's expiry as the gateway holds it (MMYY). */
    expiry: text.optional(),
    amount: amount.optional(),
    currency: text.optional(),
    retref: text.optional(),
    respcode: text.optional(),
    respproc: text.optional(),
    respstat: openEnum(respstatValues).optional(),
    resptext: text.optional(),
    // Not in the published inquire schema, but read by name when a gateway answers it: a
    // recovered approval then shows and prints its code as a live one does.
    authcode: text.optional(),
    batchid: text.optional(),
    setlstat: openEnum(setlstatValues).optional(),
    capturedate: text.optional(),
    settledate: text.optional(),
    signature: z.string().max(6144).optional(),
    token: text.optional(),
    profileid: text.optional(),
    acctid: text.optional(),
    entrymode: openEnum(entrymodeCodes).optional(),
    authdate: text.optional(),
    lastfour: text.optional(),
    name: text.optional(),
    bintype: openEnum(bintypeValues).optional(),
    emvTagData: emvTagDataSchema.optional(),
    receipt: lenientReceipt.optional(),
    voidable: yesNo.optional(),
    refundable: yesNo.optional(),
    // The spec names it "userfield [0..9]": accept either spelling, either shape.
    userfield: z.unknown().optional(),
    userfields: z.unknown().optional(),
    ...declineAdviceFields,
    ...feeFields,
  })
  .transform(({ userfield, userfields, orderid, orderId, receipt, ...record }) => {
    const order = orderId ?? orderid;
    return {
      ...record,
      ...(order === undefined ? {} : { orderId: order }),
      ...(receipt === undefined ? {} : { receipt }),
      userfields: flattenUserfields(userfields ?? userfield),
    };
  });

/** Userfields come back as an object or an array of single-pair objects; flatten either. */
function flattenUserfields(value: unknown): Record<string, string> {
  const flat: Record<string, string> = {};
  const entries = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [key, item] of Object.entries(entry)) if (typeof item === 'string') flat[key] = item;
  }
  return flat;
}

export type TransactionRecord = z.output<typeof transactionRecordSchema>;

export function parseTransactionRecord(operation: string, json: unknown, raw: string): TransactionRecord {
  const parsed = transactionRecordSchema.safeParse(json);
  if (!parsed.success)
    throw new ProtocolError(`${operation}: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  return parsed.data;
}

/** inquireByOrderid answers with a list (one record per attempt); a single object is one record. */
export function parseTransactionRecords(operation: string, json: unknown, raw: string): TransactionRecord[] {
  const list = Array.isArray(json) ? json : [json];
  return list.map((entry) => parseTransactionRecord(operation, entry, raw));
}
