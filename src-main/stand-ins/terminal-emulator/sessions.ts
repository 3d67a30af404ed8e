import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock';

/**
 * The terminal service's sessions (developer-guides.md, "Establishing a Session"; the connect
 * and disconnect endpoints of terminal-openapi.yaml): one session per terminal, a 32-hex key
 * "valid for 10 minutes after it is generated", on the injected clock. The connect answer's
 * header is `<key>;expires=<ISO-8601>`; later requests send the key alone.
 */
export interface Session {
  readonly key: string;
  readonly hsn: string;
  readonly merchantId: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

export interface SessionTable {
  /** The live session of a terminal, if any (an expired one is gone). */
  of(hsn: string): Session | undefined;
  /** A new session for the terminal, replacing any other. */
  open(hsn: string, merchantId: string): Session;
  /** Whether `key` is the terminal's live session. */
  holds(hsn: string, key: string): boolean;
  /** Ends the terminal's session (disconnect, a forced connect, a reboot). */
  end(hsn: string): void;
}

/** The header value connect answers with, as the reference's example: `key;expires=2018-09-25T16:26:48.482Z`. */
export const sessionHeader = (session: Session): string =>
  `${session.key};expires=${new Date(session.expiresAt).toISOString()}`;

export function createSessionTable(clock: Pick<Clock, 'now'>, lifetimeMs: number): SessionTable {
  const sessions = new Map<string, Session>();
  const of = (hsn: string) => {
    const session = sessions.get(hsn);
    if (session && session.expiresAt <= clock.now()) {
      sessions.delete(hsn);
      return undefined;
    }
    return session;
  };
  return {
    of,
    open(hsn, merchantId) {
      const session = { key: randomBytes(16).toString('hex'), hsn, merchantId, expiresAt: clock.now() + lifetimeMs };
      sessions.set(hsn, session);
      return session;
    },
    holds: (hsn, key) => of(hsn)?.key === key,
    end: (hsn) => void sessions.delete(hsn),
  };
}
