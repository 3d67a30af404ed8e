import type { Clock } from '../../platform/clock';
import type { PinLockState, PinLockStore } from './pin-lock-file';

/**
 * How wrong PINs are limited on a lane. Counted per key (a cashier id at sign-in, manager
 * approvals), never per screen: a reload or a new bridge connection is the same guesser.
 * - `wrongBeforeLock` wrong PINs in a row at one key lock it; each lock in a streak lasts twice
 *   the one before, from `firstLockMs` to at most `longestLockMs` (1, 2, 4 … 32, then 60 min).
 *   A right PIN at the key ends its streak; so does `forgetAfterMs` with no wrong PIN there.
 * - Every wrong PIN, at any key, also fills the lane's bucket, which empties by one every
 *   `laneLeakMs`. A full bucket refuses every PIN on the lane until one has leaked out, so trying
 *   four PINs at each of many ids is held to the same pace: at most 20 at once, then 6 an hour.
 */
export const pinLockPolicy = {
  wrongBeforeLock: 5,
  firstLockMs: 60_000,
  longestLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  laneCapacity: 20,
  laneLeakMs: 10 * 60_000,
} as const;

/** Why a PIN is not checked now, and when it may be tried again (epoch ms). */
export interface PinLock {
  /** `lane`: every PIN on the lane waits; `key`: the id (or approvals) that was guessed at. */
  readonly scope: 'key' | 'lane';
  readonly until: number;
}

export interface PinLocks {
  /** The lock in force on `key` or on the whole lane, the longer of the two; null when a PIN may be tried. */
  lockOn(key: string): PinLock | null;
  /** Counts a wrong PIN at `key` (and on the lane); returns the lock in force after it. */
  wrong(key: string): PinLock | null;
  /** A right PIN at `key`: its count and its streak start again. The lane's bucket keeps its level. */
  right(key: string): void;
}

/**
 * The lane's wrong-PIN locks over `store`, which keeps them across restarts. Time is the
 * lane's clock only. Every change is saved before the answer goes back.
 */
export function createPinLocks(options: { clock: Pick<Clock, 'now'>; store: PinLockStore }): PinLocks {
  const { clock, store } = options;
  const policy = pinLockPolicy;
  const state: PinLockState = store.load();

  /** The bucket's level now: what has leaked out since it was last filled is gone. */
  const laneLevel = (now: number) =>
    Math.max(0, state.lane.level - Math.max(0, now - state.lane.at) / policy.laneLeakMs);
  const laneLock = (now: number): PinLock | null => {
    const excess = laneLevel(now) - (policy.laneCapacity - 1);
    return excess > 0 ? { scope: 'lane', until: now + Math.ceil(excess * policy.laneLeakMs) } : null;
  };
  const forget = (now: number) => {
    for (const [key, record] of Object.entries(state.keys)) {
      const quietSince = Math.max(record.lastWrongAt, record.lockedUntil);
      if (now - quietSince >= policy.forgetAfterMs) delete state.keys[key];
    }
  };
  const lockOn = (key: string): PinLock | null => {
    const now = clock.now();
    const lockedUntil = state.keys[key]?.lockedUntil ?? 0;
    const lane = laneLock(now);
    if (lane && lane.until >= lockedUntil) return lane;
    return lockedUntil > now ? { scope: 'key', until: lockedUntil } : null;
  };

  return {
    lockOn,
    wrong(key) {
      const now = clock.now();
      forget(now);
      const record = state.keys[key] ?? { wrong: 0, locks: 0, lockedUntil: 0, lastWrongAt: now };
      record.wrong += 1;
      record.lastWrongAt = now;
      if (record.wrong >= policy.wrongBeforeLock) {
        record.locks += 1;
        record.wrong = 0;
        record.lockedUntil = now + Math.min(policy.firstLockMs * 2 ** (record.locks - 1), policy.longestLockMs);
      }
      state.keys[key] = record;
      state.lane = { level: laneLevel(now) + 1, at: now };
      store.save(state);
      return lockOn(key);
    },
    right(key) {
      if (!state.keys[key]) return;
      delete state.keys[key];
      store.save(state);
    },
  };
}

/**
 * When a locked PIN may be tried again, in the words the lock messages use: "at 09:14 (in 2
 * minutes)". The time of day is rounded up to the minute (never earlier than the lock ends)
 * and read in the lane's local time, as the clock on the wall shows it.
 */
export function whenAgain(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  const at = new Date(Math.ceil(until / 60_000) * 60_000);
  const clockTime = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `at ${clockTime} (in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`;
}
