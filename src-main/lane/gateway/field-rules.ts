import { ValidationError } from './errors';

/** The spec's type codes: N numeric, A alphabetic, AN alphanumeric (printable US-ASCII). */
export type FieldType = 'N' | 'A' | 'AN';

export interface FieldRule {
  readonly max: number;
  readonly type: FieldType;
}

const patterns: Record<FieldType, RegExp> = {
  N: /^\d*$/,
  A: /^[A-Za-z]*$/,
  // "All request properties are encoded as US ASCII strings": AN allows printable ASCII
  // (names and addresses carry spaces and punctuation).
  AN: /^[\x20-\x7E]*$/,
};

const typeWords: Record<FieldType, string> = {
  N: 'digits only',
  A: 'letters only',
  AN: 'printable US-ASCII characters only',
};

/**
 * `merchid` as the reference declares it on every operation: a string of up to 16 characters,
 * not necessarily digits (some merchant ids carry letters). One rule, so no call refuses a
 * merchant id another accepts: recovery must reach every merchant a sale reached.
 */
export const merchidRule: FieldRule = { max: 16, type: 'AN' };

/** `orderid`: the reference's 50 characters, source-system text. */
export const orderidRule: FieldRule = { max: 50, type: 'AN' };

/** `retref`: the reference's string of up to 14; the gateway issues digits. */
export const retrefRule: FieldRule = { max: 14, type: 'N' };

/** Checks one wire value against its documented maximum length and type. */
export function checkField(field: string, value: string, rule: FieldRule): void {
  if (value.length > rule.max) {
    throw new ValidationError(field, `at most ${rule.max} characters (${rule.type}), got ${value.length}`);
  }
  if (!patterns[rule.type].test(value)) {
    throw new ValidationError(field, `${typeWords[rule.type]} (${rule.type})`);
  }
}

/** Checks every present string field of a wire object against a table of rules. */
export function checkFields(
  wire: Record<string, unknown>,
  rules: Readonly<Record<string, FieldRule>>,
  prefix = '',
): void {
  for (const [field, rule] of Object.entries(rules)) {
    const value = wire[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new ValidationError(`${prefix}${field}`, 'must be a string on the wire');
    checkField(`${prefix}${field}`, value, rule);
  }
}

/** Throws when a required field is missing or empty. */
export function requireField(field: string, value: unknown, why = 'is required'): void {
  if (value === undefined || value === null || value === '') throw new ValidationError(field, why);
}

/** YYYYMMDD naming a real calendar date. */
export function isValidDate(text: string): boolean {
  if (!/^\d{8}$/.test(text)) return false;
  const [year, month, day] = [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** MMYY with a real month, or YYYYMMDD with a real date. */
export function isValidExpiry(expiry: string): boolean {
  if (/^\d{4}$/.test(expiry)) {
    const month = Number(expiry.slice(0, 2));
    return month >= 1 && month <= 12;
  }
  return isValidDate(expiry);
}

/** US postal codes are 5 or 9 digits; elsewhere any alphanumeric. */
export function checkPostal(field: string, postal: string, country: string | undefined): void {
  const us = (country ?? 'US').toUpperCase() === 'US';
  if (us && !/^(\d{5}|\d{9})$/.test(postal)) {
    throw new ValidationError(field, 'a US postal code is 5 or 9 digits');
  }
  if (!us && !/^[A-Za-z0-9 -]*$/.test(postal)) {
    throw new ValidationError(field, 'letters, digits, spaces and dashes only');
  }
}

/** Two-letter country code. */
export function checkCountry(field: string, country: string): void {
  if (!/^[A-Za-z]{2}$/.test(country)) throw new ValidationError(field, 'a two-letter country code, e.g. US');
}

/** The wire object without its absent fields: an omitted field is left out, never sent as null. */
export function definedFields<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as never;
}
