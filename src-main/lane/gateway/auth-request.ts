import { checkBatchSource } from './batches';
import { captureDetailsToWire, type CaptureDetails } from './capture-details';
import { ValidationError } from './errors';
import {
  checkCountry,
  checkFields,
  checkPostal,
  definedFields,
  isValidExpiry,
  merchidRule,
  orderidRule,
  requireField,
  type FieldRule,
} from './field-rules';
import { toWireAmount } from '../../platform/money';
import { checkUserfields, type Userfields } from './userfields';
import { isValidTermid, termidRule } from './termid';

/** An authorization as the program states it: money in minor units, flags as booleans. */
export interface AuthorizationRequest {
  readonly merchid: string;
  /** Minor units. Positive: authorization; 0: account verification; negative: forced credit. */
  readonly amount: number;
  /** A token, a clear card number, or a bank account number (ACH). Omit with a stored profile. */
  readonly account?: string;
  /** MMYY or YYYYMMDD. */
  readonly expiry?: string;
  readonly currency?: string;
  readonly bankaba?: string;
  /** Clear track 1 or 2, or an encrypting reader's record, passed on unchanged. */
  readonly track?: string;
  readonly receipt?: boolean;
  readonly bin?: boolean;
  /** "Y" creates a profile; "<20-digit profile>/<1-3 digit account>" uses one. */
  readonly profile?: string;
  readonly capture?: boolean;
  /** true: the answer's account is the masked number; false/absent: a token. */
  readonly tokenize?: boolean;
  /** Base64 of a gzipped BMP, at most 6144 characters. */
  readonly signature?: string;
  /** The 3 or 4 digits printed on the card; the wire calls it `cvv2` (the gateway knows no `cvv`). */
  readonly cvv?: string;
  readonly name?: string;
  readonly address?: string;
  readonly address2?: string;
  readonly city?: string;
  readonly postal?: string;
  readonly region?: string;
  readonly country?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly orderid?: string;
  readonly authcode?: string;
  readonly taxexempt?: boolean;
  /** The Terminal Device ID for the processor's reports: exactly 8 characters, the last 5 digits (termid.ts). */
  readonly termid?: string;
  readonly accttype?: string;
  /**
   * The payment origin, for card-not-present and ACH payments only. A card: T telephone or mail,
   * R recurring, E e-commerce. ACH: T (TEL, recorded verbal consent), B (PPD, written consent)
   * or E (WEB). Never with a card read at the lane (track data).
   */
  readonly ecomind?: 'T' | 'R' | 'E' | 'B';
  /** A stored credential's use: C customer-initiated (CIT), M merchant-initiated (MIT). */
  readonly cof?: 'C' | 'M';
  /** With profile "Y": Y when the cardholder agreed to have the card stored (reported by GET profile). */
  readonly cofpermission?: 'Y' | 'N';
  /** With a stored credential: Y a payment on a regular schedule, N a one-time payment. */
  readonly cofscheduled?: 'Y' | 'N';
  readonly userfields?: Userfields;
  /**
   * The caller's id of a manually opened batch (openbatch): a captured authorization joins the
   * batch opened with the same source, and settlestatByBatchSource reports it.
   */
  readonly batchsource?: string;
  /** Level 2/3 data; processed only when `capture` is true and the authorization succeeds. */
  readonly captureDetails?: CaptureDetails;
}

/**
 * The authorization request table: maximum length and type per wire field, as the gateway's
 * reference (`authRequest` in its OpenAPI file) declares them.
 */
export const authFieldRules: Readonly<Record<string, FieldRule>> = {
  merchid: merchidRule,
  expiry: { max: 8, type: 'N' },
  account: { max: 19, type: 'N' },
  currency: { max: 3, type: 'AN' },
  bankaba: { max: 9, type: 'N' },
  receipt: { max: 1, type: 'A' },
  bin: { max: 1, type: 'A' },
  profile: { max: 24, type: 'AN' },
  capture: { max: 1, type: 'A' },
  tokenize: { max: 1, type: 'A' },
  signature: { max: 6144, type: 'AN' },
  cvv2: { max: 4, type: 'N' },
  name: { max: 30, type: 'AN' },
  address: { max: 30, type: 'AN' },
  address2: { max: 30, type: 'AN' },
  city: { max: 30, type: 'AN' },
  postal: { max: 9, type: 'AN' },
  region: { max: 20, type: 'AN' },
  country: { max: 2, type: 'AN' },
  phone: { max: 15, type: 'AN' },
  email: { max: 128, type: 'AN' },
  orderid: orderidRule,
  authcode: { max: 6, type: 'AN' },
  taxexempt: { max: 1, type: 'A' },
  termid: { max: 8, type: 'AN' },
  accttype: { max: 6, type: 'A' },
  ecomind: { max: 1, type: 'A' },
  cof: { max: 1, type: 'A' },
  cofpermission: { max: 1, type: 'A' },
  cofscheduled: { max: 1, type: 'A' },
};

/** Clear track data is held to the spec's 76 characters; an encrypting reader's record is longer. */
const clearTrackMax = 76;
const encryptedTrackMax = 4000;
const achAccountTypes = ['ECHK', 'ESAV'];
/** The payment origins by kind of payment (OpenAPI `ecomind`; the ACH guide's SEC codes). */
const cardOrigins = ['T', 'R', 'E'];
const achOrigins = ['T', 'B', 'E'];
const profileInUse = /^\d{20}\/\d{1,3}$/;

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'Y' : 'N');

function checkTrack(track: string): void {
  const clear = /^[%;]/.test(track) || /^\d{12,19}[=^]/.test(track);
  if (clear && track.length > clearTrackMax) {
    throw new ValidationError('track', `clear track data is at most ${clearTrackMax} characters, got ${track.length}`);
  }
  if (track.length > encryptedTrackMax) {
    throw new ValidationError('track', `at most ${encryptedTrackMax} characters of reader data, got ${track.length}`);
  }
  if (!/^[\x20-\x7E]*$/.test(track)) throw new ValidationError('track', 'printable US-ASCII characters only (AN)');
}

function checkAch(request: AuthorizationRequest): void {
  const ach = request.bankaba !== undefined || achAccountTypes.includes(request.accttype ?? '');
  if (!ach) return;
  if (!achAccountTypes.includes(request.accttype ?? '')) {
    throw new ValidationError('accttype', 'an ACH payment needs accttype ECHK (checking) or ESAV (savings)');
  }
  requireField('account', request.account, 'an ACH payment needs the bank account number (or its token)');
  requireField('bankaba', request.bankaba, 'an ACH payment needs the routing (ABA) number');
  // Left out, the gateway takes E (WEB, an Internet payment): the lane always names the origin.
  requireField('ecomind', request.ecomind, 'an ACH payment needs ecomind (T, B or E)');
  if (request.amount === 0)
    throw new ValidationError('amount', 'zero-amount account verification is not supported for ACH');
}

/**
 * ecomind by the kind of payment: an ACH payment's SEC code (T TEL, B PPD, E WEB); a card not
 * present's origin (T, R, E); none for a card read at the lane ("Do not include ecomind for
 * card-present transactions").
 */
function checkOrigin(request: AuthorizationRequest): void {
  const ecomind = request.ecomind ?? '';
  const ach = request.bankaba !== undefined || achAccountTypes.includes(request.accttype ?? '');
  if (ach) {
    if (!achOrigins.includes(ecomind))
      throw new ValidationError('ecomind', 'for ACH: T (TEL, verbal consent), B (PPD, written consent) or E (WEB)');
    return;
  }
  if (request.track !== undefined)
    throw new ValidationError('ecomind', 'leave it out of a card-present payment (a card read at the lane)');
  if (!cardOrigins.includes(ecomind)) {
    throw new ValidationError(
      'ecomind',
      ecomind === 'B'
        ? 'B (PPD, written consent) is for ACH payments only; a card takes T, R or E'
        : 'T (telephone or mail), R (recurring) or E (e-commerce)',
    );
  }
}

function checkProfile(request: AuthorizationRequest): void {
  const { profile } = request;
  if (profile === undefined) return;
  if (profile === 'Y') {
    requireField('account', request.account ?? request.track, 'creating a profile needs the account to tokenize');
    return;
  }
  if (!profileInUse.test(profile)) {
    throw new ValidationError('profile', '"Y" to create one, or <20-digit profile id>/<1-3 digit account id>');
  }
  if (request.account !== undefined)
    throw new ValidationError('account', 'omit the account when using a stored profile');
}

/** The stored-credential flags take only the reference's values; permission goes with creating a profile. */
function checkStoredCredential(request: AuthorizationRequest): void {
  if (request.cof !== undefined && !['C', 'M'].includes(request.cof))
    throw new ValidationError('cof', 'C (customer-initiated) or M (merchant-initiated)');
  if (request.cofscheduled !== undefined && !['Y', 'N'].includes(request.cofscheduled))
    throw new ValidationError('cofscheduled', 'Y (a scheduled, recurring payment) or N (a one-time payment)');
  if (request.cofpermission === undefined) return;
  if (!['Y', 'N'].includes(request.cofpermission))
    throw new ValidationError('cofpermission', 'Y (the cardholder agreed to store the card) or N');
  if (request.profile !== 'Y')
    throw new ValidationError(
      'cofpermission',
      'the cardholder\u2019s permission goes with profile "Y", which stores the card',
    );
}

/**
 * Builds the wire body of an authorization and checks every documented rule first. Throws a
 * ValidationError naming the field and the rule; nothing is sent when it does.
 */
export function authorizationToWire(request: AuthorizationRequest): Record<string, unknown> {
  requireField('merchid', request.merchid);
  if (!Number.isSafeInteger(request.amount)) throw new ValidationError('amount', 'whole minor units (cents)');
  requireField(
    'account',
    request.account ?? request.track ?? request.profile,
    'an account, track data or a stored profile is required',
  );
  // Named by the program's field: the cashier keyed a "cvv", whatever the wire calls it.
  if (request.cvv !== undefined && !/^\d{3,4}$/.test(request.cvv)) {
    throw new ValidationError('cvv', 'the 3 or 4 digits printed on the card (sent as cvv2)');
  }
  const wire: Record<string, unknown> = definedFields({
    merchid: request.merchid,
    amount: toWireAmount(request.amount),
    account: request.account,
    expiry: request.expiry,
    currency: request.currency,
    bankaba: request.bankaba,
    track: request.track,
    receipt: flag(request.receipt),
    bin: flag(request.bin),
    profile: request.profile,
    capture: flag(request.capture),
    tokenize: flag(request.tokenize),
    signature: request.signature,
    cvv2: request.cvv,
    name: request.name,
    address: request.address,
    address2: request.address2,
    city: request.city,
    postal: request.postal,
    region: request.region,
    country: request.country,
    phone: request.phone,
    email: request.email,
    orderid: request.orderid,
    authcode: request.authcode,
    taxexempt: flag(request.taxexempt),
    termid: request.termid,
    accttype: request.accttype,
    ecomind: request.ecomind,
    cof: request.cof,
    cofpermission: request.cofpermission,
    cofscheduled: request.cofscheduled,
    userfields: request.userfields,
    batchsource: request.batchsource,
  });
  // Before the table's maximum, so a long or short termid is refused with the whole rule.
  if (request.termid !== undefined && !isValidTermid(request.termid)) throw new ValidationError('termid', termidRule);
  checkFields(wire, authFieldRules);
  if (request.expiry !== undefined && !isValidExpiry(request.expiry)) {
    throw new ValidationError('expiry', 'MMYY or YYYYMMDD with a real month and date');
  }
  if (request.track !== undefined) checkTrack(request.track);
  if (request.country !== undefined) checkCountry('country', request.country);
  if (request.postal !== undefined) checkPostal('postal', request.postal, request.country);
  if (request.ecomind !== undefined) checkOrigin(request);
  if (request.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(request.email)) {
    throw new ValidationError('email', 'an address like name@example.com');
  }
  checkAch(request);
  checkProfile(request);
  checkStoredCredential(request);
  if (request.userfields !== undefined) checkUserfields(request.userfields);
  if (request.batchsource !== undefined) checkBatchSource(request.batchsource);
  if (request.captureDetails !== undefined) {
    if (request.capture !== true) {
      throw new ValidationError('captureDetails', 'Level 2/3 data is processed only when capture is Y');
    }
    if (request.taxexempt === true && (request.captureDetails.taxamnt ?? 0) !== 0) {
      throw new ValidationError('captureDetails.taxamnt', 'a tax-exempt order (taxexempt Y) sends zero tax');
    }
    return { ...wire, ...captureDetailsToWire(request.captureDetails, request.amount) };
  }
  return wire;
}
