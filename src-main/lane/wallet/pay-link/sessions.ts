import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { PayLinkState, PayLinkStatus } from './pay-page-parts';
import { payPageWords, type PayPageVoice, type PayPageWords } from './pay-page-words';
import { KindedError } from '../../../platform/errors';

/**
 * The pay links the lane has open: one per wallet payment, named by a 128-bit random id that is
 * the link's only secret. A link takes one payload, for two minutes or until the lane ends it;
 * what the pay page shows follows the payment to its end. Nothing here keeps a payload after it
 * is handed to the lane.
 */

/** How long a pay link takes a payment: the payload it brings has two minutes of life too. */
export const payLinkLifetimeMs = 2 * 60 * 1000;

/** How long an ended link still shows its end, so a phone that reloads reads what happened. */
const endShownMs = 10 * 60 * 1000;

export type { PayLinkState, PayLinkStatus } from './pay-page-parts';

/** The states a link ends in; `processing` ends in one of the first three. */
export type PayLinkEnd = Exclude<PayLinkState, 'waiting' | 'processing'>;

/** The payload as the pay page posted it, with when it arrived (the injected clock). */
export interface PostedPayload {
  readonly body: Record<string, unknown>;
  readonly receivedAt: number;
}

/** Why a link stopped waiting for the phone without a payload. */
export class PayLinkEnded extends KindedError<'canceled' | 'expired'> {
  constructor(readonly end: 'canceled' | 'expired') {
    super(
      end,
      end === 'expired'
        ? 'The pay link expired before the phone paid: start the wallet payment again.'
        : 'The sale was canceled.',
    );
    this.name = 'PayLinkEnded';
  }
}

/** One wallet payment's link, on the lane's side. */
export interface PayLinkSession {
  readonly id: string;
  readonly amountMinor: number;
  readonly expiresAt: number;
  /** The page's words: where the payment was started, in the customer's language. */
  readonly words: PayPageWords;
  /** Waits for the phone's payload; rejects with PayLinkEnded at expiry or when `signal` aborts. */
  payload(signal: AbortSignal): Promise<PostedPayload>;
  /** The payment ended: the page shows `state` (with the lane's own words when given). */
  end(state: PayLinkEnd, message?: string): void;
}

/** The link as the pay-link server sees it. */
export interface OpenLink {
  readonly amountMinor: number;
  readonly expiresAt: number;
  readonly words: PayPageWords;
  status(): PayLinkStatus;
  /** Takes the one payload; the status it answers (processing, or why not). */
  post(body: Record<string, unknown>): PayLinkStatus;
}

export interface PayLinkSessions {
  /** A new link; `voice` says where it was started and in which language (the counter's English when absent). */
  open(amountMinor: number, voice?: PayPageVoice): PayLinkSession;
  /** The link with this id, when there is one (open, or ended a short while ago). */
  find(id: string): OpenLink | undefined;
  /** Ends every waiting link (the service is closing). */
  closeAll(): void;
}

interface Entry {
  readonly amountMinor: number;
  readonly words: PayPageWords;
  readonly expiresAt: number;
  status: PayLinkStatus;
  endedAt?: number;
  deliver?: (payload: PostedPayload) => void;
  fail?: (error: PayLinkEnded) => void;
  /** A payload that arrived before the lane asked for it. */
  early?: PostedPayload;
  cancelTimer?: () => void;
}

/** The lane's pay links, timed by `clock`; `lifetimeMs` is two minutes but for tests. */
export function createPayLinkSessions(
  clock: Pick<Clock, 'now' | 'setTimer'>,
  lifetimeMs = payLinkLifetimeMs,
): PayLinkSessions {
  const entries = new Map<string, Entry>();
  const words = (entry: Pick<Entry, 'words'>, state: PayLinkState, message?: string): PayLinkStatus => ({
    state,
    message: message ?? entry.words.states[state],
  });
  const forgetOld = (now: number) => {
    for (const [id, entry] of entries)
      if (entry.endedAt !== undefined && now - entry.endedAt > endShownMs) entries.delete(id);
  };
  const finish = (entry: Entry, state: PayLinkEnd, message?: string) => {
    if (entry.endedAt !== undefined) return;
    entry.status = words(entry, state, message);
    entry.endedAt = clock.now();
    entry.early = undefined;
    entry.cancelTimer?.();
    if (state === 'canceled' || state === 'expired') entry.fail?.(new PayLinkEnded(state));
    entry.deliver = undefined;
    entry.fail = undefined;
  };
  /** The injected clock decides expiry; the timer only wakes a lane that waits. */
  const expireIfDue = (entry: Entry) => {
    if (entry.status.state === 'waiting' && clock.now() >= entry.expiresAt) finish(entry, 'expired');
  };

  return {
    open(amountMinor, voice) {
      const now = clock.now();
      forgetOld(now);
      const id = randomBytes(16).toString('base64url');
      const pageWords = payPageWords(voice);
      const entry: Entry = {
        amountMinor,
        words: pageWords,
        expiresAt: now + lifetimeMs,
        status: words({ words: pageWords }, 'waiting'),
      };
      entries.set(id, entry);
      return {
        id,
        amountMinor,
        expiresAt: entry.expiresAt,
        words: pageWords,
        payload(signal) {
          return new Promise<PostedPayload>((resolve, reject) => {
            expireIfDue(entry);
            const early = entry.early;
            entry.early = undefined;
            if (early) return resolve(early);
            if (entry.endedAt !== undefined)
              return reject(new PayLinkEnded(entry.status.state === 'expired' ? 'expired' : 'canceled'));
            entry.deliver = (posted) => {
              signal.removeEventListener('abort', onAbort);
              resolve(posted);
            };
            entry.fail = (error) => {
              signal.removeEventListener('abort', onAbort);
              reject(error);
            };
            const onAbort = () => finish(entry, 'canceled');
            if (signal.aborted) return onAbort();
            signal.addEventListener('abort', onAbort, { once: true });
            const wake = () => {
              expireIfDue(entry);
              // A clock behind the timer: look again when it says the link is due.
              if (entry.endedAt === undefined && entry.status.state === 'waiting')
                entry.cancelTimer = clock.setTimer(wake, Math.max(50, entry.expiresAt - clock.now()));
            };
            entry.cancelTimer = clock.setTimer(wake, Math.max(0, entry.expiresAt - clock.now()));
          });
        },
        end: (state, message) => finish(entry, state, message),
      };
    },
    find(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      return {
        amountMinor: entry.amountMinor,
        expiresAt: entry.expiresAt,
        words: entry.words,
        status() {
          expireIfDue(entry);
          return entry.status;
        },
        post(body) {
          expireIfDue(entry);
          if (entry.status.state !== 'waiting') return entry.status;
          const posted = { body, receivedAt: clock.now() };
          entry.status = words(entry, 'processing');
          if (entry.deliver) entry.deliver(posted);
          else entry.early = posted;
          entry.deliver = undefined;
          entry.fail = undefined;
          entry.cancelTimer?.();
          return entry.status;
        },
      };
    },
    closeAll() {
      for (const entry of entries.values()) if (entry.status.state === 'waiting') finish(entry, 'canceled');
    },
  };
}
