/**
 * The request fields of capture, void, refund and voidByOrderId, and the path and query values
 * of the inquiries, as the gateway's OpenAPI file declares them (gateway-openapi.yaml:
 * captureRequest, voidRequest, refundRequest, voidByOrderIdRequest and the shared schemas they
 * reference). Written here from the reference, not taken from the client, so a wrong rule in
 * the client cannot pass its own tests against the emulator.
 */

/** text: a string of at most `max` characters; amount: a decimal or minor-unit amount; list: an array. */
export interface FieldRule {
  readonly kind: 'text' | 'amount' | 'list';
  readonly max?: number;
}

const text = (max: number): FieldRule => ({ kind: 'text', max });
const amount = (max: number): FieldRule => ({ kind: 'amount', max });

// Shared schemas of the reference: merchid maxLength 16 (a string, not always digits),
// retref 14, orderId 50, amount 12, currency 3.
const merchid = text(16);
const retref = text(14);
const orderid = text(50);

/** The fields each operation declares; a field the operation does not declare is ignored, as the gateway does. */
export const operationFields = {
  capture: {
    merchid,
    retref,
    account: text(19),
    // captureRequest gives its amount maxLength 14 (the shared amount schema says 12).
    amount: amount(14),
    authcode: text(6),
    orderid,
    // The guides' batch id of a manually managed batch (not in captureRequest; no length given).
    batchsource: text(40),
    invoiceid: text(12),
    ponumber: text(36),
    taxamnt: amount(12),
    frtamnt: amount(12),
    dutyamnt: amount(12),
    orderdate: text(8),
    shiptozip: text(12),
    shipfromzip: text(12),
    shiptocountry: text(2),
    items: { kind: 'list' },
    // The receipt schema says maxLength 1, yet documents the value "json": four is allowed.
    receipt: text(4),
    currency: text(3),
  },
  void: { merchid, retref, amount: amount(12) },
  refund: { merchid, retref, amount: amount(12), orderid },
  voidByOrderId: { merchid, orderid, amount: amount(12) },
} as const satisfies Record<string, Record<string, FieldRule>>;

export type FieldOperation = keyof typeof operationFields;

/** The fields each operation cannot do without (the reference's "Required" notes). */
export const requiredFields: Readonly<Record<FieldOperation, readonly string[]>> = {
  capture: ['merchid', 'retref'],
  void: ['merchid', 'retref'],
  refund: ['merchid', 'retref'],
  voidByOrderId: ['merchid', 'orderid'],
};

/** Path and query values of the inquiries, by the same shared schemas. */
export const lookupFields = { merchid, retref, orderid, batchid: text(12), date: text(4), set: text(1) } as const;

/** What is wrong with one field, in words that name it. */
export interface FieldProblem {
  readonly field: string;
  readonly problem: string;
  /** amount fields get the gateway's "Invalid amount"; others "Invalid field". */
  readonly isAmount: boolean;
}

const amountPattern = /^-?\d+(\.\d{1,2})?$/;

/** The first problem of one value against its rule, or undefined. */
export function checkValue(field: string, value: unknown, rule: FieldRule): FieldProblem | undefined {
  const problem = (words: string): FieldProblem => ({
    field,
    problem: `${field}: ${words}`,
    isAmount: rule.kind === 'amount',
  });
  if (rule.kind === 'list') return Array.isArray(value) ? undefined : problem('expected a list');
  // An amount may come as a JSON number too (voidByOrderIdRequest types its amount integer).
  const asText = rule.kind === 'amount' && typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof asText !== 'string') return problem('expected a string');
  if (rule.max !== undefined && asText.length > rule.max)
    return problem(`at most ${rule.max} characters, got ${asText.length}`);
  if (rule.kind === 'amount' && asText.trim() !== '' && !amountPattern.test(asText.trim()))
    return problem('not an amount (a decimal such as 12.34, or minor units such as 1234)');
  return undefined;
}

/** The first problem of a request body for the operation: a required field missing, or a declared field broken. */
export function checkOperationFields(
  operation: FieldOperation,
  body: Readonly<Record<string, unknown>>,
): FieldProblem | undefined {
  for (const field of requiredFields[operation]) {
    const value = body[field];
    if (value === undefined || value === null || value === '')
      return { field, problem: `${field}: required`, isAmount: false };
  }
  const rules: Readonly<Record<string, FieldRule>> = operationFields[operation];
  for (const [field, value] of Object.entries(body)) {
    const rule = rules[field];
    if (!rule || value === undefined || value === null) continue;
    const problem = checkValue(field, value, rule);
    if (problem) return problem;
  }
  return undefined;
}
