import { describe, expect, it } from 'vitest';
import {
  applicationFields,
  applicationGroups,
  blankDraft,
  createRequest,
  draftFromMerchant,
  draftProblems,
  editGroups,
  standingProblems,
  updateRequest,
  withTrainingChoices,
} from '../../../src-renderer/backoffice/application-form';
import { cardShoppe } from './card-shoppe';

describe('the new-application form', () => {
  it('finds nothing wrong with the guide\u2019s minimal example', () => {
    expect(draftProblems(cardShoppe())).toEqual({});
  });

  it('names every required field left empty, and skips a group copying another', () => {
    const problems = draftProblems(blankDraft());
    expect(problems['merchant.dbaName']).toBe('Doing-business-as name is required.');
    expect(problems.templateId).toBe('Application template id is required.');
    expect(problems['merchant.ownership.owner.ownerPhone']).toBe('Owner phone is required.');
    expect(problems['merchant.demographic.businessAddress.address2']).toBeUndefined();
    expect(Object.keys(problems).some((path) => path.includes('mailingAddress'))).toBe(false);
    expect(Object.keys(problems).some((path) => path.includes('withdrawalBank'))).toBe(false);
  });

  it('says how a value must look, naming the field', () => {
    const draft = cardShoppe();
    const problems = draftProblems({
      ...draft,
      values: {
        ...draft.values,
        'merchant.ownership.owner.ownerPhone': '5551234567',
        'merchant.bankDetail.depositBank.bankRoutingNum': '98765432',
        'merchant.taxFilingName': 'Card Shoppe, LLC',
        'merchant.dbaName': 'x'.repeat(101),
        templateId: 'T-1',
      },
    });
    expect(problems).toEqual({
      'merchant.ownership.owner.ownerPhone': 'Owner phone must be ###-###-####.',
      'merchant.bankDetail.depositBank.bankRoutingNum': 'Deposit bank: routing number must be 9 digits.',
      'merchant.taxFilingName': 'Tax filing name must be letters, digits, spaces, & and - only.',
      'merchant.dbaName': 'Doing-business-as name is 101 characters; at most 100.',
      templateId: 'Application template id must be digits only.',
    });
  });

  it('keeps a shown problem only while its field is still wrong, saying why now, and adds none while typing', () => {
    const shown = draftProblems(blankDraft());
    const typed = blankDraft();
    const draft = {
      ...typed,
      values: { ...typed.values, templateId: '999', 'merchant.ownership.owner.ownerPhone': '5551234567' },
    };
    const standing = standingProblems(shown, draft);
    expect(standing.templateId).toBeUndefined();
    expect(standing['merchant.ownership.owner.ownerPhone']).toBe('Owner phone must be ###-###-####.');
    expect(standing['merchant.dbaName']).toBe('Doing-business-as name is required.');
    expect(Object.keys(standing)).toHaveLength(Object.keys(shown).length - 1);
    expect(standingProblems({}, blankDraft())).toEqual({});
  });

  it('says training\u2019s templates and sales codes under their fields, and nothing outside training', () => {
    const choices = { templateIds: [999, 1000], salesCodes: ['LPTRAIN', 'LPSTORE'] };
    const fields = new Map(
      withTrainingChoices(applicationGroups, choices).flatMap((group) =>
        group.fields.map((field) => [field.path, field.hint] as const),
      ),
    );
    expect(fields.get('merchant.salesCode')).toBe('Training\u2019s sales codes: LPTRAIN or LPSTORE.');
    expect(fields.get('templateId')).toMatch(
      /fills pricing, fees and equipment\. Training\u2019s templates: 999 or 1000\.$/,
    );
    expect(withTrainingChoices(editGroups, null)).toBe(editGroups);
  });

  it('checks the mailing address when it is not the business address', () => {
    const draft = cardShoppe();
    const problems = draftProblems({ ...draft, same: { ...draft.same, 'mailing-address': false } });
    expect(problems['merchant.demographic.mailingAddress.address1']).toBe('Mailing address: street is required.');
  });

  it('builds the create request: template id a number, copied groups filled, empty optional fields null', () => {
    const typed = cardShoppe();
    const draft = { ...typed, values: { ...typed.values, 'merchant.ownership.owner.ownerAddress.address2': '  ' } };
    const request = createRequest(draft);
    expect(request.templateId).toBe(1001);
    const merchant = request.merchant as {
      demographic: { businessAddress: object; mailingAddress: object };
      bankDetail: { depositBank: object; withdrawalBank: object };
      ownership: { owner: { ownerAddress: { address2: unknown } } };
    };
    expect(merchant.demographic.mailingAddress).toEqual(merchant.demographic.businessAddress);
    expect(merchant.bankDetail.withdrawalBank).toEqual(merchant.bankDetail.depositBank);
    expect(merchant.ownership.owner.ownerAddress.address2).toBeNull();
    expect(request.ownerSiteUser).toEqual({ firstName: 'Forename', lastName: 'Surname', email: 'name@email.com' });
  });

  it('lists every field the guide\u2019s minimal example holds', () => {
    for (const path of [
      'merchant.salesCode',
      'merchant.ownership.driversLicenseStateCd',
      'merchant.bankDetail.withdrawalBank.bankName',
    ])
      expect(applicationFields.has(path)).toBe(true);
  });
});

describe('the edit form', () => {
  const loaded: Record<string, unknown> = {
    ...createRequest(cardShoppe()).merchant,
    fees: { achBatchFee: 0.1, appFee: 25 },
    merchantStatus: { boardingProcessStatusCd: 'INPROG' },
    signatureStatus: { signatureStatusCd: 'NOT_SENT' },
  };

  it('sends every object whole: the children the form does not show are sent back as loaded', () => {
    const filled = draftFromMerchant(loaded);
    const draft = { ...filled, values: { ...filled.values, 'merchant.dbaName': 'Card Shoppe Downtown' } };
    const sent = updateRequest(loaded, draft) as Record<string, Record<string, unknown>>;
    expect(sent.dbaName).toBe('Card Shoppe Downtown');
    expect(sent.fees).toEqual({ achBatchFee: 0.1, appFee: 25 });
    expect(sent.ownership).toEqual(loaded.ownership);
    expect(sent.merchantStatus).toBeUndefined();
    expect(sent.signatureStatus).toBeUndefined();
  });

  it('leaves out the template id and the web sign-in, which the service does not update here', () => {
    const paths = editGroups.flatMap((group) => group.fields.map((field) => field.path));
    expect(paths).toContain('merchant.salesCode');
    expect(paths.some((path) => !path.startsWith('merchant.'))).toBe(false);
  });
});
