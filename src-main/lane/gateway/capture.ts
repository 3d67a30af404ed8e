import { z } from 'zod';
import { describeIssue } from './auth-response';
import { captureDetailsToWire, type CaptureDetails } from './capture-details';
import { checkBatchSource } from './batches';
import { ProtocolError, ValidationError } from './errors';
import { checkFields, merchidRule, requireField, retrefRule } from './field-rules';
import { toWireAmount } from '../../platform/money';
import { setlstatValues } from './transaction-record';
import { amount, lenientReceipt, openEnum, text } from './wire-schema';

/** Queue an authorization for settlement, optionally with another amount and Level 2/3 data. */
export interface CaptureRequest extends CaptureDetails {
  readonly merchid: string;
  readonly retref: string;
  readonly authcode?: string;
  /** Minor units; omitted captures the authorized amount. More needs merchant entitlement. */
  readonly amount?: number;
  /** The id of a manually opened batch this capture joins (openbatch's batchsource). */
  readonly batchsource?: string;
}

/** Wire body of a capture, checked against the spec's capture and line-item tables. */
export function captureToWire(request: CaptureRequest): Record<string, unknown> {
  requireField('merchid', request.merchid);
  requireField('retref', request.retref, 'the retrieval reference from the authorization is required');
  if (request.amount !== undefined && (!Number.isSafeInteger(request.amount) || request.amount < 0)) {
    throw new ValidationError('amount', 'zero or more whole minor units');
  }
  const head: Record<string, unknown> = {
    merchid: request.merchid,
    retref: request.retref,
    ...(request.authcode === undefined ? {} : { authcode: request.authcode }),
    ...(request.amount === undefined ? {} : { amount: toWireAmount(request.amount) }),
    ...(request.batchsource === undefined ? {} : { batchsource: request.batchsource }),
  };
  if (request.batchsource !== undefined) checkBatchSource(request.batchsource);
  checkFields(head, {
    merchid: merchidRule,
    retref: retrefRule,
    authcode: { max: 6, type: 'AN' },
    amount: { max: 12, type: 'AN' },
  });
  return { ...head, ...captureDetailsToWire(request, request.amount) };
}

/** The capture answer, read by name (the reference's `captureResponse`); unknown fields are dropped. */
export const captureResponseSchema = z
  .object({
    merchid: text.optional(),
    account: text.optional(),
    amount: amount.optional(),
    retref: text.optional(),
    batchid: text.optional(),
    setlstat: openEnum(setlstatValues),
    authcode: text.nullish(),
    // The reference spells it orderid here and orderId elsewhere: either is the order id.
    orderid: text.optional(),
    orderId: text.optional(),
    /** Y for a corporate card: Level 2/3 data matters to its interchange. */
    commcard: text.optional(),
    receipt: lenientReceipt.optional(),
  })
  .transform(({ orderid, orderId, authcode, receipt, ...fields }) => {
    const order = orderId ?? orderid;
    return {
      ...fields,
      ...(authcode ? { authcode } : {}),
      ...(order ? { orderId: order } : {}),
      ...(receipt ? { receipt } : {}),
    };
  });

export interface Capture extends z.output<typeof captureResponseSchema> {
  /** False when the gateway answered setlstat "Txn not found" (unknown retref). */
  readonly found: boolean;
}

/** Reads a capture answer; an unknown retref is a result (found: false), not an error. */
export function parseCapture(json: unknown, raw: string): Capture {
  const parsed = captureResponseSchema.safeParse(json);
  if (!parsed.success) throw new ProtocolError(`capture: unexpected answer (${describeIssue(parsed.error)})`, { raw });
  return { ...parsed.data, found: parsed.data.setlstat !== 'Txn not found' };
}
