import { BadRequest } from './emulator-context';

/** A request field as the emulator's newer services read it: a string within its documented limits. */
export interface WireField {
  readonly max: number;
  /** What the characters must be; a mismatch names the field and `shape`. */
  readonly pattern?: RegExp;
  readonly shape?: string;
  readonly required?: boolean;
}

/**
 * Reads one field of a JSON body or path: absent gives undefined (or BadRequest when required),
 * anything but a string within `max` characters of the pattern is BadRequest naming the field.
 */
export function readField(source: Record<string, unknown>, field: string, rule: WireField): string | undefined {
  const value = source[field];
  if (value === undefined || value === null || value === '') {
    if (rule.required) throw new BadRequest(`${field}: required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new BadRequest(`${field}: must be a string`);
  if (value.length > rule.max) throw new BadRequest(`${field}: at most ${rule.max} characters, got ${value.length}`);
  if (rule.pattern && !rule.pattern.test(value))
    throw new BadRequest(`${field}: ${rule.shape ?? 'not in the documented form'}`);
  return value;
}

/** The documented merchant id: a string of up to 16 characters. */
export const merchidField: WireField = {
  max: 16,
  pattern: /^[\x21-\x7E]+$/,
  shape: 'printable characters without spaces',
  required: true,
};
/** A retrieval reference: digits, up to 14. */
export const retrefField: WireField = { max: 14, pattern: /^\d+$/, shape: 'digits only', required: true };
