import type { CodeName } from '../../reference/boarding-wire';
import type { CodeRow } from './code-row';
import { placeCodeRows } from './place-codes';

/**
 * The code lists of `GET /lookup/*`, with the codes and names the reference publishes for each
 * (boarding-openapi.yaml, the examples of its lookup schemas). The service may add codes: clients
 * show unknown ones as they come.
 */
const codeRows: Readonly<Record<string, readonly CodeRow[]>> = {
  ...placeCodeRows,
  amexProgramAssetCodes: [
    ['OPTBLUE', 'American Express(AMEX) OptBlue'],
    ['ESA', 'American Express(AMEX) ESA'],
  ],
  attachmentTypeCodes: [
    ['501C', '501C Form'],
    ['ACCTUPDTR', 'Account Updater Addendum'],
    ['ACCTUPDTRINTAKE', 'Account Updater - Intake Form'],
    ['ACCTUPDTRMC', 'Account Updater - MasterCard Update Form'],
    ['ACCTUPDTRVISA', 'Account Updater - VISA Update Form'],
    ['ACCTUPDTRAGG', 'Account Updater Aggregator Addendum'],
    ['ACHFEESCHD', 'ACH - Fee Schedule'],
    ['ACHLST3BNK', 'ACH - Last 3 Bank Statements'],
    ['ACHPROCSRV', 'ACH - Processing Services Agreement'],
    ['ACHPROFITSTR', 'ACH - ProfitStars Application'],
    ['ACKACCEPTAGRMT', 'Acknowledgement of Acceptance of Agreement'],
    ['APPLIC', 'Application form'],
    ['BPACHPROCESSING', 'Blue Chex ACH Processing'],
    ['BOARDING', 'Boarding Form'],
    ['CANCELREQ', 'Cancel Request'],
    ['CLIQUEAGREEMENT', 'Clique Agreement'],
    ['CLOVER', 'Clover Addendum'],
    ['CLOVERGO', 'CloverGo Addendum'],
    ['DISCARD', 'Discard'],
    ['EQUIPMENTRENTAL', 'Equipment Rental'],
    ['GEP', 'GEP Addendum'],
    ['FIN', 'Merchant Financials'],
    ['OTHER', 'Other'],
    ['SIGNEDAPP', 'Signed Application'],
    ['SIGNEDCONFIRMATION', 'Signed Confirmation Page'],
    ['STMTS', 'Statements'],
    ['TELECHECK', 'Telecheck Addendum'],
    ['VOIDBNKCHK1', 'Bank 1 Voided Check'],
    ['VOIDBNKCHK2', 'Bank 2 Voided Check'],
  ],
  backEndPlatformCodes: [
    ['AMEX', 'American Express Pltfrm'],
    ['PSTR', 'ProfitStars Pltfrm'],
    ['MNRS', 'Moneris Pltfrm'],
    ['PEXP', 'Payment Express Pltfrm'],
    ['WLDP', 'Worldpay Pltfrm'],
    ['PPAL', 'PayPal Pltfrm'],
    ['TSYSB', 'TSYS - BE Pltfrm'],
    ['SVS', 'Stored Value Solutions Pltfrm'],
    ['CPSAB', 'CP Salem - BE Pltfrm'],
    ['VNTV', 'Vantiv Pltfrm'],
    ['FDSOB', 'FD South - BE Pltfrm'],
    ['FDMEB', 'FE Memphis - BE Pltfrm'],
    ['LITL', 'Litle Pltfrm'],
    ['FDNOB', 'FD North - BE Pltfrm'],
    ['FDOMB', 'FD Omaha - BE Pltfrm'],
    ['CRDX', 'Credorax Pltfrm'],
    ['CPTAB', 'CP Tampa - BE Pltfrm'],
    ['GBLP', 'Global Payment Pltfrm'],
    ['ELVN', 'Elavon Pltfrm'],
  ],
  bankAcctTypes: [
    ['BIZ', 'Business Checking'],
    ['GL', 'General Ledger'],
    ['SAVINGS', 'Savings'],
  ],
  billToCodes: [
    ['PARTNER', 'Partner Residuals'],
    ['PARTNERCC', 'Partner Credit Card'],
    ['CUST', 'Customer'],
  ],
  billToDetailCodes: [
    ['CC', 'CardConnect'],
    ['INTSALE', 'Internal Sale'],
    ['SWAP', 'Swap'],
    ['NEXTECH', 'NexTech'],
    ['PO', 'Purchase Order'],
  ],
  billingFrequencyCodes: [
    ['ONETIME', 'One Time'],
    ['MONTHLY', 'Monthly'],
  ],
  cloverSecurityBundleCodes: [
    ['CSPFB', 'Clover Security Plus - Full Bundle (01)'],
    ['PCI', 'PCI Compliance Tool Only (04)'],
    ['OPTOUT', 'Opt Out (09)'],
    ['TDP', 'TransArmor Data Protection (13)'],
    ['TDPPCI', 'Clover Security-TransArmor Data Protection + PCI Compliance Tool (21)'],
  ],
  discoverProgramCodes: [
    ['EASI', 'External Agent Sales Incentive'],
    ['MAP', 'Merchant Acquiring Program'],
  ],
  equipmentSupplierCodes: [
    ['FDMP', 'First Data Marketplace'],
    ['CARDCONNECT', 'CardConnect'],
    ['THIRDPARTY', 'Thirdparty'],
    ['TMS', 'TMS'],
  ],
  equipmentTypeCodes: [
    ['TERMINAL', 'Terminal'],
    ['GATEWAY', 'Gateway'],
    ['SOFTWARE', 'Software'],
  ],
  frontEndPlatformCodes: [
    ['AMEX', 'American Express Pltfrm'],
    ['CPSAF', 'CP Salem - FE Pltfrm'],
    ['CPTAF', 'CP Tampa - FE Pltfrm'],
    ['CRDX', 'Credorax Pltfrm'],
    ['ELVN', 'Elavon Pltfrm'],
    ['FDBUF', 'FD BuyPass - FE Pltfrm'],
    ['RCBUF', 'FD RC BuyPass - FE Pltfrm'],
    ['RCBUF', 'FD RC BuyPass - FE Pltfrm'],
    ['FDBUF', 'FD BuyPass - FE Pltfrm'],
    ['RCBUF', 'FD RC BuyPass - FE Pltfrm'],
    ['FDBUF', 'FD BuyPass - FE Pltfrm'],
    ['FDCOF', 'FD Compass - FE Pltfrm'],
    ['FDNAF', 'FD Nashville - FE Pltfrm'],
    ['FDNAF', 'FD Nashville - FE Pltfrm'],
    ['FDNAF', 'FD Nashville - FE Pltfrm'],
    ['FDNOF', 'FD North - FE Pltfrm'],
    ['FDNOF', 'FD North - FE Pltfrm'],
    ['FDOMF', 'FD Omaha - FE Pltfrm'],
    ['RCNAF', 'FD RC Nashville - FE Pltfrm'],
    ['RCNAF', 'FD RC Nashville - FE Pltfrm'],
    ['RCNOF', 'FD RC North - FE Pltfrm'],
    ['RCNOF', 'FD RC North - FE Pltfrm'],
    ['FDSOF', 'FD South - FE Pltfrm'],
    ['GBLP', 'Global Payment Pltfrm'],
    ['LITL', 'Litle Pltfrm'],
    ['MNRS', 'Moneris Pltfrm'],
    ['PPAL', 'PayPal Pltfrm'],
    ['PEXP', 'Payment Express Pltfrm'],
    ['PSTR', 'ProfitStars Pltfrm'],
    ['SVS', 'Stored Value Solutions Pltfrm'],
    ['TSYSF', 'TSYS - FE Pltfrm'],
    ['TSYSF', 'TSYS - FE Pltfrm'],
    ['VNTV', 'Vantiv Pltfrm'],
    ['VITLF', 'Vital - FE Pltfrm'],
    ['WLDP', 'Worldpay Pltfrm'],
  ],
  interchangeTypeCodes: [
    ['GROSS', 'Gross'],
    ['NET', 'Net'],
  ],
  orderStatusCodes: [
    ['NEW', 'New'],
    ['CANCELLED', 'Cancelled'],
    ['EXPORTED', 'Exported'],
    ['PLACED', 'Placed'],
    ['FULFILLING', 'Fulfilling'],
    ['SHIPPED', 'Shipped'],
  ],
  ownershipTypes: [
    ['GOVT', 'Government'],
    ['INDIVSOLE', 'Individual / Sole Proprietor'],
    ['LLC', 'LLC'],
    ['NONPRFT', 'Non-Profit Org'],
    ['PRTNRSHP', 'Partnership'],
    ['PRIVCORP', 'Private Corporation'],
    ['PUBCORP', 'Public Corporation'],
    ['TAXEXMPT', 'Tax Exempt'],
  ],
  pciProgramCodes: [
    ['ANNUAL', 'PCI Annual Program'],
    ['CONCIERGE', 'PCI Concierge Program'],
  ],
  refundPolicyCodes: [
    ['EXCHONLY', 'Exchange Only'],
    ['NOREFEXCH', 'No Refund or Exchange'],
    ['MORE30', 'More than 30 days'],
    ['LESSEQL30', '30 Days or Less'],
  ],
  serviceProvidedInCodes: [
    ['30LESS', '30 Days or Less'],
    ['31TO60', '31 to 60 Days'],
    ['60PLUS', '60+ Days'],
  ],
  shippingCarrierCodes: [
    ['FEDEX', 'FedEx'],
    ['UPS', 'UPS'],
  ],
  shippingMethodCodes: [
    ['EXPEDITED', 'Expedited'],
    ['STANDARD', 'Standard'],
  ],
  transarmorTokenTypeCodes: [
    ['SINGLE', 'Single Pay'],
    ['MULTI', 'Multi Pay'],
  ],
  whenCustomerChargedCodes: [
    ['INADVANCE', 'In Advance'],
    ['WHENSERV', 'When Service Provided'],
  ],
};

/**
 * The key an answer files its list under, where the reference spells it other than the list's
 * path; every other list is filed under its own name.
 */
const answerKeys: Readonly<Record<string, string>> = {
  serviceProvidedInCodes: 'serviceProvidedCodes',
  transarmorTokenTypeCodes: 'transArmorTokenTypeCodes',
};

/** Each lookup list in the answer's shape: the key it is filed under and its codes as `{ code, name }`. */
export const lookupCodes: Readonly<Record<string, { key: string; codes: readonly CodeName[] }>> = Object.fromEntries(
  Object.entries(codeRows).map(([list, rows]) => [
    list,
    { key: answerKeys[list] ?? list, codes: rows.map(([code, name]) => ({ code, name })) },
  ]),
);
