import type { Equipment } from '../../reference/boarding-wire';
import type { BoardingConfig } from './boarding-store';

/** The API user and registration the emulator accepts (printed by `lanepoint emulator --boarding`). */
export interface BoardingEmulatorCredentials {
  readonly username: string;
  readonly password: string;
  readonly clientId: string;
  /**
   * Carries a test card number on purpose: the project's scan looks for card data, not secrets,
   * so a leak of this secret into logs or test-results/ is caught by the card-data scan.
   */
  readonly clientSecret: string;
}

export const defaultBoardingCredentials: BoardingEmulatorCredentials = {
  username: 'lanepoint-api',
  password: 'training-api-pass',
  clientId: 'merchapi',
  clientSecret: 'bsec-4788250000121443-training',
};

/** One catalog row: id, name, model, supplier, price and monthly plan price. */
type CatalogRow = readonly [
  equipmentId: number,
  equipmentName: string,
  model: string,
  supplier: string,
  price: string,
  plan: string,
];

/** The catalog entries of one equipment type, from their rows. */
function equipmentOf(type: string, rows: readonly CatalogRow[]): Equipment[] {
  return rows.map(([equipmentId, equipmentName, model, supplier, price, plan]) => ({
    equipmentId,
    equipmentName,
    description: `${equipmentName} for the counter`,
    make: 'Lanepoint Training',
    model,
    imageUrl: '',
    sku: `LP-${equipmentId}`,
    platformCd: 'CARDPOINTE',
    equipmentTypeCd: type,
    equipmentSupplierCd: supplier,
    defaultPrice: price,
    defaultPlanPrice: plan,
    allowCustomBillingFlg: plan !== '0.00',
    standardShippingPrice: '15.00',
    expeditedShippingPrice: '35.00',
  }));
}

/** A catalog of terminals, gateways and software, long enough to page through. */
const catalog: Equipment[] = [
  ...equipmentOf('TERMINAL', [
    [101, 'Countertop terminal', 'CT-100', 'CARDCONNECT', '349.00', '19.95'],
    [102, 'Countertop terminal with PIN pad', 'CT-200', 'CARDCONNECT', '449.00', '24.95'],
    [103, 'Wireless terminal', 'WT-300', 'CARDCONNECT', '549.00', '29.95'],
    [104, 'Integrated PIN pad', 'PP-400', 'CARDCONNECT', '299.00', '14.95'],
    [105, 'Encrypting card reader', 'CR-110', 'MAGTEK', '99.00', '0.00'],
    [106, 'Receipt printer 80 mm', 'RP-80', 'MAGTEK', '199.00', '0.00'],
  ]),
  ...equipmentOf('GATEWAY', [
    [201, 'Gateway access', 'GW-1', 'CARDCONNECT', '0.00', '10.00'],
    [202, 'Gateway with tokenization', 'GW-2', 'CARDCONNECT', '0.00', '15.00'],
  ]),
  ...equipmentOf('SOFTWARE', [
    [301, 'Virtual terminal software', 'VT-1', 'CARDCONNECT', '0.00', '9.95'],
    [302, 'Recurring billing software', 'RB-1', 'CARDCONNECT', '0.00', '12.95'],
    [303, 'Lane software licence', 'LS-1', 'INGENICO', '79.00', '0.00'],
    [304, 'Back office licence', 'BO-1', 'INGENICO', '129.00', '0.00'],
  ]),
];

export const defaultBoardingConfig: BoardingConfig = {
  templateIds: [999, 1000],
  salesCodes: ['LPTRAIN', 'LPSTORE'],
  customFields: [
    { userFieldNumber: 1, customFieldLabel: 'Store number', isRequired: 1, isActive: 1 },
    { userFieldNumber: 2, customFieldLabel: 'Region', isRequired: 0, isActive: 1 },
    { userFieldNumber: 3, customFieldLabel: 'Legacy code', isRequired: 1, isActive: 0 },
  ],
  catalog,
  declineWhenDbaContains: 'decline',
};
