/** The equipment catalog, the lane hardware's orders, and the service's code lists. */
import { z } from 'zod';
import { command } from '../../lane/ipc/contract/spec';
import { lookupLists, type CodeName, type LookupList, type OrderStatus } from '../../reference/boarding-wire';
import { address, amountMinor, merchantId, paging, text, wholeId } from './schemas';

/** A catalog row, prices in minor units (the service sends decimal text). */
export interface EquipmentView {
  readonly equipmentId: number;
  readonly equipmentName: string;
  readonly description: string;
  readonly make: string;
  readonly model: string;
  readonly sku: string;
  readonly equipmentTypeCd: string;
  readonly equipmentSupplierCd: string;
  /** One-time price. */
  readonly defaultPriceMinor: number;
  /** Monthly price, when monthly billing is allowed. */
  readonly defaultPlanPriceMinor: number;
  readonly allowCustomBillingFlg: boolean;
  readonly standardShippingPriceMinor: number;
  readonly expeditedShippingPriceMinor: number;
}

/** One page of a list, as the service pages it. */
export interface PageView<Row> {
  readonly rows: readonly Row[];
  readonly totalServerItemsCount: number;
  readonly moreRowsAvailable: boolean;
  readonly pageNumber: number;
  readonly pageSize: number;
}

export interface ShippingView {
  readonly shippingAddress: z.output<typeof address> | null;
  readonly shipToAttn: string | null;
  readonly shipToAttnEmail: string | null;
  readonly shippingMethodCd: string | null;
  readonly shippingCarrierCd: string | null;
  readonly trackingNumber: string | null;
  readonly shippingCostMinor: number | null;
  readonly merchantContactPhone: string | null;
  readonly poNumber: string | null;
}

/** An order, prices in minor units. */
export interface OrderView {
  readonly orderId: number;
  readonly merchantId: string;
  readonly equipmentId: number;
  readonly orderStatusCd: OrderStatus;
  readonly quantity: number;
  readonly unitPriceMinor: number | null;
  readonly monthlyPriceMinor: number | null;
  readonly billToCd: string;
  readonly billingFrequencyCd: string;
  readonly profileId: string | null;
  readonly acctId: number | null;
  readonly orderNotes: string | null;
  readonly shippingDetails: ShippingView;
  readonly placedDatetime: string | null;
  readonly fulfillingDatetime: string | null;
  readonly shippedDatetime: string | null;
  readonly canceledDatetime: string | null;
}

/** An order as the form sends it: prices in minor units; the service's conditional rules are checked before sending. */
export const orderInput = z.strictObject({
  merchantId,
  equipmentId: wholeId,
  quantity: z.number().int().min(1, { error: 'at least 1' }).max(9999, { error: 'at most 9999' }),
  unitPriceMinor: amountMinor.nullish(),
  monthlyPriceMinor: amountMinor.nullish(),
  billToCd: text(100),
  billingFrequencyCd: text(100),
  profileId: text(20, false).nullish(),
  acctId: z.number().int().min(1).max(9_999_999_999).nullish(),
  orderNotes: text(1000, false).nullish(),
  shippingDetails: z.strictObject({
    shippingAddress: address,
    shipToAttn: text(100, false).nullish(),
    shipToAttnEmail: text(100, false).nullish(),
    shippingMethodCd: text(100, false).nullish(),
    shippingCarrierCd: text(100, false).nullish(),
    merchantContactPhone: text(12, false).nullish(),
    poNumber: text(50, false).nullish(),
  }),
});
export type OrderInput = z.input<typeof orderInput>;

const byOrder = z.strictObject({ orderId: wholeId });

export const commerceCommands = {
  'equipment.catalog': command<PageView<EquipmentView>>()(
    'One page of the equipment catalog for a sales code, optionally by supplier and type.',
    z.strictObject({
      salesCode: text(25),
      equipmentSupplierCd: text(100, false).optional(),
      equipmentTypeCd: text(100, false).optional(),
      ...paging,
    }),
  ),
  'orders.list': command<PageView<OrderView>>()(
    'One page of a merchant\u2019s orders.',
    z.strictObject({ merchantId, ...paging }),
  ),
  'orders.get': command<OrderView>()('One order, with its status and tracking number.', byOrder),
  'orders.create': command<OrderView>()('Orders lane hardware; it starts NEW.', z.strictObject({ order: orderInput })),
  'orders.update': command<OrderView>()(
    'Changes quantity, prices or bill-to; merchant and equipment cannot change.',
    z.strictObject({ orderId: wholeId, order: orderInput }),
  ),
  'orders.cancel': command<OrderView>()('Cancels an order, only while it is NEW.', byOrder),
  'lookups.get': command<CodeName[]>()(
    'One of the service\u2019s code lists; show unknown codes as they come.',
    z.strictObject({
      list: z.enum(Object.keys(lookupLists) as [LookupList, ...LookupList[]], { error: 'not a lookup list' }),
    }),
  ),
} as const;
