import { randomUUID } from 'node:crypto';
import type { StaffCallView } from '../ipc/contract';
import type { Clock } from '../../platform/clock';
import { createOutboundSender, retrying, type OutboundResult } from '../../platform/http/outbound';
import {
  backoffDelay,
  decideRetry,
  type AttemptFailure,
  type RetryDecision,
  type RetryRule,
} from '../../platform/http/outbound-retry';
import type { Logger } from '../../platform/log/logger';

/** `kiosk.staffCall` as settings hold it (staff-call-settings.ts). */
export interface StaffCallSetting {
  readonly url: string | null;
  readonly timeoutMs: number;
  readonly firstRetryMs: number;
}

/**
 * The JSON the kiosk POSTs to `kiosk.staffCall.url` (docs/adr/034): a call when it opens, the
 * same call id with `state: "cleared"` when staff settled it. Never card data, never an amount:
 * the reason names at most the order id staff look up.
 */
export interface StaffCallMessage {
  readonly type: 'lanepoint.kiosk.staffCall';
  readonly callId: string;
  readonly terminalId: string;
  readonly state: 'open' | 'cleared';
  readonly kind: StaffCallView['kind'];
  /** Why, in words a member of staff acts on. */
  readonly reason: string;
  /** ISO 8601: when the call was made. */
  readonly since: string;
  /** Cleared calls: when, and the cashier id of who settled it (null when nobody signed in did). */
  readonly clearedAt?: string;
  readonly clearedBy?: string | null;
}

/** The longest wait between two attempts: a pager down for an hour still hears of the call within a minute of coming back. */
export const longestRetryMs = 60_000;
/** A clearing nobody receives is given up after this many attempts: nobody waits on it. */
export const clearingAttempts = 5;

/**
 * The staff call's rule for the one retry decision (platform/http/outbound-retry.ts): an open
 * call is tried until it is delivered, cleared or the kiosk closes; a clearing `clearingAttempts`
 * times. Both may be sent again once they may have arrived (the channel keys on the call id), and
 * the server's own trouble (5xx), 408 and 429 are worth another attempt; any other refusal (a 404
 * of a wrong URL) would be refused again. The wait doubles from `firstRetryMs`, at most a minute.
 */
export function staffCallRule(firstRetryMs: number, state: StaffCallMessage['state'] = 'open'): RetryRule {
  return {
    maxAttempts: state === 'cleared' ? clearingAttempts : Number.POSITIVE_INFINITY,
    repeatable: true,
    retryStatus: (status) => status >= 500 || status === 408 || status === 429,
    firstDelayMs: firstRetryMs,
    maxDelayMs: longestRetryMs,
  };
}

/** The wait before attempt `attempt + 1` after attempt `attempt` failed (the rule's backoff). */
export function staffCallRetryDelay(attempt: number, firstRetryMs: number): number {
  return backoffDelay(staffCallRule(firstRetryMs), attempt);
}

/** Whether an open call's failure is worth another attempt: no answer (no `status`), or the statuses the rule names. */
export function staffCallRetries(failure: { readonly status?: number }): boolean {
  const { status } = failure;
  const kind: AttemptFailure = status === undefined ? { kind: 'unknown' } : { kind: 'status', status };
  return decideRetry(staffCallRule(1), 1, kind).action === 'retry';
}

/** The kiosk's calls for staff: at most one open of each kind. */
export interface StaffCaller {
  /** Opens a call of `kind` and starts delivering it; while one of that kind is open, that one is kept. */
  open(kind: StaffCallView['kind'], reason: string): StaffCallView;
  /** Clears the open call of `kind`, if any: its retries stop, and a delivered call is cleared at the channel. */
  clear(kind: StaffCallView['kind'], by: string | null): void;
  /** The open call the screen shows: the kiosk's own (`payment`) before the customer's (`help`). */
  current(): StaffCallView | null;
  /** Stops every retry and ends the attempts in flight: nothing is sent or published after. */
  close(): void;
}

export interface StaffCallerOptions {
  readonly setting: StaffCallSetting;
  readonly terminalId: string;
  /** The one Clock: the calls' times, each attempt's timeout and the waits between attempts. */
  readonly clock: Clock;
  readonly logger: Logger;
  /** A call's delivery changed: the screen is told. */
  readonly onChange: () => void;
}

interface OpenCall {
  view: StaffCallView;
  readonly message: StaffCallMessage;
  cleared: boolean;
  /** Ends the wait before the open message's next attempt early (the call was cleared). */
  readonly clearing: AbortController;
  /** The open message's delivery; the clearing follows it, so the channel never hears "cleared" first. */
  delivered: Promise<boolean>;
  /** Delivered, or an attempt that may have arrived (a timeout, a connection lost after sending): the channel may know of the call. */
  mayBeKnown: boolean;
}

/** How one attempt's result reads for the retry decision and the log; null when the channel took it. */
function attemptFailure(result: OutboundResult): { failure: AttemptFailure; problem: string } | null {
  if (result.outcome === 'answered') {
    if (result.status >= 200 && result.status < 300) return null;
    return {
      failure: { kind: 'status', status: result.status },
      problem: `the channel answered HTTP ${result.status}`,
    };
  }
  if (result.outcome === 'not-sent') {
    return { failure: { kind: 'not-sent' }, problem: `not reached (${result.code ?? result.problem})` };
  }
  return { failure: { kind: 'unknown' }, problem: result.problem };
}

/**
 * Calls staff over the store's call channel: each call POSTed through the one outbound sender
 * with a timeout on the Clock, and tried again with a doubling wait while it stays open (a pager
 * that comes back still gets it). Every failed attempt is logged at warn with the call id, kind
 * and why; the reason's words go to the channel only. Without a channel a call is `unconfigured`
 * at once, said once in the log.
 */
export function createStaffCaller(options: StaffCallerOptions): StaffCaller {
  const { setting, logger, clock } = options;
  const calls = new Map<StaffCallView['kind'], OpenCall>();
  const channel = setting.url ? new URL(setting.url).origin : null;
  const sender = createOutboundSender({ clock });
  let closed = false;
  /** Ends the attempts in flight and every wait between attempts when the kiosk closes. */
  const closing = new AbortController();

  const stopped = (call: OpenCall, message: StaffCallMessage) => closed || (message.state === 'open' && call.cleared);

  /** Delivers `message`, trying again while it should; true once the channel took it. */
  const deliver = async (url: URL, call: OpenCall, message: StaffCallMessage): Promise<boolean> => {
    const rule = staffCallRule(setting.firstRetryMs, message.state);
    let delivered = false;
    const send = () =>
      sender.send({
        operation: 'kiosk.staffCall',
        method: 'POST',
        url,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
        timeoutMs: setting.timeoutMs,
        signal: closing.signal,
      });
    const decide = (result: OutboundResult, attempt: number): RetryDecision => {
      if (closed) return { action: 'stop' };
      // An attempt that may have arrived (timed out, or lost after sending) may have told the channel.
      if (result.outcome === 'unknown') call.mayBeKnown = true;
      const failed = attemptFailure(result);
      if (!failed) {
        call.mayBeKnown = true;
        delivered = true;
        logger.info(
          { callId: message.callId, kind: message.kind, state: message.state, attempt, channel },
          'kiosk: staff call delivered',
        );
        return { action: 'stop' };
      }
      const decision: RetryDecision = stopped(call, message)
        ? { action: 'stop' }
        : decideRetry(rule, attempt, failed.failure);
      const last = decision.action === 'stop';
      logger.warn(
        {
          callId: message.callId,
          kind: message.kind,
          state: message.state,
          attempt,
          channel,
          problem: failed.problem,
          ...(decision.action === 'retry' ? { retryInMs: decision.delayMs } : {}),
        },
        last
          ? 'kiosk: the staff call did not reach the store\u2019s call channel; no more attempts'
          : 'kiosk: the staff call did not reach the store\u2019s call channel; trying again',
      );
      if (message.state === 'open') show(call, 'failed');
      return decision;
    };
    // The wait before an open call's next attempt ends when it is cleared; every wait when the kiosk closes.
    const waitEnds =
      message.state === 'open' ? AbortSignal.any([closing.signal, call.clearing.signal]) : closing.signal;
    await retrying(clock, send, decide, waitEnds);
    return delivered && !closed;
  };

  const show = (call: OpenCall, delivery: StaffCallView['delivery']) => {
    if (closed || call.cleared || call.view.delivery === delivery) return;
    call.view = { ...call.view, delivery };
    options.onChange();
  };

  return {
    open(kind, reason) {
      const existing = calls.get(kind);
      if (existing) return existing.view;
      const since = clock.now();
      const message: StaffCallMessage = {
        type: 'lanepoint.kiosk.staffCall',
        callId: randomUUID(),
        terminalId: options.terminalId,
        state: 'open',
        kind,
        reason,
        since: new Date(since).toISOString(),
      };
      const url = setting.url ? new URL(setting.url) : null;
      const call: OpenCall = {
        view: { callId: message.callId, kind, since, delivery: url ? 'calling' : 'unconfigured' },
        message,
        cleared: false,
        clearing: new AbortController(),
        delivered: Promise.resolve(false),
        mayBeKnown: false,
      };
      calls.set(kind, call);
      if (!url) {
        logger.warn(
          { callId: message.callId, kind },
          'kiosk: staff are needed and no call channel is set (kiosk.staffCall.url): the screen asks the customer to find a member of staff',
        );
        return call.view;
      }
      call.delivered = deliver(url, call, message).then((delivered) => {
        if (delivered) show(call, 'delivered');
        return delivered;
      });
      return call.view;
    },
    clear(kind, by) {
      const call = calls.get(kind);
      if (!call) return;
      calls.delete(kind);
      call.cleared = true;
      call.clearing.abort();
      const url = setting.url ? new URL(setting.url) : null;
      if (!url) return;
      const clearing: StaffCallMessage = {
        ...call.message,
        state: 'cleared',
        clearedAt: new Date(clock.now()).toISOString(),
        clearedBy: by,
      };
      // A call that never reached the channel needs no clearing; one whose outcome is unknown may have reached it.
      void call.delivered.then(() => (call.mayBeKnown ? deliver(url, call, clearing) : false));
    },
    current: () => calls.get('payment')?.view ?? calls.get('help')?.view ?? null,
    close() {
      closed = true;
      closing.abort();
    },
  };
}
