import { randomInt } from 'node:crypto';

/** The account holder's details a profile keeps beside the card, as the profile service names them. */
export const profileDetailFields = [
  'accttype',
  'address',
  'city',
  'region',
  'country',
  'postal',
  'phone',
  'email',
  'company',
  'auoptout',
  'cofpermission',
] as const;
export type ProfileDetailField = (typeof profileDetailFields)[number];

/** What a stored profile account keeps: enough to authorize again without the card. */
export interface ProfileAccount {
  readonly number: string;
  readonly expiry: string | undefined;
  readonly name: string | undefined;
  /** The other holder details (the profile service's fields), when it stored any. */
  readonly details?: Partial<Record<ProfileDetailField, string>>;
  /** Set on the account authorizations use when only the profile id is given. */
  readonly defaultacct?: boolean;
}

/** One account of a profile as the store hands it out. */
export interface StoredProfileAccount {
  readonly profileid: string;
  readonly acctid: string;
  readonly account: ProfileAccount;
  readonly isDefault: boolean;
}

/** A profile's accounts by position; a deleted account leaves null so the others keep their ids. */
interface StoredProfile {
  merchid: string;
  accounts: Array<ProfileAccount | null>;
}

/** Where a save lands: a new profile, a new account in a profile, or an existing account. */
export type ProfileSaveTarget =
  | {
      readonly profileid: string;
      readonly acctid?: string | undefined;
      /** profileupdate Y: an update keeps what the request leaves empty, instead of replacing the account. */
      readonly merge?: boolean;
    }
  | undefined;

/** Stored profiles: a 20-digit profile id holding accounts numbered from 1. */
export interface ProfileStore {
  /** Creates a profile holding this account; returns its id and account id. */
  create(merchid: string, account: ProfileAccount): { profileid: string; acctid: string };
  /** The account behind "<profileid>/<acctid>" (or the default one for "<profileid>") for this merchant, or undefined. */
  find(merchid: string, reference: string): ProfileAccount | undefined;
  /**
   * The profile service's create / update: a new profile (or the existing one an identical
   * account already sits in), a new account in `target.profileid`, or an update of
   * `target.acctid`. Undefined when the target profile or account is not this merchant's.
   */
  save(merchid: string, account: ProfileAccount, target: ProfileSaveTarget): StoredProfileAccount | undefined;
  /** The profile's accounts (or one of them); empty when there is no such profile for the merchant. */
  list(merchid: string, profileid: string, acctid?: string): StoredProfileAccount[];
  /** Deletes the profile (or one account); false when there was nothing to delete. */
  remove(merchid: string, profileid: string, acctid?: string): boolean;
  /** Everything stored, for persistence. */
  entries(): Array<[string, { merchid: string; accounts: Array<ProfileAccount | null> }]>;
}

/** Two accounts are the same profile when every field the service compares matches. */
function sameAccount(a: ProfileAccount, b: ProfileAccount): boolean {
  if (a.number !== b.number || a.expiry !== b.expiry || a.name !== b.name) return false;
  return profileDetailFields.every((field) => (a.details?.[field] ?? '') === (b.details?.[field] ?? ''));
}

export function createProfileStore(
  restored: Array<[string, { merchid: string; accounts: Array<ProfileAccount | null> }]> = [],
  newId: () => string = () => `1${Array.from({ length: 19 }, () => randomInt(10)).join('')}`,
): ProfileStore {
  const profiles = new Map<string, StoredProfile>(restored);
  const owned = (merchid: string, profileid: string) => {
    const profile = profiles.get(profileid);
    return profile && profile.merchid === merchid ? profile : undefined;
  };
  const defaultIndex = (profile: StoredProfile) => {
    const marked = profile.accounts.findIndex((account) => account?.defaultacct === true);
    return marked >= 0 ? marked : profile.accounts.findIndex((account) => account !== null);
  };
  const view = (profileid: string, profile: StoredProfile, index: number): StoredProfileAccount => ({
    profileid,
    acctid: String(index + 1),
    account: profile.accounts[index]!,
    isDefault: index === defaultIndex(profile),
  });
  const markDefault = (profile: StoredProfile, index: number) => {
    profile.accounts = profile.accounts.map((account, i) =>
      account === null ? null : { ...account, defaultacct: i === index },
    );
  };
  const create = (merchid: string, account: ProfileAccount) => {
    let profileid = newId();
    while (profiles.has(profileid)) profileid = newId();
    profiles.set(profileid, { merchid, accounts: [account] });
    return { profileid, acctid: '1' };
  };

  return {
    create,
    find(merchid, reference) {
      const match = /^(\d{20})(?:\/(\d{1,3}))?$/.exec(reference);
      if (!match) return undefined;
      const profile = owned(merchid, match[1] ?? '');
      if (!profile) return undefined;
      const index = match[2] === undefined ? defaultIndex(profile) : Number(match[2]) - 1;
      return profile.accounts[index] ?? undefined;
    },
    save(merchid, account, target) {
      if (!target) {
        for (const [profileid, profile] of profiles) {
          if (profile.merchid !== merchid) continue;
          const index = profile.accounts.findIndex((stored) => stored !== null && sameAccount(stored, account));
          if (index < 0) continue;
          if (account.defaultacct) markDefault(profile, index);
          return view(profileid, profile, index);
        }
        const { profileid } = create(merchid, account);
        return view(profileid, profiles.get(profileid)!, 0);
      }
      const profile = owned(merchid, target.profileid);
      if (!profile) return undefined;
      let index: number;
      if (target.acctid === undefined) {
        index = profile.accounts.length;
        profile.accounts.push(account);
      } else {
        index = Number(target.acctid) - 1;
        const stored = profile.accounts[index];
        if (!stored) return undefined;
        profile.accounts[index] = target.merge
          ? {
              ...account,
              name: account.name ?? stored.name,
              details: { ...stored.details, ...account.details },
              defaultacct: stored.defaultacct,
            }
          : { ...account, defaultacct: stored.defaultacct };
      }
      if (account.defaultacct) markDefault(profile, index);
      return view(target.profileid, profile, index);
    },
    list(merchid, profileid, acctid) {
      const profile = owned(merchid, profileid);
      if (!profile) return [];
      const indexes = acctid === undefined ? profile.accounts.map((_, i) => i) : [Number(acctid) - 1];
      return indexes.filter((i) => profile.accounts[i]).map((i) => view(profileid, profile, i));
    },
    remove(merchid, profileid, acctid) {
      const profile = owned(merchid, profileid);
      if (!profile) return false;
      if (acctid === undefined) return profiles.delete(profileid);
      const index = Number(acctid) - 1;
      if (!profile.accounts[index]) return false;
      profile.accounts[index] = null;
      if (profile.accounts.every((account) => account === null)) profiles.delete(profileid);
      return true;
    },
    entries: () => [...profiles.entries()],
  };
}
