import { ppsDecline, type Outcome } from './outcomes';

/**
 * The authorization request as the gateway's reference defines it, read by the emulator on its
 * own: field names and maximum lengths from the OpenAPI file's `authRequest` (every field a
 * string), the content rules from its descriptions and the guides, and the gateway's own decline
 * codes (response-codes.md, "Gateway Response Codes (PPS)") where a field's content is wrong.
 * Shared with nothing on the client side, so a wrong client rule cannot pass the emulator.
 */
const maxLengths: Readonly<Record<string, number>> = {
  merchid: 16,
  account: 19,
  amount: 14,
  authcode: 6,
  capture: 1,
  tokenize: 1,
  expiry: 8,
  orderid: 50,
  postal: 9,
  cvv2: 4,
  ecomind: 1,
  cof: 1,
  cofpermission: 1,
  cofscheduled: 1,
  currency: 3,
  bankaba: 9,
  // track: 76 for clear tracks only, see trackProblem.
  track: Number.POSITIVE_INFINITY,
  // receipt: declared 1, yet its own description and the changelog (1/2020) add "json".
  receipt: 4,
  bin: 1,
  profile: 24,
  auoptout: 1,
  signature: 6144,
  name: 30,
  company: 128,
  address: 30,
  address2: 30,
  city: 30,
  region: 20,
  country: 2,
  phone: 15,
  email: 128,
  taxexempt: 1,
  termid: 8,
  accttype: 6,
  invoiceid: 12,
  ponumber: 36,
  taxamnt: 12,
  frtamnt: 12,
  dutyamnt: 12,
  orderdate: 8,
  shiptozip: 12,
  shipfromzip: 12,
  shiptocountry: 2,
  securedstid: 36,
  secureexemption: 8,
  secureflag: 2,
  securevalue: 32,
  // Not in the OpenAPI authRequest; the guides ("Manually Managing Gateway Batches") name it on
  // auth and capture, with no length: the emulator holds it to its openbatch's 40.
  batchsource: 40,
};

/** The OpenAPI `track` is 76 characters; an encrypting reader's record is longer, as the same description allows encrypted data. */
const clearTrackMax = 76;
/** "the total length of user defined fields, URL/JSON encoded, is limited to 4000 bytes". */
const userfieldsMaxBytes = 4000;

export type ReceiptRequest = 'none' | 'data' | 'json';

/** A request that passed the structural checks: the strings the emulator goes on with. */
export interface AuthFields {
  readonly merchid: string;
  readonly text: Readonly<Record<string, string | undefined>>;
  readonly userfields: ReadonlyArray<Record<string, string>>;
  readonly capture: boolean;
  readonly tokenize: boolean;
  readonly bin: boolean;
  /** profile "Y": store the account after an approval. */
  readonly createProfile: boolean;
  readonly receipt: ReceiptRequest;
}

/** A request the gateway cannot read: HTTP 400 with the OpenAPI's error body. */
export interface UnreadableRequest {
  readonly problem: string;
}

/** Flags are read in any case: the guides' own examples send "capture":"y". */
const flag = (value: string | undefined) => value?.toUpperCase() === 'Y';

function receiptOf(value: string | undefined): ReceiptRequest {
  if (value === undefined) return 'none';
  const upper = value.toUpperCase();
  return upper === 'Y' ? 'data' : upper === 'JSON' ? 'json' : 'none';
}

function userfieldsOf(value: unknown): Array<Record<string, string>> | string {
  if (value === undefined) return [];
  const entries = Array.isArray(value) ? value : [value];
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      return 'userfields: an array of objects, or one object';
    for (const [name, item] of Object.entries(entry as Record<string, unknown>)) {
      if (typeof item !== 'string') return `userfields: the value of ${name.slice(0, 40)} must be a string`;
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > userfieldsMaxBytes) return `userfields: at most ${userfieldsMaxBytes} bytes JSON-encoded, got ${bytes}`;
  return entries as Array<Record<string, string>>;
}

function trackProblem(track: string): string | undefined {
  const clear = /^[%;]/.test(track);
  if (clear && track.length > clearTrackMax)
    return `track: clear track data is at most ${clearTrackMax} characters, got ${track.length}`;
  return undefined;
}

/** Reads the body's structure: types, lengths, the required fields. */
export function readAuthFields(body: Record<string, unknown>): AuthFields | UnreadableRequest {
  const text: Record<string, string | undefined> = {};
  for (const [field, max] of Object.entries(maxLengths)) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return { problem: `${field}: must be a string` };
    if (value.length > max) return { problem: `${field}: at most ${max} characters, got ${value.length}` };
    text[field] = value;
  }
  if (body.items !== undefined && !Array.isArray(body.items)) return { problem: 'items: must be an array' };
  const userfields = userfieldsOf(body.userfields);
  if (typeof userfields === 'string') return { problem: userfields };
  const merchid = text.merchid;
  if (!merchid) return { problem: 'merchid: required' };
  if (text.amount === undefined || text.amount === '') return { problem: 'amount: required' };
  if (!text.account && !text.track && !(text.profile && !flag(text.profile)))
    return { problem: 'account: an account, track data or a stored profile is required' };
  const trackIssue = text.track === undefined ? undefined : trackProblem(text.track);
  if (trackIssue) return { problem: trackIssue };
  return {
    merchid,
    text,
    userfields,
    capture: flag(text.capture),
    tokenize: flag(text.tokenize),
    bin: flag(text.bin),
    createProfile: flag(text.profile),
    receipt: receiptOf(text.receipt),
  };
}

/** "Amount with decimal or without decimal in currency minor units"; undefined when it is not one. */
export function amountMinorOf(amount: string): number | undefined {
  const decimal = /^(-?)(\d{1,10})\.(\d{1,2})$/.exec(amount);
  if (decimal) {
    const minor = Number(decimal[2]) * 100 + Number(decimal[3]!.padEnd(2, '0'));
    return decimal[1] ? -minor : minor;
  }
  return /^-?\d{1,12}$/.test(amount) ? Number(amount) : undefined;
}

/** The merchants' currency: the emulator boards every merchant in US dollars. */
const merchantCurrency = 'USD';

/**
 * The gateway's own declines for fields whose content is wrong (PPS 43 Invalid amount, 31
 * Invalid currency, 32 Wrong currency for merch, 15 Non-numeric expiry, 14 Non-numeric CVV, 17
 * Invalid zip), or undefined. The expiry date itself is not judged: "The CardPointe Gateway does
 * not validate the expiration date or automatically decline expired cards."
 */
export function fieldDecline(fields: AuthFields): Outcome | undefined {
  const { amount, currency, expiry, cvv2, postal, country } = fields.text;
  if (amountMinorOf(amount ?? '') === undefined) return ppsDecline('43', 'Invalid amount');
  if (currency !== undefined && !/^[A-Za-z]{3}$/.test(currency)) return ppsDecline('31', 'Invalid currency');
  if (currency !== undefined && currency.toUpperCase() !== merchantCurrency)
    return ppsDecline('32', 'Wrong currency for merch');
  if (expiry !== undefined && expiry !== '' && !/^\d+$/.test(expiry)) return ppsDecline('15', 'Non-numeric expiry');
  if (cvv2 !== undefined && cvv2 !== '' && !/^\d+$/.test(cvv2)) return ppsDecline('14', 'Non-numeric CVV');
  // "If country is "US", must be 5 or 9 digits. Otherwise any alphanumeric string is accepted."
  const us = (country ?? 'US').toUpperCase() === 'US';
  if (
    postal !== undefined &&
    postal !== '' &&
    (us ? !/^(\d{5}|\d{9})$/.test(postal) : !/^[A-Za-z0-9 -]+$/.test(postal))
  )
    return ppsDecline('17', 'Invalid zip');
  return undefined;
}

/** The expiry as the answer carries it, MMYY, from any of the request's formats (MMYY, YYYYM, YYYYMM, YYYYMMDD). */
export function expiryAsMmyy(expiry: string): string {
  if (expiry.length === 5) return `0${expiry.slice(4)}${expiry.slice(2, 4)}`;
  if (expiry.length === 6 || expiry.length === 8) return `${expiry.slice(4, 6)}${expiry.slice(2, 4)}`;
  return expiry;
}
