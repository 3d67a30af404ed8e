import cardValidator from 'card-validator';
import { BadRequest, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import {
  profileDetailFields,
  type ProfileAccount,
  type ProfileDetailField,
  type ProfileSaveTarget,
  type StoredProfileAccount,
} from './profiles';
import { unauthorized } from './merchant-access';
import { merchidField, readField, type WireField } from './wire-fields';

type Body = Record<string, unknown>;

const flag: WireField = { max: 1, pattern: /^[YNyn]$/, shape: 'Y or N' };
const text = (max: number): WireField => ({
  max,
  pattern: /^[\x20-\x7E]*$/,
  shape: 'printable US-ASCII characters only',
});

/** The profile service's request fields and their limits, from the reference's profile request. */
const detailRules: Record<ProfileDetailField, WireField> = {
  accttype: { max: 6, pattern: /^[A-Za-z]+$/, shape: 'letters only, e.g. VISA or ECHK' },
  address: text(30),
  city: text(30),
  region: text(20),
  country: { max: 2, pattern: /^[A-Za-z]{2}$/, shape: 'a two-letter country code' },
  phone: { max: 15, pattern: /^[\d +()-]+$/, shape: 'digits, spaces and + ( ) -' },
  postal: { max: 9, pattern: /^[A-Za-z0-9 -]+$/, shape: 'letters, digits, spaces and dashes' },
  email: { max: 128, pattern: /^[^\s@]+@[^\s@]+$/, shape: 'an email address' },
  company: text(128),
  auoptout: flag,
  cofpermission: flag,
};

/** The answers of the profile service, by the gateway's (PPS) response codes. */
const saved = { respstat: 'A', respcode: '09', resptext: 'Profile Saved', respproc: 'PPS' } as const;
const deleted = { respstat: 'A', respcode: '08', resptext: 'Profile Deleted', respproc: 'PPS' } as const;
export const profileNotFound = {
  respstat: 'C',
  respcode: '96',
  resptext: 'Profile not found',
  respproc: 'PPS',
} as const;
const invalidCard = { respstat: 'C', respcode: '11', resptext: 'Invalid card', respproc: 'PPS' } as const;
const invalidToken = { respstat: 'C', respcode: '98', resptext: 'Invalid token', respproc: 'PPS' } as const;

const cardAccountTypes: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MC',
  'american-express': 'AMEX',
  discover: 'DISC',
  'diners-club': 'DISC',
  jcb: 'JCB',
};

const ok = (body: unknown): EmulatorAnswer => ({ status: 200, body });

/** "<profileid>" or "<profileid>/<acctid>" of the request's profile field. */
function saveTarget(body: Body): ProfileSaveTarget {
  const profile = readField(body, 'profile', {
    max: 24,
    pattern: /^\d{20}(\/\d{1,3})?$/,
    shape: '<20-digit profile id> or <profile id>/<account id>',
  });
  if (!profile) return undefined;
  const [profileid = '', acctid] = profile.split('/');
  return { profileid, acctid, merge: readField(body, 'profileupdate', flag)?.toUpperCase() === 'Y' };
}

/** The account number behind the request's account: a token this emulator issued, or the number itself. */
function accountNumber(
  context: EmulatorContext,
  account: string,
  ach: boolean,
): string | typeof invalidCard | typeof invalidToken {
  if (ach) return account;
  const known = context.tokens.accountOf(account);
  if (known) return known;
  // Emulator tokens are 16 digits starting with 9 (no card network issues that prefix).
  if (/^9\d{15}$/.test(account)) return invalidToken;
  return cardValidator.number(account).isValid ? account : invalidCard;
}

/** The holder details each answer carries: the reference's get answer has no phone or email. */
const shownDetails = {
  get: ['address', 'city', 'region', 'country', 'postal', 'company'],
  save: ['address', 'city', 'region', 'country', 'postal', 'phone', 'email', 'company'],
} as const satisfies Record<string, readonly ProfileDetailField[]>;

/** The fields a profile answer shows for one account: the token, never the number. */
function accountView(
  context: EmulatorContext,
  stored: StoredProfileAccount,
  answer: keyof typeof shownDetails,
): Record<string, string> {
  const { account } = stored;
  const card = cardValidator.number(account.number).card;
  const view: Record<string, string> = {
    profileid: stored.profileid,
    acctid: stored.acctid,
    accttype: account.details?.accttype ?? cardAccountTypes[card?.type ?? ''] ?? '',
    token: context.ids.token(account.number),
    defaultacct: stored.isDefault ? 'Y' : 'N',
    auoptout: account.details?.auoptout?.toUpperCase() ?? 'N',
    cofpermission: account.details?.cofpermission?.toUpperCase() ?? 'N',
    gsacard: 'N',
  };
  if (account.expiry) view.expiry = account.expiry;
  if (account.name) view.name = account.name;
  for (const field of shownDetails[answer]) {
    const value = account.details?.[field];
    if (value) view[field] = value;
  }
  return view;
}

/**
 * profile PUT / POST: creates a profile, adds an account to `profile` (a profile id), or updates
 * `profile` (profile id / account id). merchid, account and expiry are required (expiry not for
 * a bank account). The account may be a token this emulator issued or a card number.
 */
export function saveProfile(
  context: EmulatorContext,
  body: Body,
  allowed: (merchid: string) => boolean,
): EmulatorAnswer {
  const merchid = readField(body, 'merchid', merchidField)!;
  if (!allowed(merchid)) return { status: 401, body: 'Unauthorized' };
  const ach = typeof body.bankaba === 'string' || /^E(CHK|SAV)$/i.test(String(body.accttype ?? ''));
  const account = readField(body, 'account', {
    max: 19,
    pattern: /^\d+$/,
    shape: 'digits only (a token or an account number)',
    required: true,
  })!;
  const expiry = readField(body, 'expiry', {
    max: 8,
    pattern: /^(\d{4}|\d{8})$/,
    shape: 'MMYY or YYYYMMDD',
    required: !ach,
  });
  if (ach) readField(body, 'bankaba', { max: 9, pattern: /^\d{9}$/, shape: 'nine digits', required: true });
  const name = readField(body, 'name', text(30));
  const details: Partial<Record<ProfileDetailField, string>> = {};
  for (const field of profileDetailFields) {
    const value = readField(body, field, detailRules[field]);
    if (value !== undefined) details[field] = value;
  }
  // The guides spell it defaultacct; the reference's request schema spells it deafultacct: both are read.
  const defaultacct =
    (readField(body, 'defaultacct', flag) ?? readField(body, 'deafultacct', flag))?.toUpperCase() === 'Y';
  const target = saveTarget(body);
  const number = accountNumber(context, account, ach);
  if (typeof number !== 'string') return ok(number);
  const stored: ProfileAccount = { number, expiry, name, details, ...(defaultacct ? { defaultacct } : {}) };
  const result = context.profiles.save(merchid, stored, target);
  if (!result) return ok(profileNotFound);
  return ok({ ...saved, ...accountView(context, result, 'save') });
}

/** The profile id, account id and merchant of profile/{profileid}/{accountid}/{merchid} (the account id may be empty). */
function profilePath(segments: readonly string[]): { profileid: string; acctid: string | undefined; merchid: string } {
  const [profileid = '', acctid, merchid = ''] =
    segments.length === 2 ? [segments[0], undefined, segments[1]] : segments;
  if (!/^\d{20}$/.test(profileid)) throw new BadRequest('profileid: the 20-digit profile id');
  if (acctid !== undefined && !/^\d{1,3}$/.test(acctid)) throw new BadRequest('accountid: 1 to 3 digits');
  readField({ merchid }, 'merchid', merchidField);
  return { profileid, acctid, merchid };
}

type ProfilePath = ReturnType<typeof profilePath>;

/**
 * A profile GET or DELETE: the path read (a bad one is a 400), refused (401) when the credentials
 * do not reach its merchant, then `act` on the profile it names.
 */
function profileLookup(act: (context: EmulatorContext, path: ProfilePath) => EmulatorAnswer) {
  return (context: EmulatorContext, segments: readonly string[], allowed: (merchid: string) => boolean) => {
    const path = profilePath(segments);
    return allowed(path.merchid) ? act(context, path) : unauthorized;
  };
}

/** profile GET: the profile's accounts (or one), as a list; PPS 96 when there is none for this merchant. */
export const getProfile = profileLookup((context, { profileid, acctid, merchid }) => {
  const accounts = context.profiles.list(merchid, profileid, acctid);
  return accounts.length === 0
    ? ok(profileNotFound)
    : ok(accounts.map((stored) => accountView(context, stored, 'get')));
});

/** profile DELETE: the whole profile, or one account; PPS 96 when there is nothing to delete. */
export const deleteProfile = profileLookup((context, { profileid, acctid, merchid }) =>
  ok(context.profiles.remove(merchid, profileid, acctid) ? deleted : profileNotFound),
);
