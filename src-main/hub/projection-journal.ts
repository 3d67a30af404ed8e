/**
 * The projection of a lane's journal events (`payment`, `shift`, `cash`, `z`) into the hub's
 * tables (ADR 082): each event carries the whole row as the lane holds it now, so the hub keeps
 * the latest snapshot per (lane, id) and an older event never overwrites a newer one (an event
 * re-sent after a newer one, or two rows written in one lane transaction, land in seq order).
 * The business day is the row's creation time in the store's time zone, worked out by the
 * database (`AT TIME ZONE`), so both engines agree.
 */
import { z } from 'zod';
import type { HubSql } from './database';
import { HubError } from './errors';

/** The lane an event came from, as the projection needs it (its store's time zone for business days). */
export interface ProjectedLane {
  readonly id: string;
  readonly storeId: string;
  readonly merchantId: string;
  readonly timeZone: string;
}

/** One event of a lane's stream, already stored in lane_events. */
export interface ProjectedEvent {
  readonly seq: number;
  readonly kind: string;
  readonly at: number;
  readonly body: Record<string, unknown>;
}

const id = z.number().int().min(0);
const minor = z.number().int().safe();
const time = z.number().int().min(0);
const words = z.string().max(2000);
/** Numbers the day's totals read out of a row's JSON: when present, whole minor units. */
const jsonObject = z.record(z.string(), z.unknown());
const outcomeSchema = jsonObject.and(
  z.object({ amountMinor: minor.nullish(), feeMinor: minor.nullish(), applied: z.boolean().nullish() }),
);
const detailSchema = jsonObject.superRefine((detail, context) => {
  for (const key of ['tipMinor', 'expectedRemainderMinor', 'forwardedAt'])
    if (typeof detail[key] === 'number' && !Number.isSafeInteger(detail[key]))
      context.addIssue({ code: 'custom', path: [key], message: 'must be a whole number' });
});

export const paymentBody = z.object({
  entryId: id,
  operation: z.enum(['auth', 'capture', 'void', 'refund', 'voidByOrderId']),
  orderId: z.string().min(1).max(64),
  amountMinor: minor,
  state: z.enum(['pending', 'completed', 'unknown', 'resolved', 'not-sent', 'stored']),
  maskedPan: z.string().max(32).nullish(),
  entryMode: z.string().max(40).nullish(),
  originalRetref: z.string().max(40).nullish(),
  cashier: z.string().max(80).nullish(),
  shiftId: id.nullish(),
  createdAt: time,
  updatedAt: time,
  outcome: outcomeSchema.nullish(),
  detail: detailSchema.nullish(),
});
export type PaymentBody = z.output<typeof paymentBody>;

export const shiftBody = z.object({
  shiftId: id,
  openedBy: z.string().min(1).max(80),
  openedAt: time,
  floatMinor: minor,
  closedBy: z.string().max(80).nullish(),
  closedAt: time.nullish(),
  countedMinor: minor.nullish(),
  expectedMinor: minor.nullish(),
});

export const cashBody = z.object({
  movementId: id,
  shiftId: id,
  kind: z.enum(['sale', 'refund', 'returned', 'no-sale']),
  orderId: z.string().max(64).nullish(),
  amountMinor: minor,
  cashier: z.string().min(1).max(80),
  approvedBy: z.string().max(80).nullish(),
  reason: words.nullish(),
  createdAt: time,
});

export const zBody = z.object({
  number: id,
  closedBy: z.string().min(1).max(80),
  closedAt: time,
  totals: jsonObject,
});

/** The body read with `schema`, or HubError 'invalid' naming the event and the field. */
export function readBody<T extends z.ZodType>(schema: T, event: ProjectedEvent, laneId: string): z.output<T> {
  const parsed = schema.safeParse(event.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : '(the body)';
  throw new HubError('invalid', `hub: lane ${laneId} event ${event.seq} (${event.kind}): ${field}: ${issue.message}`);
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
/** The date of an epoch-milliseconds parameter in a time zone parameter: the store's business day. */
const dayOf = (ms: string, zone: string) => `(to_timestamp(${ms}::bigint / 1000.0) AT TIME ZONE ${zone}::text)::date`;

/**
 * Projects one event of a lane into the payments, shifts, cash and Z tables; true when the kind
 * is one of those (other kinds are someone else's), false otherwise. Throws HubError 'invalid'
 * when the body does not have the contract's shape.
 */
export async function projectJournalEvent(tx: HubSql, lane: ProjectedLane, event: ProjectedEvent): Promise<boolean> {
  switch (event.kind) {
    case 'payment':
      await projectPayment(tx, lane, event.seq, readBody(paymentBody, event, lane.id));
      return true;
    case 'shift': {
      const shift = readBody(shiftBody, event, lane.id);
      await tx.query(
        `INSERT INTO shifts (lane_id, shift_id, seq, store_id, business_day, opened_by, opened_at, float_minor,
           closed_by, closed_at, counted_minor, expected_minor)
         VALUES ($1, $2, $3, $4, ${dayOf('$7', '$5')}, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (lane_id, shift_id) DO UPDATE SET seq = EXCLUDED.seq, opened_by = EXCLUDED.opened_by,
           opened_at = EXCLUDED.opened_at, business_day = EXCLUDED.business_day, float_minor = EXCLUDED.float_minor,
           closed_by = EXCLUDED.closed_by, closed_at = EXCLUDED.closed_at, counted_minor = EXCLUDED.counted_minor,
           expected_minor = EXCLUDED.expected_minor
         WHERE shifts.seq < EXCLUDED.seq`,
        [
          lane.id,
          shift.shiftId,
          event.seq,
          lane.storeId,
          lane.timeZone,
          shift.openedBy,
          shift.openedAt,
          shift.floatMinor,
          shift.closedBy ?? null,
          shift.closedAt ?? null,
          shift.countedMinor ?? null,
          shift.expectedMinor ?? null,
        ],
      );
      return true;
    }
    case 'cash': {
      const cash = readBody(cashBody, event, lane.id);
      await tx.query(
        `INSERT INTO cash_movements (lane_id, movement_id, seq, store_id, business_day, shift_id, kind, order_id,
           amount_minor, cashier, approved_by, reason, created_at)
         VALUES ($1, $2, $3, $4, ${dayOf('$12', '$5')}, $6, $7, $8, $9, $10, $11, $13, $12)
         ON CONFLICT (lane_id, movement_id) DO UPDATE SET seq = EXCLUDED.seq, business_day = EXCLUDED.business_day,
           shift_id = EXCLUDED.shift_id, kind = EXCLUDED.kind, order_id = EXCLUDED.order_id,
           amount_minor = EXCLUDED.amount_minor, cashier = EXCLUDED.cashier, approved_by = EXCLUDED.approved_by,
           reason = EXCLUDED.reason, created_at = EXCLUDED.created_at
         WHERE cash_movements.seq < EXCLUDED.seq`,
        [
          lane.id,
          cash.movementId,
          event.seq,
          lane.storeId,
          lane.timeZone,
          cash.shiftId,
          cash.kind,
          cash.orderId ?? null,
          cash.amountMinor,
          cash.cashier,
          cash.approvedBy ?? null,
          cash.createdAt,
          cash.reason ?? null,
        ],
      );
      return true;
    }
    case 'z': {
      const report = readBody(zBody, event, lane.id);
      await tx.query(
        `INSERT INTO z_reports (lane_id, number, seq, closed_by, closed_at, totals) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (lane_id, number) DO UPDATE SET seq = EXCLUDED.seq, closed_by = EXCLUDED.closed_by,
           closed_at = EXCLUDED.closed_at, totals = EXCLUDED.totals
         WHERE z_reports.seq < EXCLUDED.seq`,
        [lane.id, report.number, event.seq, report.closedBy, report.closedAt, json(report.totals)],
      );
      return true;
    }
    default:
      return false;
  }
}

async function projectPayment(tx: HubSql, lane: ProjectedLane, seq: number, payment: PaymentBody): Promise<void> {
  await tx.query(
    `INSERT INTO payments (lane_id, entry_id, seq, store_id, merchant_id, business_day, operation, order_id,
       amount_minor, state, masked_pan, entry_mode, original_retref, cashier, shift_id, created_at, updated_at,
       outcome, detail)
     VALUES ($1, $2, $3, $4, $5, ${dayOf('$16', '$6')}, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
       $18::jsonb, $19::jsonb)
     ON CONFLICT (lane_id, entry_id) DO UPDATE SET seq = EXCLUDED.seq, store_id = EXCLUDED.store_id,
       merchant_id = EXCLUDED.merchant_id, business_day = EXCLUDED.business_day, operation = EXCLUDED.operation,
       order_id = EXCLUDED.order_id, amount_minor = EXCLUDED.amount_minor, state = EXCLUDED.state,
       masked_pan = EXCLUDED.masked_pan, entry_mode = EXCLUDED.entry_mode, original_retref = EXCLUDED.original_retref,
       cashier = EXCLUDED.cashier, shift_id = EXCLUDED.shift_id, created_at = EXCLUDED.created_at,
       updated_at = EXCLUDED.updated_at, outcome = EXCLUDED.outcome, detail = EXCLUDED.detail
     WHERE payments.seq < EXCLUDED.seq`,
    [
      lane.id,
      payment.entryId,
      seq,
      lane.storeId,
      lane.merchantId,
      lane.timeZone,
      payment.operation,
      payment.orderId,
      payment.amountMinor,
      payment.state,
      payment.maskedPan ?? null,
      payment.entryMode ?? null,
      payment.originalRetref ?? null,
      payment.cashier ?? null,
      payment.shiftId ?? null,
      payment.createdAt,
      payment.updatedAt,
      json(payment.outcome),
      json(payment.detail),
    ],
  );
}

/**
 * Projects a batch's payment events in one statement: each entry's newest snapshot of the batch
 * (an entry written pending, then completed, arrives twice in one batch; a statement may touch a
 * row once), upserted with the same guard as one event at a time, so the result is the same as
 * projecting them one by one in seq order. Bodies are checked first, naming the event at fault.
 */
export async function projectPayments(
  tx: HubSql,
  lane: ProjectedLane,
  events: readonly ProjectedEvent[],
): Promise<void> {
  const newest = new Map<number, { seq: number; payment: PaymentBody }>();
  for (const event of events) {
    const payment = readBody(paymentBody, event, lane.id);
    const held = newest.get(payment.entryId);
    if (!held || held.seq < event.seq) newest.set(payment.entryId, { seq: event.seq, payment });
  }
  if (newest.size === 0) return;
  const rows = [...newest.values()].map(({ seq, payment }) => ({
    entry_id: payment.entryId,
    seq,
    operation: payment.operation,
    order_id: payment.orderId,
    amount_minor: payment.amountMinor,
    state: payment.state,
    masked_pan: payment.maskedPan ?? null,
    entry_mode: payment.entryMode ?? null,
    original_retref: payment.originalRetref ?? null,
    cashier: payment.cashier ?? null,
    shift_id: payment.shiftId ?? null,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
    outcome: payment.outcome ?? null,
    detail: payment.detail ?? null,
  }));
  await tx.query(
    `INSERT INTO payments (lane_id, entry_id, seq, store_id, merchant_id, business_day, operation, order_id,
       amount_minor, state, masked_pan, entry_mode, original_retref, cashier, shift_id, created_at, updated_at,
       outcome, detail)
     SELECT $1, r.entry_id, r.seq, $2, $3, ${dayOf('r.created_at', '$4')}, r.operation, r.order_id, r.amount_minor,
       r.state, r.masked_pan, r.entry_mode, r.original_retref, r.cashier, r.shift_id, r.created_at, r.updated_at,
       r.outcome, r.detail
       FROM jsonb_to_recordset($5::jsonb) AS r(entry_id bigint, seq bigint, operation text, order_id text,
         amount_minor bigint, state text, masked_pan text, entry_mode text, original_retref text, cashier text,
         shift_id bigint, created_at bigint, updated_at bigint, outcome jsonb, detail jsonb)
     ON CONFLICT (lane_id, entry_id) DO UPDATE SET seq = EXCLUDED.seq, store_id = EXCLUDED.store_id,
       merchant_id = EXCLUDED.merchant_id, business_day = EXCLUDED.business_day, operation = EXCLUDED.operation,
       order_id = EXCLUDED.order_id, amount_minor = EXCLUDED.amount_minor, state = EXCLUDED.state,
       masked_pan = EXCLUDED.masked_pan, entry_mode = EXCLUDED.entry_mode, original_retref = EXCLUDED.original_retref,
       cashier = EXCLUDED.cashier, shift_id = EXCLUDED.shift_id, created_at = EXCLUDED.created_at,
       updated_at = EXCLUDED.updated_at, outcome = EXCLUDED.outcome, detail = EXCLUDED.detail
     WHERE payments.seq < EXCLUDED.seq`,
    [lane.id, lane.storeId, lane.merchantId, lane.timeZone, JSON.stringify(rows)],
  );
}
