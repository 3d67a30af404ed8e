import type { OwnerSiteUser } from '../../reference/boarding-wire';
import { failed, notFoundAnswer, ok, refuse, type BoardingAnswer, type Problem } from './answers';
import type { BoardingStore, MerchantEntry } from './boarding-store';
import { serviceDateTime } from './timeline';

type Plain = Record<string, unknown>;
const isObject = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The service's checks of a merchant (spec tables; codes from api-overview.md where it shows them). */
const lengthChecks: readonly [path: string, max: number, code: string, label: string][] = [
  ['legalBusinessName', 500, '1105', 'Legal Business Name'],
  ['akaBusinessName', 200, '1178', 'AKA Business Name'],
  ['dbaName', 100, '1104', 'DBA Name'],
  ['taxFilingName', 500, '1106', 'Tax Filing Name'],
  ['salesCode', 25, '1107', 'Sales Code'],
  ['demographic.websiteAddress', 200, '1120', 'Website Address'],
  ['ownership.owner.ownerName', 300, '1110', 'Owner Name'],
  ['ownership.owner.ownerEmail', 300, '1111', 'Owner Email'],
];
const phoneFields = [
  'demographic.businessPhone',
  'demographic.businessFax',
  'merchantContactInfo.contactPhone',
  'ownership.owner.ownerPhone',
  'ownership.owner.ownerMobilePhone',
];
// Required on create: these fields, and these objects present (their own fields are checked apart).
const requiredFieldsOnCreate = ['salesCode', 'dbaName', 'legalBusinessName', 'taxFilingName', 'taxFilingMethod'];
const requiredObjectsOnCreate = ['demographic.businessAddress', 'demographic.mailingAddress', 'ownership.owner'];

/** The value at a dotted path of `root`, or undefined where the path leaves the objects. */
const at = (root: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((current, part) => (isObject(current) ? current[part] : undefined), root);

/** Refuses with `code` unless the merchant is still INPROG: `action` is allowed only then. */
function refuseUnlessInProgress(entry: MerchantEntry, code: string, action: string): void {
  if (entry.status !== 'INPROG')
    refuse(400, code, `${action} only while the status is INPROG; it is ${entry.status}.`, 'boardingProcessStatusCd');
}

/** Every problem of a merchant object, as the service lists them all at once. */
export function merchantProblems(merchant: Plain, creating: boolean, salesCodes: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  if (creating) {
    for (const path of [...requiredFieldsOnCreate, ...requiredObjectsOnCreate]) {
      const value = at(merchant, path);
      if (value === undefined || value === null || value === '')
        problems.push({ code: '1100', message: `${path} is required.`, errorField: `merchant.${path}` });
    }
  }
  for (const [path, max, code, label] of lengthChecks) {
    const value = at(merchant, path);
    if (typeof value === 'string' && value.length > max)
      problems.push({ code, message: `${label} has invalid length.`, errorField: `merchant.${path}` });
  }
  for (const path of phoneFields) {
    const value = at(merchant, path);
    if (typeof value === 'string' && value !== '' && !/^\d{3}-\d{3}-\d{4}$/.test(value))
      problems.push({
        code: '1115',
        message: 'Phone is invalid.  Please use XXX-XXX-XXXX format.',
        errorField: `merchant.${path}`,
      });
  }
  const dob = at(merchant, 'ownership.owner.ownerDob');
  if (typeof dob === 'string' && dob !== '' && !/^\d{2}\/\d{2}\/\d{4}$/.test(dob))
    problems.push({
      code: '1113',
      message: 'Owner date of birth is invalid.  Please use MM/DD/YYYY format.',
      errorField: 'merchant.ownership.owner.ownerDob',
    });
  const method = merchant.taxFilingMethod;
  if (method !== undefined && method !== null && method !== 'EIN' && method !== 'SSN')
    problems.push({
      code: '1108',
      message: 'Tax filing method must be EIN or SSN.',
      errorField: 'merchant.taxFilingMethod',
    });
  if (method === 'EIN' && at(merchant, 'ownership.ownershipTypeCd') === 'INDIVSOLE')
    problems.push({
      code: '1109',
      message: 'Tax filing method must be SSN for an individual or sole proprietorship.',
      errorField: 'merchant.taxFilingMethod',
    });
  const salesCode = merchant.salesCode;
  if (typeof salesCode === 'string' && salesCode.length <= 25 && !salesCodes.includes(salesCode))
    problems.push({ code: '1107', message: 'Sales code is invalid.', errorField: 'merchant.salesCode' });
  return problems;
}

/** The PUT rule: a sent object replaces the stored one; children it leaves out become null. */
function replaceSent(stored: unknown, sent: Plain): Plain {
  const base = isObject(stored) ? stored : {};
  const result: Plain = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(sent)])) {
    if (!(key in sent)) result[key] = null;
    else result[key] = isObject(sent[key]) ? replaceSent(base[key], sent[key] as Plain) : sent[key];
  }
  return result;
}

/** Applies a PUT: top-level fields not sent keep their values; objects sent replace whole. */
export function applyMerchantUpdate(stored: Plain, sent: Plain): Plain {
  const result = { ...stored };
  for (const [key, value] of Object.entries(sent))
    result[key] = isObject(value) ? replaceSent(stored[key], value) : value;
  return result;
}

function ownerSiteUserProblems(user: unknown): Problem[] {
  if (user === undefined || user === null) return [];
  if (!isObject(user))
    return [{ code: '1300', message: 'Owner site user must be an object.', errorField: 'ownerSiteUser' }];
  const problems: Problem[] = [];
  for (const field of ['firstName', 'lastName', 'email']) {
    const value = user[field];
    if (typeof value === 'string' && value.length > 300)
      problems.push({ code: '1301', message: `${field} has invalid length.`, errorField: `ownerSiteUser.${field}` });
  }
  if (typeof user.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(user.email))
    problems.push({ code: '1302', message: 'Email is invalid.', errorField: 'ownerSiteUser.email' });
  return problems;
}

/** The merchant's statuses as `merchantStatus` answers them. */
export function merchantStatusOf(entry: MerchantEntry) {
  const time = (ms: number | undefined) => (ms === undefined ? null : serviceDateTime(ms));
  return {
    approvedDatetime: time(entry.times.approved),
    boardedDatetime: time(entry.times.boarded),
    cancelledDatetime: time(entry.times.cancelled),
    declinedDatetime: time(entry.times.declined),
    liveDatetime: time(entry.times.live),
    boardingProcessPendingFlg: ['QUALIFY', 'UNDER', 'BOARDING'].includes(entry.status),
    boardingProcessStatusCd: entry.status,
    gatewayBoardingStatusCd: entry.frontEndMid === undefined ? 'NOT_BOARDED' : 'BOARDED',
  };
}

export function signatureStatusOf(entry: MerchantEntry) {
  const signature = entry.signature;
  return {
    signedSiteUserId: signature.siteUserId ?? null,
    signedDateTime: signature.signedAt === undefined ? null : serviceDateTime(signature.signedAt),
    signer: signature.signer ?? null,
    signatureUrl: signature.code === 'PENDING' ? (signature.url ?? null) : null,
    signatureStatusCd: signature.code,
  };
}

/** The owner's web-app user, taken from the owner when none was given (spec "Owner site user"). */
function ownerSiteUserFrom(merchant: Plain): OwnerSiteUser {
  const name = String(at(merchant, 'ownership.owner.ownerName') ?? '')
    .trim()
    .split(/\s+/);
  return {
    firstName: name[0] ?? null,
    lastName: name.slice(1).join(' ') || null,
    email: (at(merchant, 'ownership.owner.ownerEmail') as string | undefined) ?? null,
  };
}

export interface MerchantCall {
  readonly method: string;
  readonly rest: readonly string[];
  body(): Promise<Plain>;
  readonly baseUrl: string;
  readonly now: number;
}

/** POST /merchant and everything under /merchant/{merchantId} but the attachment. */
export async function answerMerchant(store: BoardingStore, call: MerchantCall): Promise<BoardingAnswer> {
  const { method, rest } = call;
  if (rest.length === 0) {
    if (method !== 'POST') return notFoundAnswer('Endpoint');
    const body = await call.body();
    const templateId = Number(body.templateId);
    if (!store.config.templateIds.includes(templateId))
      refuse(400, '1001', 'Application template not found.', 'templateId');
    if (!isObject(body.merchant)) refuse(400, '1100', 'merchant is required.', 'merchant');
    const problems = [
      ...merchantProblems(body.merchant, true, store.config.salesCodes),
      ...ownerSiteUserProblems(body.ownerSiteUser),
    ];
    if (problems.length > 0) return failed(400, ...problems);
    const user = isObject(body.ownerSiteUser) ? (body.ownerSiteUser as unknown as OwnerSiteUser) : null;
    const entry = store.addMerchant(templateId, body.merchant, user);
    return ok({ merchantId: entry.merchantId });
  }
  const [merchantId = '', sub] = rest;
  const entry = store.merchants.get(merchantId);
  if (!entry) return notFoundAnswer(`Merchant ${merchantId}`);
  switch (`${method} ${sub ?? ''}`) {
    case 'GET ':
      return ok({
        merchant: {
          ...entry.merchant,
          merchantStatus: merchantStatusOf(entry),
          signatureStatus: signatureStatusOf(entry),
          customFields: entry.customFields.map(({ userFieldNumber, customFieldValue }) => ({
            userFieldNumber,
            customFieldValue,
          })),
          ...(entry.frontEndMid
            ? {
                processing: {
                  ...(isObject(entry.merchant.processing) ? entry.merchant.processing : {}),
                  platformDetails: {
                    ...(at(entry.merchant, 'processing.platformDetails') as Plain | undefined),
                    frontEndMid: entry.frontEndMid,
                  },
                },
              }
            : {}),
        },
        ownerSiteUser: entry.ownerSiteUser ?? ownerSiteUserFrom(entry.merchant),
      });
    case 'PUT ': {
      refuseUnlessInProgress(entry, '1200', 'Merchant data can be modified');
      const body = await call.body();
      if (!isObject(body.merchant)) refuse(400, '1100', 'merchant is required.', 'merchant');
      const problems = [
        ...merchantProblems(body.merchant, false, store.config.salesCodes),
        ...ownerSiteUserProblems(body.ownerSiteUser),
      ];
      if (problems.length > 0) return failed(400, ...problems);
      const { merchantStatus: _status, signatureStatus: _signature, ...sent } = body.merchant;
      entry.merchant = applyMerchantUpdate(entry.merchant, sent);
      if (isObject(body.ownerSiteUser)) entry.ownerSiteUser = body.ownerSiteUser as unknown as OwnerSiteUser;
      return ok();
    }
    case 'GET status':
      return ok({ merchantStatus: merchantStatusOf(entry) });
    case 'GET signature':
      return ok(signatureStatusOf(entry));
    case 'PUT signature': {
      refuseUnlessInProgress(entry, '1201', 'A signature can be requested');
      const missing = entry.customFields.filter(
        (field) => field.isActive === 1 && field.isRequired === 1 && !field.customFieldValue,
      );
      if (missing.length > 0)
        return failed(
          400,
          ...missing.map((field) => ({
            code: '1250',
            message: `Custom field "${field.customFieldLabel}" is required.`,
            errorField: `customFields[${field.userFieldNumber}]`,
          })),
        );
      return ok({ signatureUrl: store.requestSignature(entry, call.baseUrl) });
    }
    case 'DELETE signature':
      if (entry.signature.code !== 'PENDING')
        refuse(
          400,
          '1202',
          `The signature can be retracted only while PENDING; it is ${entry.signature.code}.`,
          'signatureStatusCd',
        );
      entry.signature = { code: 'NOT_SENT' };
      entry.status = 'INPROG';
      return ok();
    case 'GET customfields':
      return ok({ customFields: entry.customFields });
    case 'PUT customfields': {
      const body = await call.body();
      const fields = body.customFields;
      if (!Array.isArray(fields) || fields.length < 1 || fields.length > 10)
        refuse(400, '1251', 'customFields must hold 1 to 10 fields.', 'customFields');
      const problems: Problem[] = [];
      fields.forEach((field: Plain, index) => {
        const configured = entry.customFields.find((known) => known.userFieldNumber === field?.userFieldNumber);
        if (!configured)
          problems.push({
            code: '1252',
            message: `Custom field ${String(field?.userFieldNumber)} is not configured.`,
            errorField: `customFields[${index}].userFieldNumber`,
          });
        else if (typeof field.customFieldValue === 'string' && field.customFieldValue.length > 100)
          problems.push({
            code: '1253',
            message: 'Custom field value has invalid length.',
            errorField: `customFields[${index}].customFieldValue`,
          });
      });
      if (problems.length > 0) return failed(400, ...problems);
      for (const field of fields as Plain[]) {
        const configured = entry.customFields.find((known) => known.userFieldNumber === field.userFieldNumber)!;
        configured.customFieldValue = typeof field.customFieldValue === 'string' ? field.customFieldValue : null;
      }
      return ok();
    }
    case 'GET ownerSiteUser':
      return ok({ ownerSiteUser: entry.ownerSiteUser ?? ownerSiteUserFrom(entry.merchant) });
    case 'PUT ownerSiteUser': {
      // The owner registers when signing; afterwards the owner edits the account by logging in.
      if (entry.signature.code === 'SIGNED')
        refuse(
          400,
          '1303',
          'The owner has registered; the owner site user can be changed only by the owner.',
          'ownerSiteUser.email',
        );
      const body = await call.body();
      if (!isObject(body.ownerSiteUser)) refuse(400, '1300', 'ownerSiteUser is required.', 'ownerSiteUser');
      const problems = ownerSiteUserProblems(body.ownerSiteUser);
      if (problems.length > 0) return failed(400, ...problems);
      entry.ownerSiteUser = body.ownerSiteUser as unknown as OwnerSiteUser;
      return ok();
    }
    default:
      return notFoundAnswer('Endpoint');
  }
}
