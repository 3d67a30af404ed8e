import { describe, expect, it } from 'vitest';
import { BoardingApiError, describeWireErrors } from '../../../src-main/backoffice/boarding/errors';
import type { WireError } from '../../../src-main/reference/boarding-wire';
import { backofficeErrorOf } from '../../../src-main/backoffice/errors';
import { missingRequiredFields, refuseSignatureWithout } from '../../../src-main/backoffice/required-fields';

const required = (userFieldNumber: number, customFieldLabel: string, customFieldValue: string | null) => ({
  userFieldNumber,
  customFieldLabel,
  customFieldValue,
  isRequired: 1 as const,
  isActive: 1 as const,
});

describe('required custom fields before the owner signs', () => {
  it('names every empty active required field by its label, and the first one\u2019s form field', () => {
    const fields = [
      required(1, 'Store number', null),
      { ...required(2, 'Region', null), isRequired: 0 as const },
      { ...required(3, 'Legacy code', null), isActive: 0 as const },
      required(4, 'Franchise id', '  '),
      required(5, 'District', '7'),
    ];
    const missing = missingRequiredFields(fields);
    expect(missing.map((field) => field.userFieldNumber)).toEqual([1, 4]);
    let refusal: unknown;
    try {
      refuseSignatureWithout(missing);
    } catch (error) {
      refusal = error;
    }
    expect(backofficeErrorOf(refusal)).toEqual({
      code: 'invalid_argument',
      field: 'customFields[1]',
      message:
        'The owner cannot be asked to sign yet: fill in the required custom fields "Store number" and "Franchise id" under Custom fields and save, then request the signature.',
    });
    expect(() => refuseSignatureWithout([])).not.toThrow();
  });

  it('words the service\u2019s own refusal (1250) the same way, not as customFields[1]: ... (1250)', () => {
    const errors: WireError[] = [
      {
        code: '1250',
        message: 'Custom field "Store number" is required.',
        errorField: 'customFields[1]',
        status: 'BAD_REQUEST',
      },
    ];
    const reply = backofficeErrorOf(new BoardingApiError(describeWireErrors(errors), { status: 400, errors }));
    expect(reply).toEqual({
      code: 'invalid_argument',
      field: 'customFields[1]',
      message:
        'The owner cannot be asked to sign yet: fill in the required custom field "Store number" under Custom fields and save, then request the signature.',
    });
    expect(reply?.message).not.toMatch(/1250|customFields\[/);
  });
});
