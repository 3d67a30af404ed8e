import type { Settings } from '../config/settings';
import type { Clock } from '../../platform/clock';
import type { StaffRole, StaffSession, TrainingLogin } from '../ipc/contract';
import { LaneError } from '../errors';
import type { Logger } from '../../platform/log/logger';
import { pinMatches, unknownIdPinHash, type PinCheck } from './pin-hash';
import { memoryPinLockStore, type PinLockStore } from './pin-lock-file';
import { createPinLocks, whenAgain, type PinLock } from './pin-locks';

/** Training's practice staff, used when the settings list nobody: never valid outside training. */
export const trainingStaff: readonly TrainingLogin[] = [
  { cashierId: '1001', pin: '1234', name: 'Trainee', role: 'cashier' },
  { cashierId: '9001', pin: '9999', name: 'Trainer', role: 'manager' },
];

interface Member {
  readonly id: string;
  readonly name: string;
  readonly role: StaffRole;
  matches(pin: string): boolean;
}

export interface SessionService {
  current(): StaffSession | null;
  /**
   * Wrong PINs lock the cashier id (and, past the lane's limit, every PIN) whatever screen they
   * came from; `source` (`CommandCaller.source`) only names that screen in the log.
   */
  signIn(args: { cashierId: string; pin: string }, source?: string): StaffSession;
  signOut(): { signedOut: boolean };
  trainingLogins(): TrainingLogin[];
  /** Throws `forbidden` unless a member of staff is signed in: on a kiosk too, where the customer stands alone. */
  requireSignedIn(action: string): void;
  /**
   * The customer's own payment: on a kiosk it runs with nobody signed in; on a counter a member
   * of staff must be. Throws `forbidden` otherwise.
   */
  requireCustomerOrStaff(action: string): void;
  /**
   * Lets a manager's action through: a manager is signed in, or `managerPin` is a manager's PIN.
   * Throws `forbidden` naming the action otherwise. Returns who approved it, for the log.
   * Wrong PINs lock approvals by PIN on the lane, whatever screen asked (`source`, for the log).
   */
  approve(action: string, managerPin: string | undefined, source?: string): string;
  /**
   * Ends the session now (a kiosk's customer visit started): whoever comes next signs in again.
   * `why` goes to the log. Nothing happens when nobody is signed in.
   */
  end(why: string): void;
  onChange(listener: (session: StaffSession | null) => void): () => void;
}

/**
 * Who is signed in on the lane, and the manager approvals a cashier asks for. PINs are checked
 * against settings' scrypt hashes (an unknown id against a dummy of the same cost). Wrong PINs
 * lock the cashier id, or approvals by PIN, for a time that grows with each lock, and past the
 * lane's limit every PIN waits (`pinLockPolicy`): counted per id, not per screen, and kept in
 * `locks` so a reconnect or a restart does not start the count again (ADR 043).
 */
export function createSessionService(options: {
  settings: Settings;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** Where the locks are kept between starts (the app-data folder's file); in memory by default. */
  locks?: PinLockStore;
  /** How a PIN is checked against a stored hash (tests count the calls); `pinMatches` by default. */
  pinCheck?: PinCheck;
}): SessionService {
  const { settings, clock, logger } = options;
  const pinCheck = options.pinCheck ?? pinMatches;
  const locks = createPinLocks({ clock, store: options.locks ?? memoryPinLockStore() });
  let session: StaffSession | null = null;
  const listeners = new Set<(session: StaffSession | null) => void>();
  // On a kiosk staff walk away from a public screen: a session idle this long has ended, and
  // a staff command after that is refused (checked on every use, by the lane's clock).
  const idleMs = settings.mode === 'kiosk' ? settings.kiosk.staffIdleSeconds * 1000 : null;
  let lastActivity = 0;

  const members = (): Member[] => {
    if (settings.staff.members.length > 0) {
      return settings.staff.members.map((member) => ({
        id: member.id,
        name: member.name,
        role: member.role,
        matches: (pin) => pinCheck(pin, member.pin),
      }));
    }
    if (!settings.training) return [];
    return trainingStaff.map((login) => ({
      id: login.cashierId,
      name: login.name,
      role: login.role,
      matches: (pin) => pin === login.pin,
    }));
  };

  const publish = () => {
    for (const listener of listeners) listener(session);
  };
  const end = (why: string) => {
    if (!session) return;
    logger.info({ cashierId: session.cashierId, why }, 'staff session ended');
    session = null;
    publish();
  };
  /** The session as it stands now: one idle past the kiosk's limit ends here, before anyone uses it. */
  const live = (): StaffSession | null => {
    if (session && idleMs !== null && clock.now() - lastActivity >= idleMs) end('idle');
    return session;
  };

  /** The refusal for a lock: it says when to try again, and never whether the id exists. */
  const lockedWords = (lock: PinLock, key: string): string => {
    const when = whenAgain(lock.until, clock.now());
    if (lock.scope === 'lane') return `Too many wrong PINs on this lane: try again ${when}.`;
    if (key === 'approvals') return `Too many wrong manager PINs: try again ${when}, or a manager signs in to approve.`;
    return `Too many wrong PINs for cashier id ${key.slice('id:'.length)}: try again ${when}.`;
  };
  /**
   * Runs one PIN check under the locks for `key` (`id:<cashier id>` or `approvals`): a locked
   * key, or a lane past its limit, is refused before the PIN is looked at. A wrong PIN is
   * counted (and saved) before the answer: `wrong` says so and what to do, or, when this PIN
   * started a lock, when to try again instead.
   */
  const checked = <T>(
    key: string,
    source: string,
    wrong: { what: string; advice: string; field: string },
    check: () => T | undefined,
  ): T => {
    const lock = locks.lockOn(key);
    if (lock) throw new LaneError('forbidden', lockedWords(lock, key));
    const result = check();
    if (result !== undefined) {
      locks.right(key);
      return result;
    }
    const after = locks.wrong(key);
    if (!after) throw new LaneError('forbidden', `${wrong.what}: ${wrong.advice}.`, wrong.field);
    logger.warn(
      {
        attempt: key === 'approvals' ? 'manager approval' : 'sign-in',
        lock: after.scope,
        until: new Date(after.until).toISOString(),
        source,
      },
      after.scope === 'lane' ? 'too many wrong PINs on the lane: every PIN waits' : 'too many wrong PINs: locked',
    );
    throw new LaneError('forbidden', `${wrong.what}. ${lockedWords(after, key)}`, wrong.field);
  };

  return {
    current: live,
    signIn({ cashierId, pin }, source = 'local') {
      const staff = members();
      if (staff.length === 0) {
        throw new LaneError(
          'refused',
          'Nobody is set up to sign in on this lane: store IT adds staff to settings.json (staff.members, PINs made with `lanepoint pin-hash`).',
        );
      }
      const member = checked(
        `id:${cashierId}`,
        source,
        { what: 'That cashier id and PIN do not match', advice: 'check both and try again', field: 'pin' },
        () => {
          const found = staff.find((candidate) => candidate.id === cashierId);
          // An unknown id costs the same scrypt as a real one: the answer's time does not tell which ids exist.
          if (!found && settings.staff.members.length > 0) pinCheck(pin, unknownIdPinHash);
          return found?.matches(pin) ? found : undefined;
        },
      );
      session = { cashierId: member.id, name: member.name, role: member.role, since: clock.now() };
      lastActivity = clock.now();
      logger.info({ cashierId: member.id, role: member.role }, 'signed in');
      publish();
      return session;
    },
    signOut() {
      if (!session) return { signedOut: false };
      logger.info({ cashierId: session.cashierId }, 'signed out');
      session = null;
      publish();
      return { signedOut: true };
    },
    trainingLogins: () => (settings.training && settings.staff.members.length === 0 ? [...trainingStaff] : []),
    requireSignedIn(action) {
      // A staff command is staff's activity: the idle wait starts again.
      if (live()) {
        lastActivity = clock.now();
        return;
      }
      // On a kiosk only the customer's own payment runs without staff: anything else moving money
      // (a capture, a refund up to the limit, a void) would be open to whoever walks up.
      if (settings.mode === 'kiosk')
        throw new LaneError('forbidden', `A member of staff signs in with their PIN to do this on a kiosk: ${action}.`);
      throw new LaneError('forbidden', `Sign in first to ${action}.`);
    },
    requireCustomerOrStaff(action) {
      if (live() || settings.mode === 'kiosk') return;
      throw new LaneError('forbidden', `Sign in first to ${action}.`);
    },
    approve(action, managerPin, source = 'local') {
      const signedIn = live();
      if (signedIn?.role === 'manager') return signedIn.cashierId;
      if (managerPin === undefined)
        throw new LaneError('forbidden', `A manager approves this: ${action} needs a manager's PIN.`, 'managerPin');
      const manager = checked(
        'approvals',
        source,
        { what: 'That is not a manager\u2019s PIN', advice: 'ask a manager to enter theirs', field: 'managerPin' },
        () => members().find((member) => member.role === 'manager' && member.matches(managerPin)),
      );
      logger.info({ action, approvedBy: manager.id, cashierId: signedIn?.cashierId ?? null }, 'manager approved');
      return manager.id;
    },
    end,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
