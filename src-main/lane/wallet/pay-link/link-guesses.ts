import type { Clock } from '../../../platform/clock';
import type { PayLinkLimits } from './limits';

/**
 * Wrong link ids, counted per client address (ADR 047). Only misses count: a store's phones may
 * share one address behind its router, and every one of them polls its link each second, so
 * successes never use up anything. Past the allowance each miss makes the address wait, twice as
 * long as the last time up to a ceiling, and while it waits it is told to wait for any link it
 * has not opened before, right or wrong, so a wait answers nothing about which ids exist. A link
 * the address had already opened keeps working: a phone halfway through paying is not stopped by
 * a neighbour behind the same router. Time is the injected clock's.
 */
export interface LinkGuesses {
  /** How long `client` must still wait before it may ask for `linkId` (ms); 0: ask now. */
  waitFor(client: string, linkId: string | undefined): number;
  /** `client` opened `linkId`: it is served that link even while it waits. */
  found(client: string, linkId: string): void;
  /** `client` asked for a link that is not there; the wait this starts (ms), 0 within the allowance. */
  missed(client: string): number;
}

type GuessLimits = Pick<PayLinkLimits, 'guessAllowance' | 'guessBackoffMs' | 'guessMaxBackoffMs' | 'guessMemoryMs'>;

interface ClientRecord {
  misses: number;
  lastMissAt: number;
  lastSeenAt: number;
  waitUntil: number;
  /** The links this client opened, newest last. */
  readonly opened: string[];
}

/** Links one client is remembered to have opened; a phone opens one or two. */
const openedKept = 16;
/** Addresses remembered at once; past it the longest-remembered is forgotten. */
const clientsKept = 10_000;

export function createLinkGuesses(clock: Pick<Clock, 'now'>, limits: GuessLimits): LinkGuesses {
  const clients = new Map<string, ClientRecord>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + limits.guessMemoryMs / 10;
    for (const [client, record] of clients)
      if (now - record.lastSeenAt > limits.guessMemoryMs && now >= record.waitUntil) clients.delete(client);
  };
  const recordOf = (client: string, now: number): ClientRecord => {
    sweep(now);
    let record = clients.get(client);
    if (record && now - record.lastMissAt > limits.guessMemoryMs && now >= record.waitUntil) record.misses = 0;
    if (!record) {
      if (clients.size >= clientsKept) clients.delete(clients.keys().next().value!);
      record = { misses: 0, lastMissAt: now, lastSeenAt: now, waitUntil: 0, opened: [] };
      clients.set(client, record);
    }
    record.lastSeenAt = now;
    return record;
  };
  return {
    waitFor(client, linkId) {
      const record = clients.get(client);
      if (!record || (linkId !== undefined && record.opened.includes(linkId))) return 0;
      return Math.max(0, record.waitUntil - clock.now());
    },
    found(client, linkId) {
      const { opened } = recordOf(client, clock.now());
      if (opened.includes(linkId)) return;
      opened.push(linkId);
      if (opened.length > openedKept) opened.shift();
    },
    missed(client) {
      const now = clock.now();
      const record = recordOf(client, now);
      record.misses += 1;
      record.lastMissAt = now;
      const over = record.misses - limits.guessAllowance;
      if (over <= 0) return 0;
      const wait = Math.min(limits.guessMaxBackoffMs, limits.guessBackoffMs * 2 ** Math.min(over - 1, 30));
      record.waitUntil = now + wait;
      return wait;
    },
  };
}
