import { z } from 'zod';

/** The processor's EMV receipt data, decoded from the JSON string in `emvTagData`. */
export interface EmvTagData {
  readonly tvr?: string;
  readonly arc?: string;
  /** "Verified by PIN" when a PIN was entered. */
  readonly pin?: string;
  /** "true", "false", or "unknown" when the requirement could not be determined. */
  readonly signature?: 'true' | 'false' | 'unknown' | (string & {});
  readonly mode?: string;
  readonly tsi?: string;
  readonly applicationPreferredName?: string;
  readonly networkLabel?: string;
  readonly aid?: string;
  readonly iad?: string;
  /** Manual, Chip Read, Contactless Chip, Fallback Keyed. */
  readonly entryMethod?: string;
  readonly applicationLabel?: string;
}

const names: ReadonlyArray<[string, keyof EmvTagData]> = [
  ['TVR', 'tvr'],
  ['ARC', 'arc'],
  ['PIN', 'pin'],
  ['Signature', 'signature'],
  ['Mode', 'mode'],
  ['TSI', 'tsi'],
  ['Application Preferred Name', 'applicationPreferredName'],
  ['Network Label', 'networkLabel'],
  ['AID', 'aid'],
  ['IAD', 'iad'],
  ['Entry method', 'entryMethod'],
  ['Application Label', 'applicationLabel'],
];

/**
 * `emvTagData` arrives as a JSON object serialized into a string (at most 2000 characters).
 * It is read by name; unknown names are ignored. A string that is not such an object is an
 * issue on the field, since the receipt must not silently lose its EMV lines.
 */
export const emvTagDataSchema = z.string().max(2000).transform((raw, context): EmvTagData => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    context.addIssue({ code: 'custom', message: 'emvTagData is not a JSON object string' });
    return z.NEVER;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    context.addIssue({ code: 'custom', message: 'emvTagData is not a JSON object string' });
    return z.NEVER;
  }
  const source = parsed as Record<string, unknown>;
  const decoded: Record<string, string> = {};
  for (const [wire, key] of names) {
    const value = source[wire];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') decoded[key] = String(value);
  }
  return decoded as EmvTagData;
});
