/**
 * The application form: the minimal set of fields the boarding developer guide names for creating
 * an application from a template ("Creating an Application with Minimal Data"), each keyed by its
 * dotted path in the create request, with the documented sizes and formats. The screen checks
 * them before sending so the person sees every problem at once, each message naming the field;
 * the main side checks them again before anything reaches the service.
 */

import type { LookupList } from './api-types';

/** How a field is entered: free text, or one of a code list (`lookups.get`). */
export type FieldInput = 'text' | 'email' | 'tel' | 'choice';

export interface ApplicationField {
  /** Dotted path in the create request: `templateId`, `merchant.dbaName`, `ownerSiteUser.email`. */
  readonly path: string;
  readonly label: string;
  readonly required: boolean;
  readonly max: number;
  readonly input?: FieldInput;
  /** The code list a choice comes from (lookups.get), or the fixed choices. */
  readonly choices?: LookupList | readonly string[];
  readonly pattern?: RegExp;
  /** How a value must look, said when it does not: "###-###-####". */
  readonly format?: string;
  readonly hint?: string;
}

export interface FieldGroup {
  readonly id: string;
  readonly legend: string;
  readonly fields: readonly ApplicationField[];
  /** A group that may copy another one instead (mailing from business address, withdrawal from deposit). */
  readonly sameAs?: { readonly group: string; readonly label: string };
}

const phone = { pattern: /^\d{3}-\d{3}-\d{4}$/, format: '###-###-####', input: 'tel' as const };
const email = { pattern: /^[^@\s]+@[^@\s]+\.[^@\s]+$/, format: 'an email address like name@example.com' };

function addressFields(at: string, what: string): ApplicationField[] {
  return [
    { path: `${at}.address1`, label: `${what}: street`, required: true, max: 200 },
    { path: `${at}.address2`, label: `${what}: suite or unit`, required: false, max: 200 },
    { path: `${at}.city`, label: `${what}: city`, required: true, max: 300 },
    { path: `${at}.stateCd`, label: `${what}: state`, required: true, max: 2, input: 'choice', choices: 'stateCodes' },
    {
      path: `${at}.zip`,
      label: `${what}: ZIP code`,
      required: true,
      max: 15,
      pattern: /^\d{5}(-\d{4})?$/,
      format: '5 digits, or ZIP+4',
    },
    {
      path: `${at}.countryCd`,
      label: `${what}: country`,
      required: true,
      max: 2,
      input: 'choice',
      choices: 'countryCodes',
    },
  ];
}

function bankFields(at: string, what: string): ApplicationField[] {
  return [
    { path: `${at}.bankName`, label: `${what}: bank name`, required: true, max: 200 },
    {
      path: `${at}.bankRoutingNum`,
      label: `${what}: routing number`,
      required: true,
      max: 9,
      pattern: /^\d{9}$/,
      format: '9 digits',
    },
    {
      path: `${at}.bankAcctNum`,
      label: `${what}: account number`,
      required: true,
      max: 25,
      pattern: /^\d+$/,
      format: 'digits only',
    },
    {
      path: `${at}.bankAcctTypeCd`,
      label: `${what}: account type`,
      required: true,
      max: 10,
      input: 'choice',
      choices: 'bankAcctTypes',
    },
  ];
}

/** The groups of the new-application form, in screen order. */
export const applicationGroups: readonly FieldGroup[] = [
  {
    id: 'account',
    legend: 'Account',
    fields: [
      {
        path: 'templateId',
        label: 'Application template id',
        required: true,
        max: 19,
        pattern: /^\d+$/,
        format: 'digits only',
        hint: 'The template made in the service\u2019s web interface; it fills pricing, fees and equipment.',
      },
      { path: 'merchant.salesCode', label: 'Sales code', required: true, max: 25 },
    ],
  },
  {
    id: 'business',
    legend: 'Business',
    fields: [
      {
        path: 'merchant.dbaName',
        label: 'Doing-business-as name',
        required: true,
        max: 100,
        hint: 'The name on the storefront and on receipts.',
      },
      { path: 'merchant.legalBusinessName', label: 'Legal business name', required: true, max: 500 },
      {
        path: 'merchant.taxFilingName',
        label: 'Tax filing name',
        required: true,
        max: 500,
        pattern: /^[\p{L}\p{N} &-]*$/u,
        format: 'letters, digits, spaces, & and - only',
      },
      {
        path: 'merchant.taxFilingMethod',
        label: 'Tax filing method',
        required: true,
        max: 3,
        input: 'choice',
        choices: ['EIN', 'SSN'],
      },
    ],
  },
  {
    id: 'business-address',
    legend: 'Business address',
    fields: addressFields('merchant.demographic.businessAddress', 'Business address'),
  },
  {
    id: 'mailing-address',
    legend: 'Mailing address',
    fields: addressFields('merchant.demographic.mailingAddress', 'Mailing address'),
    sameAs: { group: 'business-address', label: 'Same as the business address' },
  },
  {
    id: 'owner',
    legend: 'Owner',
    fields: [
      { path: 'merchant.ownership.owner.ownerName', label: 'Owner name', required: true, max: 300 },
      {
        path: 'merchant.ownership.owner.ownerTitle',
        label: 'Owner title',
        required: true,
        max: 200,
        hint: 'For example CEO, OWNER, PRESIDENT.',
      },
      {
        path: 'merchant.ownership.owner.ownerEmail',
        label: 'Owner email',
        required: true,
        max: 300,
        input: 'email',
        ...email,
      },
      { path: 'merchant.ownership.owner.ownerPhone', label: 'Owner phone', required: true, max: 12, ...phone },
      {
        path: 'merchant.ownership.driversLicenseNumber',
        label: 'Driver\u2019s license number',
        required: true,
        max: 100,
      },
      {
        path: 'merchant.ownership.driversLicenseStateCd',
        label: 'Driver\u2019s license state',
        required: true,
        max: 2,
        input: 'choice',
        choices: 'stateCodes',
      },
    ],
  },
  {
    id: 'owner-address',
    legend: 'Owner\u2019s home address',
    fields: addressFields('merchant.ownership.owner.ownerAddress', 'Owner address'),
  },
  { id: 'deposit-bank', legend: 'Deposit bank', fields: bankFields('merchant.bankDetail.depositBank', 'Deposit bank') },
  {
    id: 'withdrawal-bank',
    legend: 'Withdrawal bank',
    fields: bankFields('merchant.bankDetail.withdrawalBank', 'Withdrawal bank'),
    sameAs: { group: 'deposit-bank', label: 'Same as the deposit bank' },
  },
  {
    id: 'site-user',
    legend: 'Owner\u2019s web sign-in',
    fields: [
      { path: 'ownerSiteUser.firstName', label: 'Sign-in first name', required: true, max: 300 },
      { path: 'ownerSiteUser.lastName', label: 'Sign-in last name', required: true, max: 300 },
      { path: 'ownerSiteUser.email', label: 'Sign-in email', required: true, max: 300, input: 'email', ...email },
    ],
  },
];

/** Every field of the form by its path. */
export const applicationFields: ReadonlyMap<string, ApplicationField> = new Map(
  applicationGroups.flatMap((group) => group.fields.map((field) => [field.path, field] as const)),
);

/** What the person typed, by path, and which groups copy another. */
export interface ApplicationDraft {
  readonly values: Readonly<Record<string, string>>;
  readonly same: Readonly<Record<string, boolean>>;
}

/** A blank form: country US, the copying groups ticked. */
export function blankDraft(): ApplicationDraft {
  const values: Record<string, string> = {};
  for (const path of applicationFields.keys()) values[path] = path.endsWith('.countryCd') ? 'US' : '';
  return { values, same: { 'mailing-address': true, 'withdrawal-bank': true } };
}

/** The draft's value of every field, a ticked "same as" group taking the other group's values. */
export function effectiveValues(draft: ApplicationDraft): Record<string, string> {
  const values: Record<string, string> = { ...draft.values };
  for (const group of applicationGroups) {
    if (!group.sameAs || !draft.same[group.id]) continue;
    const source = applicationGroups.find((other) => other.id === group.sameAs!.group)!;
    group.fields.forEach((field, index) => {
      values[field.path] = values[source.fields[index]!.path] ?? '';
    });
  }
  return values;
}

/** What is wrong with one value, in words that name the field; null when it is fine. */
export function fieldProblem(field: ApplicationField, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return field.required ? `${field.label} is required.` : null;
  if (value.length > field.max) return `${field.label} is ${value.length} characters; at most ${field.max}.`;
  if (field.pattern && !field.pattern.test(value)) return `${field.label} must be ${field.format}.`;
  if (Array.isArray(field.choices) && !field.choices.includes(value))
    return `${field.label} must be one of ${field.choices.join(', ')}.`;
  return null;
}

/** Every field's problem, by path, for the fields the form shows (a copying group's are its source's). */
export function draftProblems(
  draft: ApplicationDraft,
  groups: readonly FieldGroup[] = applicationGroups,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const group of groups) {
    if (group.sameAs && draft.same[group.id]) continue;
    for (const field of group.fields) {
      const problem = fieldProblem(field, draft.values[field.path] ?? '');
      if (problem) problems[field.path] = problem;
    }
  }
  return problems;
}

/**
 * The problems still standing after an edit: each one shown is checked again against the draft,
 * so a field the person fixed loses its message at once, and one still wrong says why now. No
 * new problem appears while typing; saving checks the whole form again.
 */
export function standingProblems(
  shown: Readonly<Record<string, string>>,
  draft: ApplicationDraft,
  groups: readonly FieldGroup[] = applicationGroups,
): Record<string, string> {
  const now = draftProblems(draft, groups);
  return Object.fromEntries(
    Object.keys(shown)
      .filter((path) => now[path] !== undefined)
      .map((path) => [path, now[path]!]),
  );
}

/** What training's boarding service accepts, said under the template id and sales code fields. */
export function withTrainingChoices(
  groups: readonly FieldGroup[],
  choices: { readonly templateIds: readonly number[]; readonly salesCodes: readonly string[] } | null | undefined,
): readonly FieldGroup[] {
  if (!choices) return groups;
  const said: Readonly<Record<string, string>> = {
    templateId: `Training\u2019s templates: ${choices.templateIds.join(' or ')}.`,
    'merchant.salesCode': `Training\u2019s sales codes: ${choices.salesCodes.join(' or ')}.`,
  };
  return groups.map((group) => ({
    ...group,
    fields: group.fields.map((field) =>
      said[field.path] ? { ...field, hint: [field.hint, said[field.path]].filter(Boolean).join(' ') } : field,
    ),
  }));
}

type Tree = { [key: string]: unknown };

/** Sets `value` at the dotted `path` of `tree`, making the objects on the way. */
export function setAtPath(tree: Tree, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Tree;
  }
  node[parts.at(-1)!] = value;
}

/** Reads the value at the dotted `path` of `tree` as the form shows it (absent and null read as ""). */
export function textAtPath(tree: unknown, path: string): string {
  let node = tree;
  for (const part of path.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Tree)[part] : undefined;
  }
  return node === undefined || node === null ? '' : String(node);
}

/**
 * The create request from a checked draft: `templateId` a number, every other field trimmed, an
 * empty optional field sent as null rather than "" so the service keeps no blank value.
 */
export function createRequest(draft: ApplicationDraft): { templateId: number; merchant: Tree; ownerSiteUser: Tree } {
  const values = effectiveValues(draft);
  const request: Tree = {};
  for (const [path, raw] of Object.entries(values)) {
    if (path === 'templateId') continue;
    const value = raw.trim();
    setAtPath(request, path, value === '' ? null : value);
  }
  return {
    templateId: Number(values.templateId),
    merchant: request.merchant as Tree,
    ownerSiteUser: request.ownerSiteUser as Tree,
  };
}

/** The groups an existing application's edit form shows: the merchant's, not the template or the web sign-in. */
export const editGroups: readonly FieldGroup[] = applicationGroups
  .filter((group) => group.fields.every((field) => field.path.startsWith('merchant.')))
  .concat({ id: 'sales', legend: 'Sales code', fields: [applicationFields.get('merchant.salesCode')!] });

/** An edit form filled from the merchant as the service holds it; no group copies another. */
export function draftFromMerchant(merchant: unknown): ApplicationDraft {
  const values: Record<string, string> = {};
  for (const group of editGroups)
    for (const field of group.fields) values[field.path] = textAtPath({ merchant }, field.path);
  return { values, same: {} };
}

/** Fields the service reports and never takes back. */
const readOnlyMerchantFields = ['merchantStatus', 'signatureStatus'];

/**
 * The update request: the merchant as loaded with the form's fields written over it, so every
 * object goes whole. The service nulls a sent object's omitted children; starting from what it
 * holds keeps the children this form does not show (pricing, fees, processing...).
 */
export function updateRequest(loaded: Tree, draft: ApplicationDraft): Tree {
  const merchant = structuredClone(loaded);
  for (const field of readOnlyMerchantFields) delete merchant[field];
  const root: Tree = { merchant };
  for (const group of editGroups) {
    for (const field of group.fields) {
      const value = (draft.values[field.path] ?? '').trim();
      setAtPath(root, field.path, value === '' ? null : value);
    }
  }
  return merchant;
}
