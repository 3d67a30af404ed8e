import type { CodeName } from '../boarding/wire';
import { placeLookupCodes } from './place-codes';

/**
 * The code lists of `GET /lookup/*`, with the codes and names the reference publishes for each
 * (boarding-openapi.yaml, the examples of its lookup schemas), and the key each answer files its
 * list under. The service may add codes: clients show unknown ones as they come.
 */
export const lookupCodes: Readonly<Record<string, { key: string; codes: readonly CodeName[] }>> = {
  ...placeLookupCodes,
  amexProgramAssetCodes: {
    key: 'amexProgramAssetCodes',
    codes: [
      { code: 'OPTBLUE', name: 'American Express(AMEX) OptBlue' },
      { code: 'ESA', name: 'American Express(AMEX) ESA' },
    ],
  },
  attachmentTypeCodes: {
    key: 'attachmentTypeCodes',
    codes: [
      { code: '501C', name: '501C Form' },
      { code: 'ACCTUPDTR', name: 'Account Updater Addendum' },
      { code: 'ACCTUPDTRINTAKE', name: 'Account Updater - Intake Form' },
      { code: 'ACCTUPDTRMC', name: 'Account Updater - MasterCard Update Form' },
      { code: 'ACCTUPDTRVISA', name: 'Account Updater - VISA Update Form' },
      { code: 'ACCTUPDTRAGG', name: 'Account Updater Aggregator Addendum' },
      { code: 'ACHFEESCHD', name: 'ACH - Fee Schedule' },
      { code: 'ACHLST3BNK', name: 'ACH - Last 3 Bank Statements' },
      { code: 'ACHPROCSRV', name: 'ACH - Processing Services Agreement' },
      { code: 'ACHPROFITSTR', name: 'ACH - ProfitStars Application' },
      { code: 'ACKACCEPTAGRMT', name: 'Acknowledgement of Acceptance of Agreement' },
      { code: 'APPLIC', name: 'Application form' },
      { code: 'BPACHPROCESSING', name: 'Blue Chex ACH Processing' },
      { code: 'BOARDING', name: 'Boarding Form' },
      { code: 'CANCELREQ', name: 'Cancel Request' },
      { code: 'CLIQUEAGREEMENT', name: 'Clique Agreement' },
      { code: 'CLOVER', name: 'Clover Addendum' },
      { code: 'CLOVERGO', name: 'CloverGo Addendum' },
      { code: 'DISCARD', name: 'Discard' },
      { code: 'EQUIPMENTRENTAL', name: 'Equipment Rental' },
      { code: 'GEP', name: 'GEP Addendum' },
      { code: 'FIN', name: 'Merchant Financials' },
      { code: 'OTHER', name: 'Other' },
      { code: 'SIGNEDAPP', name: 'Signed Application' },
      { code: 'SIGNEDCONFIRMATION', name: 'Signed Confirmation Page' },
      { code: 'STMTS', name: 'Statements' },
      { code: 'TELECHECK', name: 'Telecheck Addendum' },
      { code: 'VOIDBNKCHK1', name: 'Bank 1 Voided Check' },
      { code: 'VOIDBNKCHK2', name: 'Bank 2 Voided Check' },
    ],
  },
  backEndPlatformCodes: {
    key: 'backEndPlatformCodes',
    codes: [
      { code: 'AMEX', name: 'American Express Pltfrm' },
      { code: 'PSTR', name: 'ProfitStars Pltfrm' },
      { code: 'MNRS', name: 'Moneris Pltfrm' },
      { code: 'PEXP', name: 'Payment Express Pltfrm' },
      { code: 'WLDP', name: 'Worldpay Pltfrm' },
      { code: 'PPAL', name: 'PayPal Pltfrm' },
      { code: 'TSYSB', name: 'TSYS - BE Pltfrm' },
      { code: 'SVS', name: 'Stored Value Solutions Pltfrm' },
      { code: 'CPSAB', name: 'CP Salem - BE Pltfrm' },
      { code: 'VNTV', name: 'Vantiv Pltfrm' },
      { code: 'FDSOB', name: 'FD South - BE Pltfrm' },
      { code: 'FDMEB', name: 'FE Memphis - BE Pltfrm' },
      { code: 'LITL', name: 'Litle Pltfrm' },
      { code: 'FDNOB', name: 'FD North - BE Pltfrm' },
      { code: 'FDOMB', name: 'FD Omaha - BE Pltfrm' },
      { code: 'CRDX', name: 'Credorax Pltfrm' },
      { code: 'CPTAB', name: 'CP Tampa - BE Pltfrm' },
      { code: 'GBLP', name: 'Global Payment Pltfrm' },
      { code: 'ELVN', name: 'Elavon Pltfrm' },
    ],
  },
  bankAcctTypes: {
    key: 'bankAcctTypes',
    codes: [
      { code: 'BIZ', name: 'Business Checking' },
      { code: 'GL', name: 'General Ledger' },
      { code: 'SAVINGS', name: 'Savings' },
    ],
  },
  billToCodes: {
    key: 'billToCodes',
    codes: [
      { code: 'PARTNER', name: 'Partner Residuals' },
      { code: 'PARTNERCC', name: 'Partner Credit Card' },
      { code: 'CUST', name: 'Customer' },
    ],
  },
  billToDetailCodes: {
    key: 'billToDetailCodes',
    codes: [
      { code: 'CC', name: 'CardConnect' },
      { code: 'INTSALE', name: 'Internal Sale' },
      { code: 'SWAP', name: 'Swap' },
      { code: 'NEXTECH', name: 'NexTech' },
      { code: 'PO', name: 'Purchase Order' },
    ],
  },
  billingFrequencyCodes: {
    key: 'billingFrequencyCodes',
    codes: [
      { code: 'ONETIME', name: 'One Time' },
      { code: 'MONTHLY', name: 'Monthly' },
    ],
  },
  cloverSecurityBundleCodes: {
    key: 'cloverSecurityBundleCodes',
    codes: [
      { code: 'CSPFB', name: 'Clover Security Plus - Full Bundle (01)' },
      { code: 'PCI', name: 'PCI Compliance Tool Only (04)' },
      { code: 'OPTOUT', name: 'Opt Out (09)' },
      { code: 'TDP', name: 'TransArmor Data Protection (13)' },
      { code: 'TDPPCI', name: 'Clover Security-TransArmor Data Protection + PCI Compliance Tool (21)' },
    ],
  },
  discoverProgramCodes: {
    key: 'discoverProgramCodes',
    codes: [
      { code: 'EASI', name: 'External Agent Sales Incentive' },
      { code: 'MAP', name: 'Merchant Acquiring Program' },
    ],
  },
  equipmentSupplierCodes: {
    key: 'equipmentSupplierCodes',
    codes: [
      { code: 'FDMP', name: 'First Data Marketplace' },
      { code: 'CARDCONNECT', name: 'CardConnect' },
      { code: 'THIRDPARTY', name: 'Thirdparty' },
      { code: 'TMS', name: 'TMS' },
    ],
  },
  equipmentTypeCodes: {
    key: 'equipmentTypeCodes',
    codes: [
      { code: 'TERMINAL', name: 'Terminal' },
      { code: 'GATEWAY', name: 'Gateway' },
      { code: 'SOFTWARE', name: 'Software' },
    ],
  },
  frontEndPlatformCodes: {
    key: 'frontEndPlatformCodes',
    codes: [
      { code: 'AMEX', name: 'American Express Pltfrm' },
      { code: 'CPSAF', name: 'CP Salem - FE Pltfrm' },
      { code: 'CPTAF', name: 'CP Tampa - FE Pltfrm' },
      { code: 'CRDX', name: 'Credorax Pltfrm' },
      { code: 'ELVN', name: 'Elavon Pltfrm' },
      { code: 'FDBUF', name: 'FD BuyPass - FE Pltfrm' },
      { code: 'RCBUF', name: 'FD RC BuyPass - FE Pltfrm' },
      { code: 'RCBUF', name: 'FD RC BuyPass - FE Pltfrm' },
      { code: 'FDBUF', name: 'FD BuyPass - FE Pltfrm' },
      { code: 'RCBUF', name: 'FD RC BuyPass - FE Pltfrm' },
      { code: 'FDBUF', name: 'FD BuyPass - FE Pltfrm' },
      { code: 'FDCOF', name: 'FD Compass - FE Pltfrm' },
      { code: 'FDNAF', name: 'FD Nashville - FE Pltfrm' },
      { code: 'FDNAF', name: 'FD Nashville - FE Pltfrm' },
      { code: 'FDNAF', name: 'FD Nashville - FE Pltfrm' },
      { code: 'FDNOF', name: 'FD North - FE Pltfrm' },
      { code: 'FDNOF', name: 'FD North - FE Pltfrm' },
      { code: 'FDOMF', name: 'FD Omaha - FE Pltfrm' },
      { code: 'RCNAF', name: 'FD RC Nashville - FE Pltfrm' },
      { code: 'RCNAF', name: 'FD RC Nashville - FE Pltfrm' },
      { code: 'RCNOF', name: 'FD RC North - FE Pltfrm' },
      { code: 'RCNOF', name: 'FD RC North - FE Pltfrm' },
      { code: 'FDSOF', name: 'FD South - FE Pltfrm' },
      { code: 'GBLP', name: 'Global Payment Pltfrm' },
      { code: 'LITL', name: 'Litle Pltfrm' },
      { code: 'MNRS', name: 'Moneris Pltfrm' },
      { code: 'PPAL', name: 'PayPal Pltfrm' },
      { code: 'PEXP', name: 'Payment Express Pltfrm' },
      { code: 'PSTR', name: 'ProfitStars Pltfrm' },
      { code: 'SVS', name: 'Stored Value Solutions Pltfrm' },
      { code: 'TSYSF', name: 'TSYS - FE Pltfrm' },
      { code: 'TSYSF', name: 'TSYS - FE Pltfrm' },
      { code: 'VNTV', name: 'Vantiv Pltfrm' },
      { code: 'VITLF', name: 'Vital - FE Pltfrm' },
      { code: 'WLDP', name: 'Worldpay Pltfrm' },
    ],
  },
  interchangeTypeCodes: {
    key: 'interchangeTypeCodes',
    codes: [
      { code: 'GROSS', name: 'Gross' },
      { code: 'NET', name: 'Net' },
    ],
  },
  orderStatusCodes: {
    key: 'orderStatusCodes',
    codes: [
      { code: 'NEW', name: 'New' },
      { code: 'CANCELLED', name: 'Cancelled' },
      { code: 'EXPORTED', name: 'Exported' },
      { code: 'PLACED', name: 'Placed' },
      { code: 'FULFILLING', name: 'Fulfilling' },
      { code: 'SHIPPED', name: 'Shipped' },
    ],
  },
  ownershipTypes: {
    key: 'ownershipTypes',
    codes: [
      { code: 'GOVT', name: 'Government' },
      { code: 'INDIVSOLE', name: 'Individual / Sole Proprietor' },
      { code: 'LLC', name: 'LLC' },
      { code: 'NONPRFT', name: 'Non-Profit Org' },
      { code: 'PRTNRSHP', name: 'Partnership' },
      { code: 'PRIVCORP', name: 'Private Corporation' },
      { code: 'PUBCORP', name: 'Public Corporation' },
      { code: 'TAXEXMPT', name: 'Tax Exempt' },
    ],
  },
  pciProgramCodes: {
    key: 'pciProgramCodes',
    codes: [
      { code: 'ANNUAL', name: 'PCI Annual Program' },
      { code: 'CONCIERGE', name: 'PCI Concierge Program' },
    ],
  },
  refundPolicyCodes: {
    key: 'refundPolicyCodes',
    codes: [
      { code: 'EXCHONLY', name: 'Exchange Only' },
      { code: 'NOREFEXCH', name: 'No Refund or Exchange' },
      { code: 'MORE30', name: 'More than 30 days' },
      { code: 'LESSEQL30', name: '30 Days or Less' },
    ],
  },
  serviceProvidedInCodes: {
    key: 'serviceProvidedCodes',
    codes: [
      { code: '30LESS', name: '30 Days or Less' },
      { code: '31TO60', name: '31 to 60 Days' },
      { code: '60PLUS', name: '60+ Days' },
    ],
  },
  shippingCarrierCodes: {
    key: 'shippingCarrierCodes',
    codes: [
      { code: 'FEDEX', name: 'FedEx' },
      { code: 'UPS', name: 'UPS' },
    ],
  },
  shippingMethodCodes: {
    key: 'shippingMethodCodes',
    codes: [
      { code: 'EXPEDITED', name: 'Expedited' },
      { code: 'STANDARD', name: 'Standard' },
    ],
  },
  transarmorTokenTypeCodes: {
    key: 'transArmorTokenTypeCodes',
    codes: [
      { code: 'SINGLE', name: 'Single Pay' },
      { code: 'MULTI', name: 'Multi Pay' },
    ],
  },
  whenCustomerChargedCodes: {
    key: 'whenCustomerChargedCodes',
    codes: [
      { code: 'INADVANCE', name: 'In Advance' },
      { code: 'WHENSERV', name: 'When Service Provided' },
    ],
  },
};
