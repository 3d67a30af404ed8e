import { randomInt } from 'node:crypto';

/** What a stored profile account keeps: enough to authorize again without the card. */
export interface ProfileAccount {
  readonly number: string;
  readonly expiry: string | undefined;
  readonly name: string | undefined;
}

/** Stored profiles: a 20-digit profile id holding accounts numbered from 1. */
export interface ProfileStore {
  /** Creates a profile holding this account; returns its id and account id. */
  create(merchid: string, account: ProfileAccount): { profileid: string; acctid: string };
  /** The account behind "<profileid>/<acctid>" for this merchant, or undefined. */
  find(merchid: string, reference: string): ProfileAccount | undefined;
  /** Everything stored, for persistence. */
  entries(): Array<[string, { merchid: string; accounts: ProfileAccount[] }]>;
}

export function createProfileStore(
  restored: Array<[string, { merchid: string; accounts: ProfileAccount[] }]> = [],
  newId: () => string = () => `1${Array.from({ length: 19 }, () => randomInt(10)).join('')}`,
): ProfileStore {
  const profiles = new Map(restored);
  return {
    create(merchid, account) {
      let profileid = newId();
      while (profiles.has(profileid)) profileid = newId();
      profiles.set(profileid, { merchid, accounts: [account] });
      return { profileid, acctid: '1' };
    },
    find(merchid, reference) {
      const match = /^(\d{20})\/(\d{1,3})$/.exec(reference);
      if (!match) return undefined;
      const profile = profiles.get(match[1] ?? '');
      if (!profile || profile.merchid !== merchid) return undefined;
      return profile.accounts[Number(match[2]) - 1];
    },
    entries: () => [...profiles.entries()],
  };
}
