/** The boarding wire's shapes → the contract's views (money in minor units, ids as the screens use them). */
import type {
  BillingPlan,
  BillingPlanRequest,
  Equipment,
  MerchantRecord,
  Order,
  OrderRequest,
  Page,
} from '../reference/boarding-wire';
import type { ApplicationSummary } from './contract/applications';
import type { EquipmentView, OrderInput, OrderView, PageView } from './contract/commerce';
import type { planInput, PlanView } from './contract/plans';
import type { z } from 'zod';
import { minorFromWire, minorOrZero, wireDecimal } from './money';

/** The gateway merchant id of a boarded merchant: processing.platformDetails.frontEndMid. */
export function gatewayMerchantIdOf(record: MerchantRecord): string | null {
  const details = (record.merchant.processing as { platformDetails?: { frontEndMid?: unknown } } | null | undefined)
    ?.platformDetails;
  return typeof details?.frontEndMid === 'string' && details.frontEndMid !== '' ? details.frontEndMid : null;
}

/** The statuses of a merchant record, as the list and the timeline keep them. */
export function statusesOf(record: MerchantRecord) {
  return {
    status: record.merchant.merchantStatus.boardingProcessStatusCd,
    gatewayStatus: record.merchant.merchantStatus.gatewayBoardingStatusCd,
    signatureStatus: record.merchant.signatureStatus.signatureStatusCd,
    gatewayMerchantId: gatewayMerchantIdOf(record),
  } satisfies Partial<ApplicationSummary>;
}

export function pageView<Wire, Row>(
  page: Page<Wire>,
  paging: { pageNumber: number; pageSize: number },
  view: (row: Wire) => Row,
): PageView<Row> {
  return {
    rows: page.rows.map(view),
    totalServerItemsCount: page.totalServerItemsCount,
    moreRowsAvailable: page.moreRowsAvailable,
    ...paging,
  };
}

export function equipmentView(row: Equipment): EquipmentView {
  return {
    equipmentId: row.equipmentId,
    equipmentName: row.equipmentName,
    description: row.description,
    make: row.make,
    model: row.model,
    sku: row.sku,
    equipmentTypeCd: row.equipmentTypeCd,
    equipmentSupplierCd: row.equipmentSupplierCd,
    defaultPriceMinor: minorOrZero(row.defaultPrice),
    defaultPlanPriceMinor: minorOrZero(row.defaultPlanPrice),
    allowCustomBillingFlg: row.allowCustomBillingFlg,
    standardShippingPriceMinor: minorOrZero(row.standardShippingPrice),
    expeditedShippingPriceMinor: minorOrZero(row.expeditedShippingPrice),
  };
}

export function orderView(order: Order): OrderView {
  const shipping = order.shippingDetails ?? { shippingAddress: null };
  return {
    orderId: order.orderId,
    merchantId: String(order.merchantId),
    equipmentId: order.equipmentId,
    orderStatusCd: order.orderStatusCd,
    quantity: order.quantity,
    unitPriceMinor: minorFromWire(order.unitPrice),
    monthlyPriceMinor: minorFromWire(order.monthlyPrice),
    billToCd: order.billToCd,
    billingFrequencyCd: order.billingFrequencyCd,
    profileId: order.profileId ?? null,
    acctId: order.acctId ?? null,
    orderNotes: order.orderNotes ?? null,
    shippingDetails: {
      shippingAddress: (shipping.shippingAddress ?? null) as OrderView['shippingDetails']['shippingAddress'],
      shipToAttn: shipping.shipToAttn ?? null,
      shipToAttnEmail: shipping.shipToAttnEmail ?? null,
      shippingMethodCd: shipping.shippingMethodCd ?? null,
      shippingCarrierCd: shipping.shippingCarrierCd ?? null,
      trackingNumber: shipping.trackingNumber ?? null,
      shippingCostMinor: minorFromWire(shipping.shippingCost),
      merchantContactPhone: shipping.merchantContactPhone ?? null,
      poNumber: shipping.poNumber ?? null,
    },
    placedDatetime: order.placedDatetime,
    fulfillingDatetime: order.fulfillingDatetime,
    shippedDatetime: order.shippedDatetime,
    canceledDatetime: order.canceledDatetime,
  };
}

/** The form's order → the wire's: prices become decimals, absent optional fields are left out. */
export function orderRequest(input: OrderInput): OrderRequest {
  const { unitPriceMinor, monthlyPriceMinor, merchantId, ...rest } = input;
  return {
    ...rest,
    merchantId: Number(merchantId),
    unitPrice: unitPriceMinor === undefined || unitPriceMinor === null ? null : wireDecimal(unitPriceMinor),
    monthlyPrice: monthlyPriceMinor === undefined || monthlyPriceMinor === null ? null : wireDecimal(monthlyPriceMinor),
  };
}

export function planView(plan: BillingPlan): PlanView {
  return {
    billingPlanId: plan.billingPlanId,
    billingPlanName: plan.billingPlanName,
    merchId: plan.merchId,
    profileId: plan.profileId,
    acctId: plan.acctId,
    amountMinor: minorOrZero(plan.amount),
    timeSpan: plan.timeSpan,
    every: plan.every,
    untilCondition: plan.untilCondition,
    untilNumPayments: plan.untilNumPayments ?? null,
    untilDate: plan.untilDate ?? null,
    startDate: plan.startDate,
    currencySymbol: plan.currencySymbol,
    planStatus: plan.planStatus,
    options: plan.options,
    schedules:
      plan.schedules?.map((entry) => ({
        billingPlanScheduleId: entry.billingPlanScheduleId,
        paymentStatus: entry.paymentStatus,
        scheduledAmountMinor: minorOrZero(entry.scheduledAmount),
        scheduledPaymentDate: entry.scheduledPaymentDate,
        actualAmountMinor: minorFromWire(entry.actualAmount),
        actualPaymentDate: entry.actualPaymentDate,
        retref: entry.retref,
      })) ?? null,
  };
}

/** The form's plan → the wire's: the amount becomes a decimal; the receipt choice becomes the email_receipt option. */
export function planRequest(input: z.output<typeof planInput>): BillingPlanRequest {
  const { amountMinor, emailReceipt, ...rest } = input;
  return {
    ...rest,
    acctId: rest.acctId ?? null,
    untilNumPayments: rest.untilNumPayments ?? null,
    untilDate: rest.untilDate ?? null,
    amount: wireDecimal(amountMinor),
    options: [{ name: 'email_receipt', value: emailReceipt ? '1' : '0' }],
  };
}
