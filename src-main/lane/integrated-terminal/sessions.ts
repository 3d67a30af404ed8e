import type { Clock } from '../../platform/clock';
import { kindOf } from '../../platform/errors';
import type { Answered } from '../../platform/http/outbound';
import type { Logger } from '../../platform/log/logger';
import { TerminalMalformedAnswer, TerminalSessionRefused } from './errors';
import { operations, type TerminalOperation } from './operations';
import { isSessionRefusal, refusalOf } from './refusals';
import type { WireBody } from './requests';
import { parseSessionKeyHeader, sessionExpiry } from './session-key';

/**
 * The session keys of the terminal client, one per HSN (developer-guides.md, "Establishing a
 * Session"; ADR 085). A key is made by `connect`, used until `renewBeforeMs` before it expires,
 * then replaced at the next request, unless a request of this client is still in flight on
 * it (a forced connect would cancel that request's command at the terminal). A request the
 * service refuses for its session is sent once more on a new key, unless it moves money.
 */

/** One attempt on the wire: the answer whatever its status; throws when none came. */
export type Exchange = (operation: TerminalOperation, body: WireBody, sessionKey?: string) => Promise<Answered>;

export interface HeldSession {
  readonly key: string;
  /** When this client stops using the key (epoch ms on its clock). */
  readonly expiresAt: number;
}

export interface SessionKeeperOptions {
  readonly merchantId: string;
  readonly clock: Clock;
  readonly exchange: Exchange;
  readonly renewBeforeMs: number;
  /** Shared with other POS systems: never connect with force. */
  readonly shared: boolean;
  readonly logger?: Logger;
}

export interface SessionKeeper {
  /** Connects now, replacing the held key. */
  connect(hsn: string, force: boolean, token?: string): Promise<HeldSession>;
  /** Sends `body` (with its `hsn`) on the terminal's session, making or renewing one as needed. */
  send(operation: TerminalOperation, body: WireBody & { hsn: string }): Promise<Answered>;
  /** Ends the held session; nothing is sent when none is held. */
  disconnect(hsn: string): Promise<void>;
}

export function createSessionKeeper(options: SessionKeeperOptions): SessionKeeper {
  const { merchantId, clock, exchange, logger } = options;
  const sessions = new Map<string, HeldSession>();
  const connecting = new Map<string, Promise<HeldSession>>();
  const inFlight = new Map<string, number>();

  /** Connects (once at a time per terminal) and keeps the key. */
  function connect(hsn: string, force: boolean, token?: string): Promise<HeldSession> {
    const pending = connecting.get(hsn);
    if (pending) return pending;
    const connection = (async () => {
      const body: WireBody = { merchantId, hsn, ...(token === undefined ? {} : { token }), force: String(force) };
      const answer = await exchange('connect', body);
      if (answer.status !== 200) throw refusalOf('connect', hsn, answer);
      const session = parseSessionKeyHeader(answer.headers.get('x-cardconnect-sessionkey'));
      if (!session)
        throw new TerminalMalformedAnswer('connect: the answer carries no X-CardConnect-SessionKey header', {
          operation: 'connect',
          hsn,
          status: answer.status,
          requestSent: true,
        });
      const held = { key: session.key, expiresAt: sessionExpiry(session, clock.now()) };
      sessions.set(hsn, held);
      return held;
    })();
    connecting.set(hsn, connection);
    return connection.finally(() => connecting.delete(hsn));
  }

  /** The held key while it has time left; a new one before it runs out, unless our own request is using it. */
  async function sessionFor(hsn: string): Promise<HeldSession> {
    const held = sessions.get(hsn);
    const now = clock.now();
    if (held && now < held.expiresAt - options.renewBeforeMs) return held;
    if (held && now < held.expiresAt && (inFlight.get(hsn) ?? 0) > 0) return held;
    if (held && now < held.expiresAt && options.shared) {
      // Without force, connect refuses while our own session lives: end it first. If that
      // fails, connect still runs and says what is wrong (busy, not sent, ...).
      await exchange('disconnect', { merchantId, hsn }, held.key).catch((error: unknown) =>
        logger?.warn({ operation: 'disconnect', hsn, kind: kindOf(error) }, 'ending the old session failed'),
      );
      sessions.delete(hsn);
    }
    return connect(hsn, !options.shared);
  }

  return {
    connect(hsn, force, token) {
      sessions.delete(hsn);
      return connect(hsn, force, token);
    },

    async send(operation, body) {
      const { hsn } = body;
      let session = await sessionFor(hsn);
      inFlight.set(hsn, (inFlight.get(hsn) ?? 0) + 1);
      try {
        let answer = await exchange(operation, body, session.key);
        if (!isSessionRefusal(answer)) return answer;
        if (sessions.get(hsn) === session) sessions.delete(hsn);
        if (operations[operation].movesMoney) {
          throw new TerminalSessionRefused(
            `${operation}: the terminal service refused the session key; the authorization was not made and is not sent again automatically (a new session is made on the next request)`,
            { operation, hsn, status: answer.status, requestSent: true },
          );
        }
        session = await connect(hsn, !options.shared);
        answer = await exchange(operation, body, session.key);
        if (!isSessionRefusal(answer)) return answer;
        sessions.delete(hsn);
        throw new TerminalSessionRefused(`${operation}: the terminal service refused a new session key too`, {
          operation,
          hsn,
          status: answer.status,
          requestSent: true,
        });
      } finally {
        inFlight.set(hsn, (inFlight.get(hsn) ?? 1) - 1);
      }
    },

    async disconnect(hsn) {
      const held = sessions.get(hsn);
      if (!held) return;
      sessions.delete(hsn);
      const answer = await exchange('disconnect', { merchantId, hsn }, held.key);
      // A key the service no longer knows is as good as disconnected.
      if (answer.status !== 200 && !isSessionRefusal(answer)) throw refusalOf('disconnect', hsn, answer);
    },
  };
}
