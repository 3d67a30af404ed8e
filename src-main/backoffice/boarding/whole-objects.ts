import { BoardingValidationError } from './errors';
import type { Merchant } from '../../reference/boarding-wire';

/**
 * The partial-update rule (spec "Partial update rule", FACTS "A PUT that sends an object nulls
 * every child left out of it"): an object sent in a PUT replaces the stored one, and every child
 * it leaves out becomes null. The client therefore sends each object whole, or refuses.
 */

const address = ['address1', 'address2', 'city', 'stateCd', 'zip', 'countryCd'];
const bank = ['bankAcctNum', 'bankRoutingNum', 'bankAcctTypeCd', 'bankName'];

/** The children the spec and the reference list for each object, by its name under the merchant. */
const knownChildren: Readonly<Record<string, readonly string[]>> = {
  hierarchy: ['corpLevel', 'chainLevel', 'sponsorBankCd'],
  demographic: [
    'businessIncorporatedStateCd',
    'merchantTimeZone',
    'websiteAddress',
    'businessPhone',
    'businessFax',
    'businessAddress',
    'mailingAddress',
  ],
  businessAddress: address,
  mailingAddress: address,
  ownerAddress: address,
  shippingAddress: address,
  bankDetail: ['depositBank', 'withdrawalBank'],
  depositBank: bank,
  withdrawalBank: bank,
  merchantContactInfo: ['contactName', 'contactEmail', 'contactPhone'],
  ownership: [
    'owner',
    'additionalOwners',
    'ownershipTypeCd',
    'publiclyTradedFlag',
    'stockSymbol',
    'driversLicenseNumber',
    'driversLicenseStateCd',
    'ownerOwnershipPct',
  ],
  owner: [
    'ownerAddress',
    'ownerEmail',
    'ownerName',
    'ownerDob',
    'ownerPhone',
    'ownerMobilePhone',
    'ownerSSN',
    'ownerTitle',
  ],
  vendorSecurityAndVault: [
    'vendorSecurityBundleCd',
    'vaultDataProtectionFlg',
    'vaultTokenTypeCd',
    'vaultMultiPayToken',
  ],
};

/** Fields of Get Merchant that are the service's own (statuses), never sent back. */
export const readOnlyMerchantFields: readonly string[] = ['merchantStatus', 'signatureStatus'];

type Plain = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Every child a sent object leaves out that the service would null: the children the reference
 * lists for it, and the children the stored object has. Dotted paths, e.g.
 * `merchant.demographic.businessAddress.zip`. Objects not sent are not checked: they keep their
 * values. Arrays are values: sent whole or not at all.
 */
export function omittedChildren(sent: Merchant, stored: Merchant | undefined): string[] {
  const missing: string[] = [];
  const visit = (name: string, sentObject: Plain, storedObject: unknown, path: string) => {
    const expected = new Set([
      ...(knownChildren[name] ?? []),
      ...(isPlainObject(storedObject) ? Object.keys(storedObject) : []),
    ]);
    for (const child of expected) {
      if (!(child in sentObject)) missing.push(`${path}.${child}`);
    }
    for (const [child, value] of Object.entries(sentObject)) {
      if (isPlainObject(value))
        visit(child, value, isPlainObject(storedObject) ? storedObject[child] : undefined, `${path}.${child}`);
    }
  };
  for (const [field, value] of Object.entries(sent)) {
    if (readOnlyMerchantFields.includes(field)) continue;
    if (isPlainObject(value)) visit(field, value, stored?.[field], `merchant.${field}`);
  }
  return missing;
}

/** Refuses an update that would null children it does not name; the message lists them. */
export function requireWholeObjects(sent: Merchant, stored: Merchant | undefined): void {
  const missing = omittedChildren(sent, stored);
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
  throw new BoardingValidationError(
    missing[0]!,
    `a sent object nulls every child it leaves out; send it whole (null to clear a child): missing ${shown}`,
  );
}

function mergeObject(stored: unknown, patch: Plain, name: string): Plain {
  const base = isPlainObject(stored) ? stored : {};
  const merged: Plain = {};
  for (const child of knownChildren[name] ?? []) merged[child] = null;
  for (const [child, value] of Object.entries(base)) merged[child] = value;
  for (const [child, value] of Object.entries(patch)) {
    merged[child] = isPlainObject(value) ? mergeObject(base[child], value, child) : value;
  }
  return merged;
}

/**
 * The merchant to PUT for a change: each object the patch touches, merged into the stored one,
 * whole (children never set are sent as null, which is what they are). Top-level fields the
 * patch does not touch are not sent, so they keep their values. Read-only fields are dropped.
 */
export function wholeUpdate(stored: Merchant, patch: Merchant): Merchant {
  const sent: Merchant = {};
  for (const [field, value] of Object.entries(patch)) {
    if (readOnlyMerchantFields.includes(field)) continue;
    sent[field] = isPlainObject(value) ? mergeObject(stored[field], value, field) : value;
  }
  return sent;
}
