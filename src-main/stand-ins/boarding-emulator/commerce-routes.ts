import type { BillingPlan, Order, ShippingDetails } from '../../reference/boarding-wire';
import { failed, notFoundAnswer, ok, refuse, type BoardingAnswer, type Problem } from './answers';
import { buildSchedule, parsePlanDate } from './billing-schedule';
import type { BoardingStore } from './boarding-store';
import { lookupCodes } from './lookup-codes';
import { serviceDateTime } from './timeline';

type Plain = Record<string, unknown>;
const isObject = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** pageNumber from 1, pageSize 1 to 1000 (default 10), as both lists take them. */
function paging(query: URLSearchParams): { pageNumber: number; pageSize: number } {
  const read = (name: string, fallback: number) => {
    const text = query.get(name);
    if (text === null || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > 1000)
      refuse(400, '1400', `${name} must be a whole number from 1 to 1000.`, name);
    return value;
  };
  return { pageNumber: read('pageNumber', 1), pageSize: read('pageSize', 10) };
}

/** One page of rows with the service's counters. */
export function pageOf<Row>(rows: readonly Row[], pageNumber: number, pageSize: number) {
  const start = (pageNumber - 1) * pageSize;
  const page = rows.slice(start, start + pageSize);
  return {
    rows: page,
    totalServerItemsCount: rows.length,
    totalDisplayItemsCount: Math.min(rows.length, start + page.length),
    moreRowsAvailable: start + page.length < rows.length,
    columnSums: null,
  };
}

/** GET /equipmentCatalog/list */
export function answerCatalog(store: BoardingStore, query: URLSearchParams): BoardingAnswer {
  const salesCode = query.get('salesCode');
  if (!salesCode) refuse(400, '1401', 'salesCode is required.', 'salesCode');
  if (!store.config.salesCodes.includes(salesCode)) refuse(400, '1107', 'Sales code is invalid.', 'salesCode');
  const supplier = query.get('equipmentSupplierCd');
  const type = query.get('equipmentTypeCd');
  const rows = store.config.catalog.filter(
    (item) => (!supplier || item.equipmentSupplierCd === supplier) && (!type || item.equipmentTypeCd === type),
  );
  const { pageNumber, pageSize } = paging(query);
  return ok(pageOf(rows, pageNumber, pageSize));
}

function orderProblems(store: BoardingStore, order: Plain): Problem[] {
  const problems: Problem[] = [];
  const need = (field: string, message = `${field} is required.`) =>
    problems.push({ code: '1500', message, errorField: `order.${field}` });
  if (!store.merchants.has(String(order.merchantId ?? ''))) need('merchantId', 'Merchant not found.');
  if (!store.config.catalog.some((item) => item.equipmentId === Number(order.equipmentId)))
    need('equipmentId', 'Equipment not found.');
  if (!Number.isInteger(order.quantity) || (order.quantity as number) < 1 || (order.quantity as number) > 9999)
    need('quantity', 'Quantity must be 1 to 9999.');
  if (!order.billToCd) need('billToCd');
  if (!order.billingFrequencyCd) need('billingFrequencyCd');
  if (order.billingFrequencyCd === 'ONETIME' && typeof order.unitPrice !== 'number')
    need('unitPrice', 'unitPrice is required when billingFrequencyCd is ONETIME.');
  if (order.billingFrequencyCd === 'MONTHLY' && typeof order.monthlyPrice !== 'number')
    need('monthlyPrice', 'monthlyPrice is required when billingFrequencyCd is MONTHLY.');
  if (order.billToCd === 'PARTNERCC' && !order.profileId)
    need('profileId', 'profileId is required when billToCd is PARTNERCC.');
  if (order.billToCd === 'PARTNERCC' && !order.acctId) need('acctId', 'acctId is required when billToCd is PARTNERCC.');
  if (typeof order.orderNotes === 'string' && order.orderNotes.length > 1000)
    need('orderNotes', 'Order notes have invalid length.');
  if (!isObject(order.shippingDetails) || !isObject(order.shippingDetails.shippingAddress))
    need('shippingDetails.shippingAddress');
  return problems;
}

/** One request under /order: its method, the path after it, its query, its body when read, the emulator's now. */
export interface OrderCall {
  readonly method: string;
  readonly rest: readonly string[];
  readonly query: URLSearchParams;
  body(): Promise<Plain>;
  readonly now: number;
}

/** /order, /order/list, /order/{orderId}, /order/{orderId}/cancel */
export async function answerOrder(store: BoardingStore, call: OrderCall): Promise<BoardingAnswer> {
  const { method, rest, query, body, now } = call;
  const [first, sub] = rest;
  if (first === undefined && method === 'POST') {
    const order = (await body()).order;
    if (!isObject(order)) refuse(400, '1500', 'order is required.', 'order');
    const problems = orderProblems(store, order);
    if (problems.length > 0) return failed(400, ...problems);
    const created = store.addOrder(
      {
        ...(order as unknown as Order),
        merchantId: String(order.merchantId) as unknown as number,
        shippingDetails: { trackingNumber: null, ...(order.shippingDetails as unknown as ShippingDetails) },
        orderStatusCd: 'NEW',
        placedDatetime: null,
        shippedDatetime: null,
        canceledDatetime: null,
        fulfillingDatetime: null,
      },
      now,
    );
    return ok({ orderId: created.orderId });
  }
  if (first === 'list' && method === 'GET') {
    const merchantId = query.get('merchantId');
    if (!merchantId) refuse(400, '1401', 'merchantId is required.', 'merchantId');
    if (!store.merchants.has(merchantId)) refuse(404, '1404', 'Merchant not found.', 'merchantId');
    const { pageNumber, pageSize } = paging(query);
    const rows = [...store.orders.values()]
      .filter((entry) => String(entry.order.merchantId) === merchantId)
      .map((entry) => entry.order);
    return ok(pageOf(rows, pageNumber, pageSize));
  }
  const entry = store.orders.get(Number(first));
  if (!entry) return notFoundAnswer(`Order ${first}`);
  if (sub === undefined && method === 'GET') return { status: 200, body: { ...entry.order, errors: [] } };
  if (sub === undefined && method === 'PUT') {
    const order = (await body()).order;
    if (!isObject(order)) refuse(400, '1500', 'order is required.', 'order');
    if (String(order.merchantId) !== String(entry.order.merchantId))
      refuse(400, '1501', 'merchantId cannot be changed.', 'order.merchantId');
    if (Number(order.equipmentId) !== entry.order.equipmentId)
      refuse(400, '1502', 'equipmentId cannot be changed.', 'order.equipmentId');
    const problems = orderProblems(store, order);
    if (problems.length > 0) return failed(400, ...problems);
    const { orderId: _id, orderStatusCd: _status, ...changes } = order;
    entry.order = { ...entry.order, ...(changes as Partial<Order>), merchantId: entry.order.merchantId };
    return ok();
  }
  if (sub === 'cancel' && method === 'POST') {
    if (entry.order.orderStatusCd !== 'NEW')
      refuse(400, '1503', `Only a NEW order can be cancelled; it is ${entry.order.orderStatusCd}.`, 'orderStatusCd');
    entry.cancelledAt = now;
    entry.order.orderStatusCd = 'CANCELLED';
    entry.order.canceledDatetime = serviceDateTime(now);
    return ok();
  }
  return notFoundAnswer('Endpoint');
}

/** GET /lookup/{list} */
export function answerLookup(list: string): BoardingAnswer {
  const found = Object.hasOwn(lookupCodes, list) ? lookupCodes[list] : undefined;
  if (!found) return notFoundAnswer(`Lookup ${list}`);
  return ok({ [found.key]: found.codes });
}

function planProblems(plan: Plain): Problem[] {
  const problems: Problem[] = [];
  const bad = (field: string, message: string) =>
    problems.push({ code: '1600', message, errorField: `billingPlan.${field}` });
  const text = (field: string, max: number, required = true) => {
    const value = plan[field];
    if ((value === undefined || value === null || value === '') && required) bad(field, `${field} is required.`);
    else if (value !== undefined && value !== null && String(value).length > max)
      bad(field, `${field} has invalid length.`);
  };
  text('merchId', 11);
  text('profileId', 20);
  text('acctId', 3, false);
  text('currencySymbol', 1);
  text('billingPlanName', 30);
  if (typeof plan.amount !== 'number' || !(plan.amount > 0)) bad('amount', 'amount must be a positive number.');
  if (![1, 2, 3, 4].includes(plan.timeSpan as number)) bad('timeSpan', 'timeSpan must be 1, 2, 3 or 4.');
  if (![1, 2].includes(plan.every as number)) bad('every', 'every must be 1 or 2.');
  if (parsePlanDate(plan.startDate) === undefined) bad('startDate', 'startDate must be MMDDYYYY.');
  if (!['C', 'N', 'D'].includes(plan.untilCondition as string))
    bad('untilCondition', 'untilCondition must be C, N or D.');
  if (
    plan.untilCondition === 'N' &&
    !(Number.isInteger(plan.untilNumPayments) && (plan.untilNumPayments as number) > 0)
  )
    bad('untilNumPayments', 'untilNumPayments is required when untilCondition is N.');
  if (plan.untilCondition === 'D' && parsePlanDate(plan.untilDate) === undefined)
    bad('untilDate', 'untilDate is required as MMDDYYYY when untilCondition is D.');
  if (!Array.isArray(plan.options) || !plan.options.some((option: Plain) => option?.name === 'email_receipt'))
    bad('options', 'options must hold email_receipt.');
  return problems;
}

/** /billingplan/... (recurring-billing guide) */
export async function answerBillingPlan(
  store: BoardingStore,
  method: string,
  rest: readonly string[],
  body: () => Promise<Plain>,
): Promise<BoardingAnswer> {
  const [first, second] = rest;
  const planOf = (merchId: unknown, billingPlanId: unknown): BillingPlan => {
    const plan = store.plans.get(String(billingPlanId));
    if (!plan || plan.merchId !== String(merchId))
      refuse(404, '1604', `Billing plan ${String(billingPlanId)} not found.`, 'billingPlanId');
    return plan;
  };
  if (method === 'GET' && first === 'list' && second)
    return ok({
      billingPlans: [...store.plans.values()]
        .filter((plan) => plan.merchId === second)
        .map((plan) => ({ ...plan, schedules: null })),
    });
  if (method === 'GET' && first && second && rest.length === 2) return ok({ billingPlan: planOf(first, second) });
  if (method !== 'POST' || rest.length !== 1) return notFoundAnswer('Endpoint');
  const request = await body();
  switch (first) {
    case 'create': {
      const plan = request.billingPlan;
      if (!isObject(plan)) refuse(400, '1600', 'billingPlan is required.', 'billingPlan');
      const problems = planProblems(plan);
      if (problems.length > 0) return failed(400, ...problems);
      const terms = plan as unknown as BillingPlan;
      const created = store.addPlan(
        {
          ...terms,
          acctId: terms.acctId ?? '1',
          profileGuid: `guid-${terms.profileId}`,
          planStatus: 'A',
          schedules: null,
          untilNumPayments: terms.untilNumPayments ?? null,
          untilDate: terms.untilDate ?? null,
        },
        (firstId) => buildSchedule(terms, firstId),
      );
      return ok({ billingPlan: created });
    }
    case 'updateAccount': {
      const plan = planOf(request.merchId, request.billingPlanId);
      if (!request.profileId || String(request.profileId).length > 20)
        refuse(400, '1600', 'profileId is required.', 'profileId');
      plan.profileId = String(request.profileId);
      plan.acctId = request.acctId ? String(request.acctId) : '1';
      return ok({ billingPlan: plan });
    }
    case 'markAsPaid': {
      const plan = planOf(request.merchId, request.billingPlanId);
      const entry = plan.schedules?.find(
        (schedule) => schedule.billingPlanScheduleId === Number(request.billingPlanScheduleId),
      );
      if (!entry) refuse(404, '1605', 'Billing plan schedule not found.', 'billingPlanScheduleId');
      if (entry.paymentStatus === 'Paid' || entry.paymentStatus === 'Cancelled')
        refuse(400, '1606', `The payment is ${entry.paymentStatus}.`, 'billingPlanScheduleId');
      entry.paymentStatus = 'Paid';
      entry.retref = typeof request.retref === 'string' ? request.retref : null;
      entry.actualAmount = entry.scheduledAmount;
      entry.actualPaymentDate = entry.scheduledPaymentDate;
      return ok({ billingPlan: plan });
    }
    case 'cancelPayment': {
      const plan = [...store.plans.values()].find(
        (candidate) =>
          candidate.merchId === String(request.merchId) &&
          candidate.schedules?.some(
            (schedule) => schedule.billingPlanScheduleId === Number(request.billingPlanScheduleId),
          ),
      );
      const entry = plan?.schedules?.find(
        (schedule) => schedule.billingPlanScheduleId === Number(request.billingPlanScheduleId),
      );
      if (!plan || !entry) refuse(404, '1605', 'Billing plan schedule not found.', 'billingPlanScheduleId');
      if (entry.paymentStatus !== 'Scheduled')
        refuse(
          400,
          '1607',
          `Only a Scheduled payment can be cancelled; it is ${entry.paymentStatus}.`,
          'paymentStatus',
        );
      entry.paymentStatus = 'Cancelled';
      return ok({ billingPlan: plan });
    }
    case 'cancel': {
      const plan = planOf(request.merchId, request.billingPlanId);
      if (plan.planStatus !== 'A') refuse(400, '1608', 'The billing plan is not active.', 'billingPlanId');
      plan.planStatus = 'C';
      for (const entry of plan.schedules ?? [])
        if (entry.paymentStatus === 'Scheduled') entry.paymentStatus = 'Cancelled';
      return ok({ billingPlan: plan });
    }
    default:
      return notFoundAnswer('Endpoint');
  }
}
