import { ValidationError } from './errors';
import {
  checkCountry,
  checkFields,
  checkPostal,
  definedFields,
  isValidDate,
  requireField,
  type FieldRule,
} from './field-rules';
import { toWireAmount } from '../../platform/money';

/** A Level 3 line item. Money in minor units; quantity whole or up to three decimals. */
export interface LineItem {
  /** Need not be sequential; omitted lines are numbered by the gateway. */
  readonly lineno?: number;
  readonly material?: string;
  readonly description: string;
  readonly upc?: string;
  readonly quantity: number;
  readonly uom?: string;
  /** Omitted: the gateway computes netamnt / quantity. */
  readonly unitcost?: number;
  /** unitcost x quantity, excluding tax and discount; never negative (zero for no-charge items). */
  readonly netamnt: number;
  readonly taxamnt?: number;
  readonly taxexempt?: boolean;
  readonly discamnt?: number;
}

/** Level 2 and Level 3 data, sent with a capture or with an authorization that captures. */
export interface CaptureDetails {
  readonly invoiceid?: string;
  /** Level 2: the customer's purchase order number. */
  readonly ponumber?: string;
  /** Level 2: order tax; zero for a tax-exempt purchaser. */
  readonly taxamnt?: number;
  readonly frtamnt?: number;
  readonly dutyamnt?: number;
  /** YYYYMMDD */
  readonly orderdate?: string;
  readonly shiptozip?: string;
  readonly shipfromzip?: string;
  readonly shiptocountry?: string;
  readonly items?: readonly LineItem[];
}

export const captureDetailRules: Readonly<Record<string, FieldRule>> = {
  invoiceid: { max: 12, type: 'AN' },
  ponumber: { max: 36, type: 'AN' },
  taxamnt: { max: 12, type: 'AN' },
  frtamnt: { max: 12, type: 'AN' },
  dutyamnt: { max: 12, type: 'AN' },
  orderdate: { max: 8, type: 'N' },
  shiptozip: { max: 12, type: 'AN' },
  shipfromzip: { max: 12, type: 'AN' },
  shiptocountry: { max: 2, type: 'A' },
};

const lineItemRules: Readonly<Record<string, FieldRule>> = {
  lineno: { max: 4, type: 'N' },
  material: { max: 12, type: 'AN' },
  description: { max: 26, type: 'AN' },
  upc: { max: 14, type: 'N' },
  quantity: { max: 12, type: 'AN' },
  uom: { max: 8, type: 'AN' },
  unitcost: { max: 12, type: 'AN' },
  netamnt: { max: 12, type: 'AN' },
  taxamnt: { max: 12, type: 'AN' },
  taxexempt: { max: 1, type: 'A' },
  discamnt: { max: 12, type: 'AN' },
};

/** Money that must be a non-negative whole number of minor units. */
function money(field: string, value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ValidationError(field, 'zero or more whole minor units, never negative');
  return toWireAmount(value);
}

function quantity(field: string, value: number): string {
  const textValue = String(value);
  if (!Number.isFinite(value) || value <= 0 || !/^\d+(\.\d{1,3})?$/.test(textValue)) {
    throw new ValidationError(field, 'a positive quantity, whole or with up to three decimal places');
  }
  return textValue;
}

function itemToWire(item: LineItem, index: number): Record<string, string> {
  const at = `items[${index}].`;
  requireField(`${at}description`, item.description, 'every line item needs a description');
  if (item.upc !== undefined && /^0+$/.test(item.upc)) throw new ValidationError(`${at}upc`, 'must not be all zeros');
  if (item.lineno !== undefined && (!Number.isSafeInteger(item.lineno) || item.lineno < 0)) {
    throw new ValidationError(`${at}lineno`, 'a whole line number');
  }
  if (item.taxexempt === true && (item.taxamnt ?? 0) !== 0) {
    throw new ValidationError(`${at}taxamnt`, 'must be zero or omitted on a tax-exempt line');
  }
  const wire = definedFields({
    lineno: item.lineno === undefined ? undefined : String(item.lineno),
    material: item.material,
    description: item.description,
    upc: item.upc,
    quantity: quantity(`${at}quantity`, item.quantity),
    uom: item.uom,
    unitcost: money(`${at}unitcost`, item.unitcost),
    netamnt: money(`${at}netamnt`, item.netamnt),
    taxamnt: money(`${at}taxamnt`, item.taxamnt),
    // The reference's taxexempt is one letter, Y or N, on the line as on the order.
    taxexempt: item.taxexempt === undefined ? undefined : item.taxexempt ? 'Y' : 'N',
    discamnt: money(`${at}discamnt`, item.discamnt),
  });
  checkFields(wire, lineItemRules, at);
  return wire as Record<string, string>;
}

/** The line items' arithmetic: taxes sum to the order tax; net + tax - discount is the amount. */
function checkItemTotals(details: CaptureDetails, items: readonly LineItem[], amount: number | undefined): void {
  const itemTax = items.reduce((sum, item) => sum + (item.taxamnt ?? 0), 0);
  if (details.taxamnt !== undefined && itemTax !== details.taxamnt) {
    throw new ValidationError(
      'items',
      `line item taxes add up to ${toWireAmount(itemTax)}, not the order tax ${toWireAmount(details.taxamnt)}`,
    );
  }
  if (amount !== undefined) {
    const total = items.reduce((sum, item) => sum + item.netamnt + (item.taxamnt ?? 0) - (item.discamnt ?? 0), 0);
    if (total !== amount) {
      throw new ValidationError(
        'items',
        `netamnt + taxamnt - discamnt over the lines is ${toWireAmount(total)}, not the amount ${toWireAmount(amount)}`,
      );
    }
  }
  if (items.length > 0 && items.every((item) => item.taxexempt === true) && (details.taxamnt ?? 0) !== 0) {
    throw new ValidationError('taxamnt', 'a tax-exempt order sends zero tax or none');
  }
}

/**
 * Builds and checks Level 2/3 wire fields. `amount` is the amount being captured (minor
 * units) when the caller knows it; the line items must add up to it.
 */
export function captureDetailsToWire(details: CaptureDetails, amount: number | undefined): Record<string, unknown> {
  const items = details.items ?? [];
  if (items.length > 0 && details.taxamnt === undefined) {
    throw new ValidationError('taxamnt', 'Level 3 line items need Level 2 data: send the order tax (0 when exempt)');
  }
  const wire: Record<string, unknown> = definedFields({
    invoiceid: details.invoiceid,
    ponumber: details.ponumber,
    taxamnt: money('taxamnt', details.taxamnt),
    frtamnt: money('frtamnt', details.frtamnt),
    dutyamnt: money('dutyamnt', details.dutyamnt),
    orderdate: details.orderdate,
    shiptozip: details.shiptozip,
    shipfromzip: details.shipfromzip,
    shiptocountry: details.shiptocountry,
  });
  checkFields(wire, captureDetailRules);
  if (details.orderdate !== undefined && !isValidDate(details.orderdate)) {
    throw new ValidationError('orderdate', 'YYYYMMDD with a real date');
  }
  if (details.shiptocountry !== undefined) checkCountry('shiptocountry', details.shiptocountry);
  if (details.shiptozip !== undefined) checkPostal('shiptozip', details.shiptozip, details.shiptocountry);
  if (details.shipfromzip !== undefined) checkPostal('shipfromzip', details.shipfromzip, details.shiptocountry);
  if (items.length > 0) {
    wire.items = items.map(itemToWire);
    checkItemTotals(details, items, amount);
  }
  return wire;
}
