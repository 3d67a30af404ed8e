/**
 * Locks out password guessing at the token endpoint. The boarding reference says nothing of
 * failed logins (its one word on the auth server is the web application's 2FA), so this is what
 * a well-built auth server does: wrong passwords in a row are counted per username and per client
 * address; past the limit, that username or address is locked for a time that doubles with each
 * lock, and every password grant for it is refused while locked, the right password included.
 * Unknown usernames are counted like known ones, so the lock tells nobody which users exist.
 */

export interface LockoutPolicy {
  /** Wrong passwords in a row that lock a username. */
  readonly userFailures: number;
  /** Wrong passwords in a row from one client address, whatever the usernames, that lock it. */
  readonly addressFailures: number;
  /** The first lock; each next one is twice the last, up to `maxLockMs`. */
  readonly firstLockMs: number;
  readonly maxLockMs: number;
  /** A failure this long after the last one starts the count again (locks already earned stay). */
  readonly failureResetMs: number;
}

export const defaultLockoutPolicy: LockoutPolicy = {
  userFailures: 5,
  addressFailures: 20,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  failureResetMs: 12 * 60 * 60_000,
};

/** What is locked, and for how much longer. */
export interface Lock {
  readonly what: 'user' | 'address';
  readonly remainingMs: number;
}

export interface LoginLockout {
  /** The lock that holds for this username or address at `now`, the longer first; undefined when free. */
  lockOf(username: string, address: string, now: number): Lock | undefined;
  /** A wrong password (or unknown username) for this username from this address. */
  failed(username: string, address: string, now: number): void;
  /** A right password: both counts start again. */
  succeeded(username: string, address: string): void;
}

interface Tally {
  failures: number;
  lastFailureAt: number;
  locks: number;
  lockedUntil: number;
}

/** Tallies kept at most; the oldest is forgotten first, so random usernames cannot fill memory. */
const maxTallies = 10_000;

/** The lockout for one emulator, on the emulator's clock (`now` is passed in by each call). */
export function createLoginLockout(policy: LockoutPolicy = defaultLockoutPolicy): LoginLockout {
  const tallies = new Map<string, Tally>();
  const keyOf = (what: Lock['what'], name: string) => `${what}:${name}`;

  const count = (key: string, limit: number, now: number) => {
    const tally = tallies.get(key) ?? { failures: 0, lastFailureAt: now, locks: 0, lockedUntil: 0 };
    tallies.delete(key); // re-inserted last: the map's order is the order of last use
    if (now - tally.lastFailureAt > policy.failureResetMs) tally.failures = 0;
    tally.failures += 1;
    tally.lastFailureAt = now;
    if (tally.failures >= limit) {
      tally.locks += 1;
      tally.failures = 0;
      tally.lockedUntil = now + Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** (tally.locks - 1));
    }
    tallies.set(key, tally);
    while (tallies.size > maxTallies) tallies.delete(tallies.keys().next().value!);
  };

  const remaining = (key: string, now: number) => Math.max(0, (tallies.get(key)?.lockedUntil ?? 0) - now);

  return {
    lockOf(username, address, now) {
      const user = remaining(keyOf('user', username), now);
      const from = remaining(keyOf('address', address), now);
      if (user === 0 && from === 0) return undefined;
      return user >= from ? { what: 'user', remainingMs: user } : { what: 'address', remainingMs: from };
    },
    failed(username, address, now) {
      count(keyOf('user', username), policy.userFailures, now);
      count(keyOf('address', address), policy.addressFailures, now);
    },
    succeeded(username, address) {
      tallies.delete(keyOf('user', username));
      tallies.delete(keyOf('address', address));
    },
  };
}
