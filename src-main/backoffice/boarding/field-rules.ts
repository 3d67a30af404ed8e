import { BoardingValidationError } from './errors';
import { isPlainObject } from './whole-objects';
import type {
  AttachmentMeta,
  BillingPlanRequest,
  CustomFieldValue,
  Merchant,
  OrderRequest,
  OwnerSiteUser,
} from '../../reference/boarding-wire';

/** One field's documented limits (spec "Resources and their fields"). */
interface FieldRule {
  readonly max?: number;
  readonly pattern?: RegExp;
  readonly format?: string;
}

const phone: FieldRule = { max: 12, pattern: /^\d{3}-\d{3}-\d{4}$/, format: '###-###-####' };
const date: FieldRule = { max: 10, pattern: /^\d{2}\/\d{2}\/\d{4}$/, format: 'MM/DD/YYYY' };
const addressRules: Record<string, FieldRule> = {
  address1: { max: 200 },
  address2: { max: 200 },
  city: { max: 300 },
  countryCd: { max: 2 },
  stateCd: { max: 2 },
  zip: { max: 15 },
};
const bankRules: Record<string, FieldRule> = {
  bankAcctNum: { max: 25 },
  bankRoutingNum: { max: 9, pattern: /^\d{9}$/, format: '9 digits' },
  bankAcctTypeCd: { max: 10 },
  bankName: { max: 200 },
};

/** Rules by dotted path under `merchant`, `*` standing for any address object. */
const merchantRules: Record<string, FieldRule> = {
  akaBusinessName: { max: 200 },
  dbaName: { max: 100 },
  legalBusinessName: { max: 500 },
  taxFilingMethod: { max: 3, pattern: /^(EIN|SSN)$/, format: 'EIN or SSN' },
  taxFilingName: { max: 500, pattern: /^[\p{L}\p{N} &-]*$/u, format: 'letters, digits, spaces, & and -' },
  businessIdTypeCd: { max: 7 },
  businessStartDate: date,
  salesCode: { max: 25 },
  'hierarchy.corpLevel': { max: 12 },
  'hierarchy.chainLevel': { max: 12 },
  'hierarchy.sponsorBankCd': { max: 5 },
  'demographic.businessIncorporatedStateCd': { max: 2 },
  'demographic.merchantTimeZone': { max: 3 },
  'demographic.websiteAddress': { max: 200 },
  'demographic.businessPhone': phone,
  'demographic.businessFax': phone,
  'merchantContactInfo.contactName': { max: 300 },
  'merchantContactInfo.contactEmail': { max: 300 },
  'merchantContactInfo.contactPhone': phone,
  'ownership.owner.ownerEmail': { max: 300 },
  'ownership.owner.ownerName': { max: 300 },
  'ownership.owner.ownerDob': date,
  'ownership.owner.ownerPhone': phone,
  'ownership.owner.ownerMobilePhone': phone,
  'ownership.owner.ownerSSN': { max: 11, pattern: /^\d{3}-\d{2}-\d{4}$/, format: '###-##-####' },
  'ownership.owner.ownerTitle': { max: 200 },
  'ownership.ownershipTypeCd': { max: 10 },
  'ownership.driversLicenseNumber': { max: 100 },
  'ownership.driversLicenseStateCd': { max: 2 },
};
for (const where of ['demographic.businessAddress', 'demographic.mailingAddress', 'ownership.owner.ownerAddress']) {
  for (const [child, rule] of Object.entries(addressRules)) merchantRules[`${where}.${child}`] = rule;
}
for (const where of ['bankDetail.depositBank', 'bankDetail.withdrawalBank']) {
  for (const [child, rule] of Object.entries(bankRules)) merchantRules[`${where}.${child}`] = rule;
}

/** The minimal set the developer guide names for creating an application from a template. */
const requiredOnCreate = [
  'salesCode',
  'dbaName',
  'legalBusinessName',
  'taxFilingName',
  'taxFilingMethod',
  'demographic.businessAddress.address1',
  'demographic.businessAddress.city',
  'demographic.businessAddress.zip',
  'demographic.mailingAddress.address1',
  'demographic.mailingAddress.city',
  'demographic.mailingAddress.zip',
  'ownership.owner.ownerName',
  'ownership.owner.ownerEmail',
];

function valueAt(root: unknown, path: string): unknown {
  let current = root;
  for (const part of path.split('.')) current = isPlainObject(current) ? current[part] : undefined;
  return current;
}

function checkValue(path: string, value: unknown, rule: FieldRule): void {
  if (value === null || value === undefined) return;
  if (typeof value !== 'string') throw new BoardingValidationError(path, `must be a string, got ${typeof value}`);
  if (rule.max !== undefined && value.length > rule.max)
    throw new BoardingValidationError(path, `is ${value.length} characters; at most ${rule.max}`);
  if (rule.pattern && value !== '' && !rule.pattern.test(value))
    throw new BoardingValidationError(path, `must be ${rule.format}`);
}

/** Checks sizes and formats of every field present, and on create the minimal required set. */
export function checkMerchant(merchant: Merchant, mode: 'create' | 'update'): void {
  if (!isPlainObject(merchant)) throw new BoardingValidationError('merchant', 'is required');
  for (const [path, rule] of Object.entries(merchantRules))
    checkValue(`merchant.${path}`, valueAt(merchant, path), rule);
  if (mode === 'create') {
    for (const path of requiredOnCreate) {
      const value = valueAt(merchant, path);
      if (value === undefined || value === null || value === '')
        throw new BoardingValidationError(`merchant.${path}`, 'is required to create an application');
    }
  }
  if (merchant.taxFilingMethod === 'EIN' && valueAt(merchant, 'ownership.ownershipTypeCd') === 'INDIVSOLE') {
    throw new BoardingValidationError(
      'merchant.taxFilingMethod',
      'must be SSN when ownership.ownershipTypeCd is INDIVSOLE',
    );
  }
  if (merchant.customFields !== undefined && merchant.customFields !== null)
    checkCustomFields(merchant.customFields, 'merchant.customFields');
}

/** userFieldNumber 1 to 10, each at most once, values up to 100 characters, at most 10 entries. */
export function checkCustomFields(fields: readonly CustomFieldValue[], path = 'customFields'): void {
  if (!Array.isArray(fields)) throw new BoardingValidationError(path, 'must be an array');
  if (fields.length < 1 || fields.length > 10)
    throw new BoardingValidationError(path, `holds ${fields.length} fields; 1 to 10`);
  const seen = new Set<number>();
  fields.forEach((field, index) => {
    const at = `${path}[${index}]`;
    if (!Number.isInteger(field.userFieldNumber) || field.userFieldNumber < 1 || field.userFieldNumber > 10) {
      throw new BoardingValidationError(`${at}.userFieldNumber`, 'must be a whole number from 1 to 10');
    }
    if (seen.has(field.userFieldNumber))
      throw new BoardingValidationError(`${at}.userFieldNumber`, `${field.userFieldNumber} is given twice`);
    seen.add(field.userFieldNumber);
    checkValue(`${at}.customFieldValue`, field.customFieldValue, { max: 100 });
  });
}

/** The owner's web-app user: names and email up to 300 characters, email required. */
export function checkOwnerSiteUser(user: OwnerSiteUser, path = 'ownerSiteUser'): void {
  for (const field of ['firstName', 'lastName', 'email'] as const)
    checkValue(`${path}.${field}`, user[field], { max: 300 });
  if (!user.email || !/^[^@\s]+@[^@\s]+$/.test(user.email))
    throw new BoardingValidationError(`${path}.email`, 'must be an email address');
}

/** Attachment metadata: the sizes of the Attachment resource. */
export function checkAttachmentMeta(meta: AttachmentMeta): void {
  const rules: Record<keyof AttachmentMeta, number> = {
    fileName: 60,
    mimeType: 30,
    description: 1000,
    attachmentTypeCd: 100,
  };
  for (const [field, max] of Object.entries(rules)) {
    const value = meta[field as keyof AttachmentMeta];
    if (typeof value !== 'string' || value === '') throw new BoardingValidationError(field, 'is required');
    checkValue(field, value, { max });
  }
  // "Documents or images only, no audio or video."
  if (/^(audio|video)\//i.test(meta.mimeType))
    throw new BoardingValidationError('mimeType', 'must be a document or an image, not audio or video');
}

function wholeNumber(path: string, value: unknown, digits: number, min = 0): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || String(value).length > digits) {
    throw new BoardingValidationError(
      path,
      `must be a whole number of at most ${digits} digits${min > 0 ? `, at least ${min}` : ''}`,
    );
  }
}

/** The Order request form, with its conditional fields (prices by frequency, profile for PARTNERCC). */
export function checkOrder(order: OrderRequest): void {
  wholeNumber('order.merchantId', order.merchantId, 19, 1);
  wholeNumber('order.equipmentId', order.equipmentId, 19, 1);
  wholeNumber('order.quantity', order.quantity, 4, 1);
  checkValue('order.orderNotes', order.orderNotes, { max: 1000 });
  for (const field of ['billToCd', 'billingFrequencyCd'] as const) {
    if (!order[field]) throw new BoardingValidationError(`order.${field}`, 'is required');
    checkValue(`order.${field}`, order[field], { max: 100 });
  }
  if (order.billingFrequencyCd === 'ONETIME' && typeof order.unitPrice !== 'number')
    throw new BoardingValidationError('order.unitPrice', 'is required when billingFrequencyCd is ONETIME');
  if (order.billingFrequencyCd === 'MONTHLY' && typeof order.monthlyPrice !== 'number')
    throw new BoardingValidationError('order.monthlyPrice', 'is required when billingFrequencyCd is MONTHLY');
  if (order.billToCd === 'PARTNERCC') {
    if (!order.profileId)
      throw new BoardingValidationError('order.profileId', 'is required when billToCd is PARTNERCC');
    wholeNumber('order.acctId', order.acctId, 10, 1);
  }
  if (!isPlainObject(order.shippingDetails)) throw new BoardingValidationError('order.shippingDetails', 'is required');
  const shipping = order.shippingDetails;
  if (!isPlainObject(shipping.shippingAddress))
    throw new BoardingValidationError('order.shippingDetails.shippingAddress', 'is required');
  for (const [child, rule] of Object.entries(addressRules))
    checkValue(
      `order.shippingDetails.shippingAddress.${child}`,
      shipping.shippingAddress[child as keyof typeof shipping.shippingAddress],
      rule,
    );
  checkValue('order.shippingDetails.merchantContactPhone', shipping.merchantContactPhone, phone);
  checkValue('order.shippingDetails.poNumber', shipping.poNumber, { max: 30 });
}

const mmddyyyy = /^(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{4}$/;

/** The billing plan object (recurring-billing guide), with its conditional end fields. */
export function checkBillingPlan(plan: BillingPlanRequest): void {
  const text = (field: keyof BillingPlanRequest, max: number, required = true) => {
    const value = plan[field];
    if ((value === undefined || value === null || value === '') && required)
      throw new BoardingValidationError(`billingPlan.${field}`, 'is required');
    checkValue(`billingPlan.${field}`, value, { max });
  };
  text('merchId', 11);
  text('profileId', 20);
  text('acctId', 3, false);
  text('currencySymbol', 1);
  text('billingPlanName', 30);
  if (typeof plan.amount !== 'number' || !(plan.amount > 0) || Math.round(plan.amount * 100) !== plan.amount * 100) {
    throw new BoardingValidationError('billingPlan.amount', 'must be a positive amount with at most two decimals');
  }
  if (![1, 2, 3, 4].includes(plan.timeSpan))
    throw new BoardingValidationError('billingPlan.timeSpan', 'must be 1 daily, 2 weekly, 3 monthly or 4 yearly');
  if (![1, 2].includes(plan.every))
    throw new BoardingValidationError('billingPlan.every', 'must be 1 (every period) or 2 (every other period)');
  if (!mmddyyyy.test(plan.startDate ?? ''))
    throw new BoardingValidationError('billingPlan.startDate', 'must be a date as MMDDYYYY');
  if (!['C', 'N', 'D'].includes(plan.untilCondition))
    throw new BoardingValidationError(
      'billingPlan.untilCondition',
      'must be C (until cancelled), N (a number of payments) or D (until a date)',
    );
  if (plan.untilCondition === 'N') wholeNumber('billingPlan.untilNumPayments', plan.untilNumPayments, 4, 1);
  if (plan.untilCondition === 'D' && !mmddyyyy.test(plan.untilDate ?? ''))
    throw new BoardingValidationError('billingPlan.untilDate', 'is required as MMDDYYYY when untilCondition is D');
  if (
    !Array.isArray(plan.options) ||
    !plan.options.some((option) => option.name === 'email_receipt' && (option.value === '0' || option.value === '1'))
  ) {
    throw new BoardingValidationError('billingPlan.options', 'must hold email_receipt with value "0" or "1"');
  }
}

/** An id of the given digits (merchId 11, billingPlanId 11, merchantId 19...), as the wire's string. */
export function checkId(path: string, value: string | number, digits: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > digits)
    throw new BoardingValidationError(path, `must be digits, at most ${digits}`);
  return text;
}
