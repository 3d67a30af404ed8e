import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  filePinLockStore,
  memoryPinLockStore,
  pinLockPath,
  type PinLockStore,
} from '../../../../src-main/lane/session/pin-lock-file';
import { createPinLocks, pinLockPolicy, whenAgain } from '../../../../src-main/lane/session/pin-locks';
import { ManualClock } from '../../../support/manual-clock';

const minute = 60_000;

function locks(store: PinLockStore = memoryPinLockStore(), clock = new ManualClock()) {
  return { clock, store, locks: createPinLocks({ clock, store }) };
}

/** Five wrong PINs at `key`: the length of the lock they start, in minutes. */
function lockAfterFive(subject: ReturnType<typeof locks>, key: string): number | undefined {
  for (let i = 0; i < 4; i++) expect(subject.locks.wrong(key)).toBeNull();
  const lock = subject.locks.wrong(key);
  return lock ? (lock.until - subject.clock.now()) / minute : undefined;
}

describe('wrong-PIN locks per key', () => {
  it('lock after five wrong PINs, each lock of a streak twice the last, up to an hour', () => {
    const subject = locks();
    const lengths: Array<number | undefined> = [];
    for (let lock = 0; lock < 8; lock++) {
      lengths.push(lockAfterFive(subject, 'id:42'));
      expect(subject.locks.lockOn('id:42')).toMatchObject({ scope: 'key' });
      subject.clock.advance((lengths.at(-1) ?? 0) * minute);
      expect(subject.locks.lockOn('id:42')).toBeNull();
      // The lane's own limit is not what this is about: its bucket empties between locks.
      subject.clock.advance(pinLockPolicy.wrongBeforeLock * pinLockPolicy.laneLeakMs);
    }
    expect(lengths).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('lock an id nobody has exactly as a real one, and each id apart', () => {
    const subject = locks();
    expect(lockAfterFive(subject, 'id:77')).toBe(1);
    expect(subject.locks.lockOn('id:77')).not.toBeNull();
    expect(subject.locks.lockOn('id:42')).toBeNull();
    expect(subject.locks.lockOn('approvals')).toBeNull();
  });

  it('start the count and the streak again after a right PIN at the key', () => {
    const subject = locks();
    expect(lockAfterFive(subject, 'id:42')).toBe(1);
    subject.clock.advance(minute);
    subject.locks.right('id:42');
    expect(lockAfterFive(subject, 'id:42')).toBe(1);
  });

  it('forget a key a day after its last wrong PIN or lock, and not before', () => {
    const subject = locks();
    expect(lockAfterFive(subject, 'id:42')).toBe(1);
    subject.clock.advance(minute);
    for (let i = 0; i < 4; i++) subject.locks.wrong('id:42');
    subject.clock.advance(pinLockPolicy.forgetAfterMs - 1);
    expect(subject.locks.wrong('id:42')).toMatchObject({ scope: 'key', until: subject.clock.now() + 2 * minute });
    subject.clock.advance(2 * minute + pinLockPolicy.forgetAfterMs);
    expect(lockAfterFive(subject, 'id:42')).toBe(1);
  });
});

describe('the lane-wide limit', () => {
  it('refuses every key once twenty wrong PINs fill it, and lets one more through per ten minutes', () => {
    const subject = locks();
    for (let id = 0; id < 19; id++) expect(subject.locks.wrong(`id:${id}`)).toBeNull();
    expect(subject.locks.wrong('id:19')).toEqual({ scope: 'lane', until: subject.clock.now() + 10 * minute });
    expect(subject.locks.lockOn('id:500')).toEqual({ scope: 'lane', until: subject.clock.now() + 10 * minute });
    expect(subject.locks.lockOn('approvals')).toMatchObject({ scope: 'lane' });
    subject.clock.advance(10 * minute);
    expect(subject.locks.lockOn('id:500')).toBeNull();
    expect(subject.locks.wrong('id:500')).toEqual({ scope: 'lane', until: subject.clock.now() + 10 * minute });
    // A quiet lane empties: after 200 minutes the next twenty wrong PINs are allowed again.
    subject.clock.advance(200 * minute);
    for (let id = 0; id < 19; id++) expect(subject.locks.wrong(`id:${1000 + id}`)).toBeNull();
  });

  it('answers with the longer lock when the key and the lane are both locked', () => {
    const subject = locks();
    for (let i = 0; i < 15; i++) subject.locks.wrong(`id:${i}`);
    expect(lockAfterFive(subject, 'id:42')).toBe(10);
    expect(subject.locks.lockOn('id:42')).toMatchObject({ scope: 'lane' });
  });
});

describe('the locks file', () => {
  it('keeps the locks across a restart, in a file only the lane user can read', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    const problems: string[] = [];
    const clock = new ManualClock();
    const before = locks(
      filePinLockStore(folder, (problem) => problems.push(problem)),
      clock,
    );
    expect(lockAfterFive(before, 'id:42')).toBe(1);
    expect(statSync(pinLockPath(folder)).mode & 0o777).toBe(0o600);
    const after = locks(
      filePinLockStore(folder, (problem) => problems.push(problem)),
      clock,
    );
    expect(after.locks.lockOn('id:42')).toEqual({ scope: 'key', until: minute });
    clock.advance(minute);
    // The streak came through too: the next lock is the second, two minutes.
    expect(lockAfterFive(after, 'id:42')).toBe(2);
    expect(problems).toEqual([]);
  });

  it('says when the file cannot be read, and starts with no locks', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    writeFileSync(pinLockPath(folder), '{"keys": {"id:42": {"wrong": -1}}');
    const problems: string[] = [];
    const subject = locks(filePinLockStore(folder, (problem) => problems.push(problem)));
    expect(subject.locks.lockOn('id:42')).toBeNull();
    expect(problems).toEqual([
      expect.stringMatching(/pin-locks\.json could not be read .*wrong-PIN locks start again/),
    ]);
  });

  it('holds the locks in memory when the file cannot be written, and says so', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lanepoint-pin-'));
    const notAFolder = join(folder, 'plain-file');
    writeFileSync(notAFolder, '');
    const problems: string[] = [];
    const subject = locks(filePinLockStore(notAFolder, (problem) => problems.push(problem)));
    expect(lockAfterFive(subject, 'id:42')).toBe(1);
    expect(problems[0]).toMatch(/could not be written .*the locks hold until the lane stops/);
  });
});

describe('when a lock ends, in words', () => {
  it('gives the clock time rounded up to the minute and the minutes to wait', () => {
    const now = new Date(2026, 10, 28, 9, 12, 45).getTime();
    expect(whenAgain(now + 45_000, now)).toBe('at 09:14 (in 1 minute)');
    expect(whenAgain(now + 2 * minute, now)).toBe('at 09:15 (in 2 minutes)');
    expect(whenAgain(now + 60 * minute, now)).toBe('at 10:13 (in 60 minutes)');
  });
});
