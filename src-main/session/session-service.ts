import type { Settings } from '../config/settings';
import type { Clock } from '../core/clock';
import type { StaffRole, StaffSession, TrainingLogin } from '../ipc/contract';
import { LaneError } from '../core/errors';
import type { Logger } from '../log/logger';
import { pinMatches } from './pin-hash';

/** Training's practice staff, used when the settings list nobody: never valid outside training. */
export const trainingStaff: readonly TrainingLogin[] = [
  { cashierId: '1001', pin: '1234', name: 'Trainee', role: 'cashier' },
  { cashierId: '9001', pin: '9999', name: 'Trainer', role: 'manager' },
];

/**
 * Wrong PINs in a row from one screen, for one id or for manager approvals, before that screen
 * is locked for a minute. The lock is on the screen that guessed, not on the person: a cashier's
 * screen trying a manager's id cannot lock the manager out of their own.
 */
const attemptsBeforeLock = 5;
const lockMs = 60_000;

interface Member {
  readonly id: string;
  readonly name: string;
  readonly role: StaffRole;
  matches(pin: string): boolean;
}

export interface SessionService {
  current(): StaffSession | null;
  /** `source` is the screen the attempt came from (`CommandCaller.source`); wrong PINs lock it alone. */
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
   * Wrong PINs lock approvals on `source`, the screen that asked, only.
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
 * against settings' scrypt hashes; repeated wrong PINs lock that screen's tries at the id (or
 * its approvals) for a minute, which makes guessing a 4-digit PIN at the counter impractical.
 * The lock is keyed on the screen as well as the id, so guessing cannot be used to lock a
 * manager out of signing in and approving at their own screen.
 */
export function createSessionService(options: { settings: Settings; clock: Clock; logger: Logger }): SessionService {
  const { settings, clock, logger } = options;
  let session: StaffSession | null = null;
  const listeners = new Set<(session: StaffSession | null) => void>();
  const failures = new Map<string, { count: number; lockedUntil: number }>();
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
        matches: (pin) => pinMatches(pin, member.pin),
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

  /** Runs one PIN check under the lock for `key`: a locked key is refused before the PIN is looked at. */
  const checked = <T>(key: string, lockedMessage: string, check: () => T | undefined): T | undefined => {
    const now = clock.now();
    const record = failures.get(key);
    if (record && record.lockedUntil > now) throw new LaneError('forbidden', lockedMessage);
    const result = check();
    if (result !== undefined) {
      failures.delete(key);
      return result;
    }
    const count = (record && record.lockedUntil <= now && record.lockedUntil !== 0 ? 0 : (record?.count ?? 0)) + 1;
    failures.set(key, { count, lockedUntil: count >= attemptsBeforeLock ? now + lockMs : 0 });
    if (count >= attemptsBeforeLock)
      logger.warn(
        { key: key.includes('|id:') ? 'sign-in' : 'manager approval', source: key.split('|')[0] },
        'too many wrong PINs from one screen: locked for a minute',
      );
    return undefined;
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
        `${source}|id:${cashierId}`,
        `Too many wrong PINs for cashier ${cashierId} on this screen: wait a minute, then try again.`,
        () => {
          const found = staff.find((candidate) => candidate.id === cashierId);
          return found?.matches(pin) ? found : undefined;
        },
      );
      if (!member)
        throw new LaneError('forbidden', 'That cashier id and PIN do not match: check both and try again.', 'pin');
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
        `${source}|approvals`,
        'Too many wrong manager PINs on this screen: wait a minute, then try again.',
        () => members().find((member) => member.role === 'manager' && member.matches(managerPin)),
      );
      if (!manager)
        throw new LaneError(
          'forbidden',
          'That is not a manager\u2019s PIN: ask a manager to enter theirs.',
          'managerPin',
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
