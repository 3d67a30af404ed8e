/**
 * The custom fields an application's template requires before the owner may be asked to sign,
 * said in the owner's words: the field's label and where to fill it in, never the wire's
 * `customFields[1]: ... (1250)`. The back office checks them before it asks the service, and
 * words the service's own refusal (1250) the same way when the service knows better.
 */
import type { CustomField, WireError } from '../reference/boarding-wire';
import { LaneError } from '../lane/errors';

/** The service's code for a required custom field left empty at Request Signature. */
const requiredFieldCode = '1250';

const quoted = (labels: readonly string[]) => {
  const each = labels.map((label) => `"${label}"`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : (each[0] ?? '');
};

/** What to tell the person before a signature is requested without these fields. */
export function requiredFieldsWords(labels: readonly string[]): string {
  const fields = labels.length > 1 ? 'custom fields' : 'custom field';
  return `The owner cannot be asked to sign yet: fill in the required ${fields} ${quoted(labels)} under Custom fields and save, then request the signature.`;
}

/** Active required fields with no value, as Get Custom Fields reports them. */
export function missingRequiredFields(fields: readonly CustomField[]): CustomField[] {
  return fields.filter(
    (field) => field.isActive === 1 && field.isRequired === 1 && !(field.customFieldValue ?? '').trim(),
  );
}

/** Refuses a signature request while required fields are empty, naming the first one's form field. */
export function refuseSignatureWithout(missing: readonly CustomField[]): void {
  if (missing.length === 0) return;
  throw new LaneError(
    'invalid',
    requiredFieldsWords(missing.map((field) => field.customFieldLabel)),
    `customFields[${missing[0]!.userFieldNumber}]`,
  );
}

/** The service's own refusal for empty required fields (1250) in words; undefined for any other answer. */
export function requiredFieldsAnswerWords(errors: readonly WireError[]): string | undefined {
  if (errors.length === 0 || !errors.every((error) => error.code === requiredFieldCode)) return undefined;
  const labels = errors.map((error) => /"([^"]+)"/.exec(error.message)?.[1] ?? error.errorField ?? 'a required field');
  return requiredFieldsWords(labels);
}
