/**
 * The boarding service's wire shapes, named as the real service names them (specs/reference/
 * boarding, FACTS "The real service behind the specs"): the published format, not the client's
 * rules. The back office's boarding client and the boarding emulator both speak it; neither
 * imports the other.
 */

/** One element of the `errors` array the service returns on every status. */
export interface WireError {
  readonly code: string;
  readonly message: string;
  /** The dotted field, e.g. `merchant.ownership.owner.ownerDob`; null when no field is to blame. */
  readonly errorField: string | null;
  /** The HTTP status in words, e.g. BAD_REQUEST. */
  readonly status: string;
}

/** Every answer carries `errors`: empty or null when the call worked. */
export interface WireAnswer {
  readonly errors?: readonly WireError[] | null;
}

export interface Address {
  address1: string | null;
  address2?: string | null;
  city: string | null;
  stateCd?: string | null;
  zip: string | null;
  countryCd?: string | null;
}

export interface Bank {
  bankAcctNum: string | null;
  bankRoutingNum: string | null;
  bankAcctTypeCd: string | null;
  bankName: string | null;
}

export interface Owner {
  ownerAddress: Address | null;
  ownerEmail: string | null;
  ownerName: string | null;
  ownerDob?: string | null;
  ownerPhone: string | null;
  ownerMobilePhone: string | null;
  ownerSSN: string | null;
  ownerTitle: string | null;
}

export interface CustomFieldValue {
  userFieldNumber: number;
  customFieldValue: string | null;
}

/** A custom field as Get Custom Fields reports it: configured in the web interface. */
export interface CustomField extends CustomFieldValue {
  customFieldLabel: string;
  isRequired: 0 | 1;
  isActive: 0 | 1;
}

/**
 * The merchant object. Objects are open records beyond the fields the lane reads: the service
 * has more (processing, pricing, fees) than any screen here edits, and a PUT must send each
 * object whole, so unknown children are carried, never dropped.
 */
export interface Merchant {
  dbaName?: string | null;
  legalBusinessName?: string | null;
  akaBusinessName?: string | null;
  taxFilingMethod?: string | null;
  taxFilingName?: string | null;
  salesCode?: string | null;
  businessStartDate?: string | null;
  businessIdTypeCd?: string | null;
  custPrimaryAcctFlg?: boolean | null;
  webLeadFlg?: boolean | null;
  hierarchy?: WireObject | null;
  demographic?: WireObject | null;
  bankDetail?: WireObject | null;
  ownership?: WireObject | null;
  merchantContactInfo?: WireObject | null;
  processing?: WireObject | null;
  pricing?: WireObject | null;
  fees?: WireObject | null;
  vendorSecurityAndVault?: WireObject | null;
  customFields?: CustomFieldValue[] | null;
  [field: string]: unknown;
}

/** A nested object of the merchant: its children are values, objects or arrays. */
export type WireObject = { [child: string]: unknown };

export interface OwnerSiteUser {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export type BoardingProcessStatus =
  'INPROG' | 'OFS' | 'QUALIFY' | 'UNDER' | 'DECLINED' | 'BOARDING' | 'BOARDED' | 'LIVE' | 'CANCELLED';
export type GatewayBoardingStatus = 'NOT_BOARDED' | 'BOARDED';
export type SignatureStatusCode = 'NOT_SENT' | 'PENDING' | 'SIGNED';

/** `merchantStatus` (the spec's "merchantStaus" is a typo; the service spells it whole). */
export interface MerchantStatus {
  approvedDatetime: string | null;
  boardedDatetime: string | null;
  cancelledDatetime: string | null;
  declinedDatetime: string | null;
  liveDatetime: string | null;
  boardingProcessPendingFlg: boolean;
  boardingProcessStatusCd: BoardingProcessStatus;
  gatewayBoardingStatusCd: GatewayBoardingStatus;
}

export interface Signer {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  ipAddress: string | null;
  personalGuaranteeFlg: boolean | null;
}

export interface SignatureStatus {
  signedSiteUserId: number | null;
  signedDateTime: string | null;
  signer: Signer | null;
  signatureUrl: string | null;
  signatureStatusCd: SignatureStatusCode;
}

/** Get Merchant: the merchant plus its statuses and the gateway merchant id once boarded. */
export interface MerchantRecord {
  merchant: Merchant & {
    merchantStatus: MerchantStatus;
    signatureStatus: SignatureStatus;
    processing?: WireObject | null;
  };
  ownerSiteUser: OwnerSiteUser | null;
}

export interface AttachmentMeta {
  fileName: string;
  mimeType: string;
  description: string;
  attachmentTypeCd: string;
}

export interface Equipment {
  equipmentId: number;
  equipmentName: string;
  description: string;
  make: string;
  model: string;
  imageUrl: string;
  sku: string;
  platformCd: string;
  equipmentTypeCd: string;
  equipmentSupplierCd: string;
  defaultPrice: string;
  defaultPlanPrice: string;
  allowCustomBillingFlg: boolean;
  standardShippingPrice: string;
  expeditedShippingPrice: string;
}

/** A page of rows, as the catalog and order list answer. */
export interface Page<Row> {
  rows: Row[];
  totalServerItemsCount: number;
  /** Rows before and including this page. */
  totalDisplayItemsCount: number;
  moreRowsAvailable: boolean;
  columnSums: unknown;
}

export interface ShippingDetails {
  shippingAddress: Address | null;
  shipToAttn?: string | null;
  shipToAttnEmail?: string | null;
  shippingMethodCd?: string | null;
  shippingBillToCd?: string | null;
  shippingCarrierCd?: string | null;
  trackingNumber?: string | null;
  shippingCost?: string | null;
  merchantContactPhone?: string | null;
  merchantContactPhoneExt?: string | null;
  poNumber?: string | null;
}

/** The order as sent (Create and Update Order). Prices are decimal numbers on the wire. */
export interface OrderRequest {
  merchantId: number;
  equipmentId: number;
  orderNotes?: string | null;
  quantity: number;
  unitPrice?: number | null;
  monthlyPrice?: number | null;
  billToCd: string;
  billingFrequencyCd: string;
  profileId?: string | null;
  acctId?: number | null;
  shippingDetails: ShippingDetails;
}

export type OrderStatus = 'NEW' | 'PLACED' | 'EXPORTED' | 'FULFILLING' | 'SHIPPED' | 'CANCELLED';

export interface Order extends OrderRequest {
  orderId: number;
  orderStatusCd: OrderStatus;
  placedDatetime: string | null;
  shippedDatetime: string | null;
  canceledDatetime: string | null;
  fulfillingDatetime: string | null;
}

export interface CodeName {
  code: string;
  name: string;
}

/** The 24 code lists under `GET /lookup/{list}`, and the key each answer files its list under. */
export const lookupLists = {
  amexProgramAssetCodes: 'amexProgramAssetCodes',
  attachmentTypeCodes: 'attachmentTypeCodes',
  backEndPlatformCodes: 'backEndPlatformCodes',
  bankAcctTypes: 'bankAcctTypes',
  billToCodes: 'billToCodes',
  billToDetailCodes: 'billToDetailCodes',
  billingFrequencyCodes: 'billingFrequencyCodes',
  cloverSecurityBundleCodes: 'cloverSecurityBundleCodes',
  countryCodes: 'countryCodes',
  discoverProgramCodes: 'discoverProgramCodes',
  equipmentSupplierCodes: 'equipmentSupplierCodes',
  equipmentTypeCodes: 'equipmentTypeCodes',
  frontEndPlatformCodes: 'frontEndPlatformCodes',
  interchangeTypeCodes: 'interchangeTypeCodes',
  orderStatusCodes: 'orderStatusCodes',
  ownershipTypes: 'ownershipTypes',
  pciProgramCodes: 'pciProgramCodes',
  refundPolicyCodes: 'refundPolicyCodes',
  serviceProvidedInCodes: 'serviceProvidedCodes',
  shippingCarrierCodes: 'shippingCarrierCodes',
  shippingMethodCodes: 'shippingMethodCodes',
  stateCodes: 'stateCodes',
  transarmorTokenTypeCodes: 'transArmorTokenTypeCodes',
  whenCustomerChargedCodes: 'whenCustomerChargedCodes',
} as const;

export type LookupList = keyof typeof lookupLists;

export interface BillingPlanOption {
  name: string;
  value: string;
}

export type PaymentStatus = 'Scheduled' | 'Cancelled' | 'Paid' | 'Failed';

export interface BillingPlanSchedule {
  billingPlanScheduleId: number;
  actualAmount: number | null;
  actualPaymentDate: string | null;
  paymentStatus: PaymentStatus;
  retref: string | null;
  scheduledAmount: number;
  /** MM/DD/YYYY, as the guide's example shows. */
  scheduledPaymentDate: string;
}

/** The billing plan as created: amounts are decimal numbers on the wire. */
export interface BillingPlanRequest {
  merchId: string;
  profileId: string;
  acctId?: string | null;
  amount: number;
  /** 1 daily, 2 weekly, 3 monthly, 4 yearly. */
  timeSpan: 1 | 2 | 3 | 4;
  every: number;
  untilCondition: 'C' | 'N' | 'D';
  untilNumPayments?: number | null;
  /** MMDDYYYY */
  untilDate?: string | null;
  currencySymbol: string;
  /** MMDDYYYY */
  startDate: string;
  billingPlanName: string;
  options: BillingPlanOption[];
}

export interface BillingPlan extends BillingPlanRequest {
  billingPlanId: string;
  profileGuid: string | null;
  acctId: string;
  /** A active, C cancelled, F finished. */
  planStatus: 'A' | 'C' | 'F';
  /** Null in the list answer; the schedule on Get Billing Plan. */
  schedules: BillingPlanSchedule[] | null;
}

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token: string;
  token_type: string;
  'not-before-policy': number;
  session_state: string;
  scope: string;
}

/** The version header every call but Token carries, as the real service names it. */
export const versionHeader = 'X-CopilotAPI-Version';
export const apiVersion = '1.0';
/** The token path under the auth URL (realm `cardconnect`). */
export const tokenPath = 'auth/realms/cardconnect/protocol/openid-connect/token';
