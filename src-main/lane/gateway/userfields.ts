import { ValidationError } from './errors';
import { checkField } from './field-rules';

/** Merchant name/value pairs: an object, or an array of single-pair objects. */
export type Userfields = Readonly<Record<string, string>> | ReadonlyArray<Readonly<Record<string, string>>>;

export const maxUserfieldsBytes = 4000;

/** Custom descriptor entries the gateway reads from userfields (merchant configuration needed). */
const descriptorRules = {
  custommerchant: { max: 12, type: 'AN' },
  customproduct: { max: 12, type: 'AN' },
} as const;

/**
 * Checks userfields: the shape (object, or an array of single-pair objects of strings), the
 * 4000-byte encoded limit, and the custom descriptor fields' formats.
 */
export function checkUserfields(userfields: unknown): void {
  const pairs: Array<[string, unknown]> = [];
  if (Array.isArray(userfields)) {
    userfields.forEach((entry: unknown, index) => {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry) || Object.keys(entry).length !== 1) {
        throw new ValidationError(
          `userfields[${index}]`,
          'each array entry is an object with exactly one name/value pair',
        );
      }
      pairs.push(...Object.entries(entry));
    });
  } else if (userfields !== null && typeof userfields === 'object') {
    pairs.push(...Object.entries(userfields));
  } else {
    throw new ValidationError('userfields', 'an object of name/value pairs, or an array of single-pair objects');
  }
  for (const [name, value] of pairs) {
    if (typeof value !== 'string') throw new ValidationError(`userfields.${name}`, 'values are strings');
    if (name in descriptorRules)
      checkField(`userfields.${name}`, value, descriptorRules[name as keyof typeof descriptorRules]);
    if (name === 'customphone' && !/^\d{10}$/.test(value)) {
      throw new ValidationError('userfields.customphone', 'ten digits, ##########');
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(userfields), 'utf8');
  if (bytes > maxUserfieldsBytes) {
    throw new ValidationError('userfields', `at most ${maxUserfieldsBytes} bytes encoded, got ${bytes}`);
  }
}
