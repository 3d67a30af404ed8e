import { z } from 'zod';
import { emvTagDataSchema, type EmvTagData } from './emv-tag-data';
import { ProtocolError, RetryableError } from './errors';
import {
  amount,
  binInfoSchema,
  bintypeValues,
  declineAdviceFields,
  cvvrespValues,
  feeFields,
  entrymodeValues,
  openEnum,
  receiptSchema,
  respstatValues,
  text,
  type GatewayReceipt,
} from './wire-schema';

/**
 * The authorization answer, read by name. Unknown fields are dropped (the test environment
 * adds random ones) and order never matters. Enumerations stay open to new values.
 */
export const authorizationResponseSchema = z.object({
  respstat: openEnum(respstatValues),
  retref: text.optional(),
  account: text.optional(),
  expiry: text.optional(),
  token: text.optional(),
  amount: amount.optional(),
  merchid: text.optional(),
  respcode: text.optional(),
  resptext: text.optional(),
  respproc: text.optional(),
  avsresp: text.optional(),
  cvvresp: openEnum(cvvrespValues).optional(),
  batchid: text.optional(),
  bin: text.optional(),
  /** The BIN service's fields when bin is Y: one object (the OpenAPI) or a list of them (older answers). */
  binInfo: z.union([z.array(binInfoSchema), binInfoSchema]).optional(),
  bintype: openEnum(bintypeValues).optional(),
  entrymode: openEnum(entrymodeValues).optional(),
  authcode: text.nullish(),
  signature: z.string().max(6144).optional(),
  commcard: text.optional(),
  emv: text.optional(),
  emvTagData: emvTagDataSchema.optional(),
  receipt: receiptSchema.optional(),
  profileid: text.optional(),
  acctid: text.optional(),
  orderId: text.optional(),
  ...declineAdviceFields,
  ...feeFields,
});

type WireAuthorization = z.output<typeof authorizationResponseSchema>;

/** approved (A), declined (C), or a respstat this client does not know (resolve before acting). */
export type AuthorizationOutcome = 'approved' | 'declined' | 'unknown';

export interface Authorization extends Omit<WireAuthorization, 'authcode' | 'emvTagData' | 'receipt'> {
  readonly outcome: AuthorizationOutcome;
  readonly authcode?: string;
  readonly emvTagData?: EmvTagData;
  readonly receipt?: GatewayReceipt;
}

/** Describes the first schema issue as "field: problem". */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'invalid';
}

/**
 * An answer that must be a JSON object of `schema`'s shape, read; otherwise a ProtocolError naming
 * the operation and the first problem.
 */
export function readAnswerObject<T extends z.ZodType>(
  operation: string,
  schema: T,
  json: unknown,
  raw: string,
): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success || !json || typeof json !== 'object' || Array.isArray(json)) {
    throw new ProtocolError(
      `${operation}: unexpected answer (${parsed.success ? 'not an object' : describeIssue(parsed.error)})`,
      { raw },
    );
  }
  return parsed.data;
}

/**
 * Reads an authorization answer. A decline is a result, not an error; respstat B ("retry",
 * e.g. a processor timeout) throws RetryableError; a body that is not the documented shape
 * throws ProtocolError.
 */
export function parseAuthorization(json: unknown, raw: string): Authorization {
  const parsed = authorizationResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new ProtocolError(`auth: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  }
  const { authcode, ...fields } = parsed.data;
  const details = {
    respstat: fields.respstat,
    respcode: fields.respcode,
    respproc: fields.respproc,
    resptext: fields.resptext,
    raw,
  };
  if (fields.respstat === 'B') {
    throw new RetryableError(
      `auth: the gateway asks to retry (${fields.respproc ?? ''} ${fields.respcode ?? ''} ${fields.resptext ?? ''})`.trim(),
      details,
    );
  }
  const outcome: AuthorizationOutcome =
    fields.respstat === 'A' ? 'approved' : fields.respstat === 'C' ? 'declined' : 'unknown';
  return { ...fields, outcome, ...(authcode ? { authcode } : {}) };
}
