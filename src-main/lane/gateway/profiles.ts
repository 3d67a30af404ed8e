import { z } from 'zod';
import { describeIssue, readAnswerObject } from './auth-response';
import { ProtocolError, ValidationError } from './errors';
import {
  checkCountry,
  checkField,
  checkFields,
  definedFields,
  isValidExpiry,
  requireField,
  type FieldRule,
} from './field-rules';
import { openEnum, respstatValues, text } from './wire-schema';

/** A stored profile account to create, add to a profile, or update. */
export interface ProfileSaveRequest {
  readonly merchid: string;
  /** A token (preferred), a card number, or a bank account number with `bankaba`. */
  readonly account: string;
  /** MMYY or YYYYMMDD; required for cards. */
  readonly expiry?: string;
  readonly bankaba?: string;
  /** ECHK or ESAV for bank accounts; for cards the gateway fills it in. */
  readonly accttype?: string;
  readonly name?: string;
  readonly address?: string;
  readonly city?: string;
  readonly region?: string;
  readonly country?: string;
  readonly postal?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly company?: string;
  /** Adds the account to this profile; with `acctid`, updates that account instead. */
  readonly profileid?: string;
  readonly acctid?: string;
  /** Makes this the account authorizations use when only the profile id is given. */
  readonly defaultAccount?: boolean;
  /** On update, keep what this request leaves empty (profileupdate Y) instead of replacing the account. */
  readonly keepUnsent?: boolean;
  /** The cardholder allowed storing the card (cofpermission). */
  readonly cardholderPermission?: boolean;
  /** Opt the profile out of the account updater (auoptout). */
  readonly updaterOptOut?: boolean;
}

/** Field limits of the profile request, from the reference's profile request schema. */
const profileRules: Readonly<Record<string, FieldRule>> = {
  merchid: { max: 16, type: 'AN' },
  account: { max: 19, type: 'N' },
  expiry: { max: 8, type: 'N' },
  bankaba: { max: 9, type: 'N' },
  accttype: { max: 6, type: 'A' },
  name: { max: 30, type: 'AN' },
  address: { max: 30, type: 'AN' },
  city: { max: 30, type: 'AN' },
  region: { max: 20, type: 'AN' },
  country: { max: 2, type: 'A' },
  postal: { max: 9, type: 'AN' },
  phone: { max: 15, type: 'AN' },
  email: { max: 128, type: 'AN' },
  company: { max: 128, type: 'AN' },
  profile: { max: 24, type: 'AN' },
};

const yes = (flag: boolean | undefined) => (flag === undefined ? undefined : flag ? 'Y' : 'N');

/** The profile create / update body, checked before it is sent. */
export function profileToWire(request: ProfileSaveRequest): Record<string, string> {
  requireField('merchid', request.merchid);
  requireField('account', request.account, 'a token or account number is required');
  const bank = request.bankaba !== undefined;
  if (!bank) requireField('expiry', request.expiry, 'the card\u2019s expiry is required');
  if (request.expiry !== undefined && !isValidExpiry(request.expiry))
    throw new ValidationError('expiry', 'MMYY or YYYYMMDD');
  if (request.acctid !== undefined) requireField('profileid', request.profileid, 'an account id needs its profile id');
  if (request.profileid !== undefined && !/^\d{20}$/.test(request.profileid))
    throw new ValidationError('profileid', 'the 20-digit profile id');
  if (request.acctid !== undefined && !/^\d{1,3}$/.test(request.acctid))
    throw new ValidationError('acctid', '1 to 3 digits');
  if (request.country !== undefined) checkCountry('country', request.country);
  if (request.email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(request.email))
    throw new ValidationError('email', 'an email address');
  const wire = definedFields({
    merchid: request.merchid,
    account: request.account,
    expiry: request.expiry,
    bankaba: request.bankaba,
    accttype: request.accttype,
    name: request.name,
    address: request.address,
    city: request.city,
    region: request.region,
    country: request.country,
    postal: request.postal,
    phone: request.phone,
    email: request.email,
    company: request.company,
    profile:
      request.profileid === undefined
        ? undefined
        : request.acctid === undefined
          ? request.profileid
          : `${request.profileid}/${request.acctid}`,
    // The guides and every profile answer spell it defaultacct (the reference's request schema once says deafultacct).
    defaultacct: yes(request.defaultAccount),
    profileupdate: yes(request.keepUnsent),
    cofpermission: yes(request.cardholderPermission),
    auoptout: yes(request.updaterOptOut),
  });
  checkFields(wire, profileRules);
  return wire;
}

/** One stored account as the profile service shows it: a token, never a card number. */
const storedAccountSchema = z.object({
  profileid: text,
  acctid: text,
  token: text.optional(),
  accttype: text.optional(),
  expiry: text.optional(),
  name: text.optional(),
  address: text.optional(),
  city: text.optional(),
  region: text.optional(),
  country: text.optional(),
  postal: text.optional(),
  phone: text.optional(),
  email: text.optional(),
  company: text.optional(),
  defaultacct: text.optional(),
  auoptout: text.optional(),
  cofpermission: text.optional(),
  gsacard: text.optional(),
});

export interface StoredProfileAccount extends Omit<z.output<typeof storedAccountSchema>, 'defaultacct'> {
  readonly isDefault: boolean;
}

const outcomeSchema = z.object({
  respstat: openEnum(respstatValues).optional(),
  respcode: text.optional(),
  resptext: text.optional(),
  respproc: text.optional(),
});

const toStored = ({ defaultacct, ...account }: z.output<typeof storedAccountSchema>): StoredProfileAccount => ({
  ...account,
  isDefault: defaultacct?.toUpperCase() === 'Y',
});

/** A save's outcome: the account it landed in, or why not (96: no such profile; 11: not a card). */
export type ProfileSave =
  | {
      readonly saved: true;
      readonly account: StoredProfileAccount;
      readonly respcode: string | undefined;
      readonly resptext: string | undefined;
    }
  | { readonly saved: false; readonly respcode: string | undefined; readonly resptext: string | undefined };

/** Reads a profile create / update answer. */
export function parseProfileSave(json: unknown, raw: string): ProfileSave {
  const { respstat, respcode, resptext } = readAnswerObject('profile', outcomeSchema, json, raw);
  if (respstat !== 'A') return { saved: false, respcode, resptext };
  const account = storedAccountSchema.safeParse(json);
  if (!account.success)
    throw new ProtocolError(`profile: unexpected answer (${describeIssue(account.error)})`, { raw });
  return { saved: true, account: toStored(account.data), respcode, resptext };
}

/** Reads a profile get answer: its accounts (a list, or one object); none for "Profile not found". */
export function parseProfileAccounts(json: unknown, raw: string): StoredProfileAccount[] {
  const list = Array.isArray(json) ? json : [json];
  const accounts: StoredProfileAccount[] = [];
  for (const item of list) {
    const outcome = outcomeSchema.safeParse(item);
    if (outcome.success && outcome.data.respstat !== undefined && outcome.data.respstat !== 'A') return [];
    const parsed = storedAccountSchema.safeParse(item);
    if (!parsed.success)
      throw new ProtocolError(`profile: unexpected answer (${describeIssue(parsed.error)})`, { raw });
    accounts.push(toStored(parsed.data));
  }
  return accounts;
}

/** Reads a profile delete answer: deleted (PPS 08), or not (96: nothing to delete). */
export function parseProfileDelete(
  json: unknown,
  raw: string,
): { readonly deleted: boolean; readonly respcode: string | undefined; readonly resptext: string | undefined } {
  const { respstat, respcode, resptext } = readAnswerObject('profile', outcomeSchema, json, raw);
  return { deleted: respstat === 'A', respcode, resptext };
}

/** profile/{profileid}/{acctid}/{merchid}; the account id left empty means every account. */
export function profilePath(request: { merchid: string; profileid: string; acctid?: string | undefined }): string {
  requireField('merchid', request.merchid);
  requireField('profileid', request.profileid);
  checkField('merchid', request.merchid, { max: 16, type: 'AN' });
  if (!/^\d{20}$/.test(request.profileid)) throw new ValidationError('profileid', 'the 20-digit profile id');
  if (request.acctid !== undefined && !/^\d{1,3}$/.test(request.acctid))
    throw new ValidationError('acctid', '1 to 3 digits');
  return `profile/${request.profileid}/${request.acctid ?? ''}/${encodeURIComponent(request.merchid)}`;
}
