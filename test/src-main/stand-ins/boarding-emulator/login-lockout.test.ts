import { describe, expect, it } from 'vitest';
import {
  createLoginLockout,
  defaultLockoutPolicy,
} from '../../../../src-main/stand-ins/boarding-emulator/login-lockout';

const minute = 60_000;
const address = '127.0.0.1';

describe('the login lockout', () => {
  it('locks a username at its fifth wrong password in a row, for a minute', () => {
    const lockout = createLoginLockout();
    for (let i = 0; i < 4; i++) lockout.failed('ann', address, 0);
    expect(lockout.lockOf('ann', address, 0)).toBeUndefined();
    lockout.failed('ann', address, 0);
    expect(lockout.lockOf('ann', address, 0)).toEqual({ what: 'user', remainingMs: minute });
    expect(lockout.lockOf('ann', address, minute - 1)).toEqual({ what: 'user', remainingMs: 1 });
    expect(lockout.lockOf('ann', address, minute)).toBeUndefined();
    expect(lockout.lockOf('bob', '10.0.0.9', 0)).toBeUndefined();
  });

  it('doubles each next lock, up to an hour', () => {
    const lockout = createLoginLockout();
    let now = 0;
    const locks: number[] = [];
    for (let lock = 0; lock < 9; lock++) {
      for (let i = 0; i < 5; i++) lockout.failed('ann', `10.0.0.${lock}`, now);
      const held = lockout.lockOf('ann', '10.0.0.99', now)!.remainingMs;
      locks.push(held / minute);
      now += held;
    }
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('locks an address after 20 wrong passwords in a row whatever the usernames, and every username from it', () => {
    const lockout = createLoginLockout();
    for (let i = 0; i < 20; i++) lockout.failed(`user-${i % 4}`, address, 0);
    expect(lockout.lockOf('someone-else', address, 0)).toEqual({ what: 'address', remainingMs: minute });
    expect(lockout.lockOf('someone-else', '10.0.0.9', 0)).toBeUndefined();
  });

  it('starts the count again after a right password, or after twelve quiet hours', () => {
    const lockout = createLoginLockout();
    for (let i = 0; i < 4; i++) lockout.failed('ann', address, 0);
    lockout.succeeded('ann', address);
    for (let i = 0; i < 4; i++) lockout.failed('ann', address, 0);
    expect(lockout.lockOf('ann', address, 0)).toBeUndefined();
    lockout.failed('ann', address, defaultLockoutPolicy.failureResetMs + 1);
    expect(lockout.lockOf('ann', address, defaultLockoutPolicy.failureResetMs + 1)).toBeUndefined();
  });

  it('takes its numbers from the policy', () => {
    const lockout = createLoginLockout({ ...defaultLockoutPolicy, userFailures: 2, firstLockMs: 5_000 });
    lockout.failed('ann', address, 0);
    lockout.failed('ann', address, 0);
    expect(lockout.lockOf('ann', address, 0)).toEqual({ what: 'user', remainingMs: 5_000 });
  });
});
