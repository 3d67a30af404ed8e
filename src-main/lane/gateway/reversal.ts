import { z } from 'zod';
import { describeIssue } from './auth-response';
import { ProtocolError, RetryableError, ValidationError } from './errors';
import { checkFields, merchidRule, orderidRule, requireField, retrefRule, type FieldRule } from './field-rules';
import { toWireAmount } from '../../platform/money';
import { amount, declineAdviceFields, openEnum, respstatValues, text } from './wire-schema';

/** Void (full when amount is absent or 0; partial only while Authorized) or refund. */
export interface ReversalRequest {
  readonly merchid: string;
  readonly retref: string;
  /** Minor units; absent = the full amount. */
  readonly amount?: number;
}

export interface VoidByOrderIdRequest {
  readonly merchid: string;
  readonly orderid: string;
}

const reversalRules: Readonly<Record<string, FieldRule>> = {
  merchid: merchidRule,
  retref: retrefRule,
};

// The same merchid rule as every other call: a stricter one here would leave a lost sale of
// such a merchant unrecoverable.
const voidByOrderIdRules: Readonly<Record<string, FieldRule>> = {
  merchid: merchidRule,
  orderid: orderidRule,
};

/** Wire body of a void or refund; a refund amount must be positive. */
export function reversalToWire(operation: 'void' | 'refund', request: ReversalRequest): Record<string, string> {
  requireField('merchid', request.merchid);
  requireField('retref', request.retref, 'the retrieval reference of the original authorization is required');
  const wire: Record<string, string> = { merchid: request.merchid, retref: request.retref };
  if (request.amount !== undefined) {
    if (
      !Number.isSafeInteger(request.amount) ||
      request.amount < 0 ||
      (operation === 'refund' && request.amount === 0)
    ) {
      throw new ValidationError(
        'amount',
        operation === 'refund'
          ? 'a positive amount in minor units, or omitted for the full amount'
          : 'zero or more minor units; omitted or 0 voids the full amount',
      );
    }
    wire.amount = toWireAmount(request.amount);
    if (wire.amount.length > 12) throw new ValidationError('amount', 'at most 12 characters on the wire');
  }
  checkFields(wire, reversalRules);
  return wire;
}

/** Wire body of voidByOrderId (lost-answer recovery), checked by the same rules as the auth it voids. */
export function voidByOrderIdToWire(request: VoidByOrderIdRequest): Record<string, string> {
  requireField('merchid', request.merchid);
  requireField('orderid', request.orderid, 'the order id of the original authorization is required');
  const wire = { merchid: request.merchid, orderid: request.orderid };
  checkFields(wire, voidByOrderIdRules);
  return wire;
}

/** The void, refund and voidByOrderId answer, including the PPS failure shape. */
export const reversalResponseSchema = z.object({
  respstat: openEnum(respstatValues),
  merchid: text.optional(),
  orderId: text.optional(),
  amount: amount.optional(),
  currency: text.optional(),
  retref: text.optional(),
  /** REVERS for a successful void; null when it failed. */
  authcode: text.nullish(),
  respcode: text.optional(),
  respproc: text.optional(),
  resptext: text.optional(),
  // A declined refund carries the decline category (refundResponse in the OpenAPI file).
  ...declineAdviceFields,
});

export interface Reversal extends Omit<z.output<typeof reversalResponseSchema>, 'authcode'> {
  /** A: done. C: refused or not found (PPS with an error code). */
  readonly outcome: 'approved' | 'declined' | 'unknown';
  readonly authcode?: string;
  /** The remaining authorized amount after a void (0 after a full void); the refunded amount for a refund. */
  readonly amount?: number;
}

/** Reads a void/refund/voidByOrderId answer; a refusal is a result, respstat B is RetryableError. */
export function parseReversal(operation: string, json: unknown, raw: string): Reversal {
  const parsed = reversalResponseSchema.safeParse(json);
  if (!parsed.success)
    throw new ProtocolError(`${operation}: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  const { authcode, ...fields } = parsed.data;
  if (fields.respstat === 'B') {
    throw new RetryableError(`${operation}: the gateway asks to retry (${fields.resptext ?? ''})`, { ...fields, raw });
  }
  const outcome = fields.respstat === 'A' ? 'approved' : fields.respstat === 'C' ? 'declined' : 'unknown';
  return { ...fields, outcome, ...(authcode ? { authcode } : {}) };
}
