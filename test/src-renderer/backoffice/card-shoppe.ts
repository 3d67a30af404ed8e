import { blankDraft, type ApplicationDraft } from '../../../src-renderer/backoffice/application-form';

/** The guide's minimal example ("The Card Shoppe"), as a person would type it. */
export function cardShoppe(): ApplicationDraft {
  const draft = blankDraft();
  const values: Record<string, string> = {
    ...draft.values,
    templateId: '1001',
    'merchant.salesCode': 'SC100',
    'merchant.dbaName': 'The Card Shoppe',
    'merchant.legalBusinessName': 'The Card Shoppe',
    'merchant.taxFilingName': 'The Card Shoppe LLC',
    'merchant.taxFilingMethod': 'EIN',
    'merchant.ownership.owner.ownerName': 'Forename Surname',
    'merchant.ownership.owner.ownerTitle': 'CEO',
    'merchant.ownership.owner.ownerEmail': 'name@email.com',
    'merchant.ownership.owner.ownerPhone': '555-123-4567',
    'merchant.ownership.driversLicenseNumber': '123456789',
    'merchant.ownership.driversLicenseStateCd': 'CO',
    'ownerSiteUser.firstName': 'Forename',
    'ownerSiteUser.lastName': 'Surname',
    'ownerSiteUser.email': 'name@email.com',
  };
  const address = { address1: '123 Fake Street', address2: 'Suite 300', city: 'Keystone', stateCd: 'CO', zip: '80435' };
  for (const [child, value] of Object.entries(address)) {
    values[`merchant.demographic.businessAddress.${child}`] = value;
    values[`merchant.ownership.owner.ownerAddress.${child}`] = value;
  }
  const bank = {
    bankName: 'Deposit Bank',
    bankRoutingNum: '987654321',
    bankAcctNum: '123456789',
    bankAcctTypeCd: 'BIZ',
  };
  for (const [child, value] of Object.entries(bank)) values[`merchant.bankDetail.depositBank.${child}`] = value;
  return { ...draft, values };
}
