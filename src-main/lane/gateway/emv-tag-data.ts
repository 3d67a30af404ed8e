import { z } from 'zod';

/** The processor's EMV receipt data, read from `emvTagData` (a JSON string or an object). */
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

function decode(source: Record<string, unknown>): EmvTagData {
  const decoded: Record<string, string> = {};
  for (const [wire, key] of names) {
    const value = source[wire];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      decoded[key] = String(value);
  }
  return decoded as EmvTagData;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `emvTagData` comes two ways: the developer guides show a JSON object serialized into a string
 * (at most 2000 characters), the OpenAPI file declares an object. Either is read by name, and
 * unknown names are ignored. Anything else is an issue on the field, since the receipt must not
 * silently lose its EMV lines.
 */
export const emvTagDataSchema = z
  .union([z.string().max(2000), z.record(z.string(), z.unknown())])
  .transform((raw, context): EmvTagData => {
    if (typeof raw !== 'string') return decode(raw);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (!isObject(parsed)) {
      context.addIssue({ code: 'custom', message: 'emvTagData is neither an object nor a JSON object string' });
      return z.NEVER;
    }
    return decode(parsed);
  });
