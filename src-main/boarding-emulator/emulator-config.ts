import type { Equipment } from '../boarding/wire';
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

function terminal(
  equipmentId: number,
  equipmentName: string,
  model: string,
  type: string,
  supplier: string,
  price: string,
  plan: string,
): Equipment {
  return {
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
  };
}

/** A catalog of terminals, gateways and software, long enough to page through. */
const catalog: Equipment[] = [
  terminal(101, 'Countertop terminal', 'CT-100', 'TERMINAL', 'CARDCONNECT', '349.00', '19.95'),
  terminal(102, 'Countertop terminal with PIN pad', 'CT-200', 'TERMINAL', 'CARDCONNECT', '449.00', '24.95'),
  terminal(103, 'Wireless terminal', 'WT-300', 'TERMINAL', 'CARDCONNECT', '549.00', '29.95'),
  terminal(104, 'Integrated PIN pad', 'PP-400', 'TERMINAL', 'CARDCONNECT', '299.00', '14.95'),
  terminal(105, 'Encrypting card reader', 'CR-110', 'TERMINAL', 'MAGTEK', '99.00', '0.00'),
  terminal(106, 'Receipt printer 80 mm', 'RP-80', 'TERMINAL', 'MAGTEK', '199.00', '0.00'),
  terminal(201, 'Gateway access', 'GW-1', 'GATEWAY', 'CARDCONNECT', '0.00', '10.00'),
  terminal(202, 'Gateway with tokenization', 'GW-2', 'GATEWAY', 'CARDCONNECT', '0.00', '15.00'),
  terminal(301, 'Virtual terminal software', 'VT-1', 'SOFTWARE', 'CARDCONNECT', '0.00', '9.95'),
  terminal(302, 'Recurring billing software', 'RB-1', 'SOFTWARE', 'CARDCONNECT', '0.00', '12.95'),
  terminal(303, 'Lane software licence', 'LS-1', 'SOFTWARE', 'INGENICO', '79.00', '0.00'),
  terminal(304, 'Back office licence', 'BO-1', 'SOFTWARE', 'INGENICO', '129.00', '0.00'),
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
