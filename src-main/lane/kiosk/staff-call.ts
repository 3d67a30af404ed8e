import type { Clock } from '../../platform/clock';
import { randomUUID } from 'node:crypto';
import type { StaffCallView } from '../ipc/contract';
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
 * The wait before attempt `attempt + 1` after attempt `attempt` failed: the first retry's wait,
 * doubled each time, at most `longestRetryMs`. Pure, for the table test.
 */
export function staffCallRetryDelay(attempt: number, firstRetryMs: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attempt - 1), longestRetryMs);
}

/**
 * Whether an attempt's failure is worth another: no answer, a timeout, the server's own trouble
 * (5xx), 408 and 429 are; any other refusal (a 404 of a wrong URL) would be refused again.
 */
export function staffCallRetries(failure: { readonly status?: number }): boolean {
  const { status } = failure;
  return status === undefined || status >= 500 || status === 408 || status === 429;
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
  readonly now: () => number;
  /** Times the waits between attempts (the lane's clock; they must not keep the process alive). */
  readonly setTimer: Clock['setTimer'];
  readonly logger: Logger;
  /** A call's delivery changed: the screen is told. */
  readonly onChange: () => void;
}

interface OpenCall {
  view: StaffCallView;
  readonly message: StaffCallMessage;
  cleared: boolean;
  /** Resolves the wait before the open message's next attempt early (the call was cleared). */
  wake: () => void;
  /** The open message's delivery; the clearing follows it, so the channel never hears "cleared" first. */
  delivered: Promise<boolean>;
  /** Delivered, or an attempt timed out after sending it: the channel may know of the call. */
  mayBeKnown: boolean;
}

type Attempt = { ok: true } | { ok: false; status?: number; timedOut?: boolean; problem: string };

/** One POST of `message`, bounded by `timeoutMs` and ended at once when `closing` aborts. */
async function post(url: string, message: StaffCallMessage, timeoutMs: number, closing: AbortSignal): Promise<Attempt> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing]),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    return { ok: false, status: response.status, problem: `the channel answered HTTP ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      ok: false,
      timedOut,
      problem: timedOut ? `no answer within ${timeoutMs} ms` : `not reached (${cause ?? (error as Error).message})`,
    };
  }
}

/**
 * Calls staff over the store's call channel: each call POSTed with a timeout, and tried again with
 * a doubling wait while it stays open (a pager that comes back still gets it). Every failed
 * attempt is logged at warn with the call id, kind and why; the reason's words go to the
 * channel only. Without a channel a call is `unconfigured` at once, said once in the log.
 */
export function createStaffCaller(options: StaffCallerOptions): StaffCaller {
  const { setting, logger } = options;
  const calls = new Map<StaffCallView['kind'], OpenCall>();
  const channel = setting.url ? new URL(setting.url).origin : null;
  /** The waits between attempts, each resolved early when the kiosk closes. */
  const waits = new Set<() => void>();
  let closed = false;
  const closing = new AbortController();

  const sleep = (call: OpenCall, message: StaffCallMessage, ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        cancel();
        waits.delete(wake);
        resolve();
      };
      const cancel = options.setTimer(wake, ms);
      waits.add(wake);
      if (message.state === 'open') call.wake = wake;
    });
  const stopped = (call: OpenCall, message: StaffCallMessage) => closed || (message.state === 'open' && call.cleared);

  /** Delivers `message`, trying again while it should; true once the channel took it. */
  const deliver = async (url: string, call: OpenCall, message: StaffCallMessage): Promise<boolean> => {
    for (let attempt = 1; ; attempt++) {
      if (stopped(call, message)) return false;
      const result = await post(url, message, setting.timeoutMs, closing.signal);
      if (closed) return false;
      if (result.ok || result.timedOut) call.mayBeKnown = true;
      if (result.ok) {
        logger.info(
          { callId: message.callId, kind: message.kind, state: message.state, attempt, channel },
          'kiosk: staff call delivered',
        );
        return true;
      }
      const last =
        !staffCallRetries(result) ||
        (message.state === 'cleared' && attempt >= clearingAttempts) ||
        stopped(call, message);
      const retryInMs = staffCallRetryDelay(attempt, setting.firstRetryMs);
      logger.warn(
        {
          callId: message.callId,
          kind: message.kind,
          state: message.state,
          attempt,
          channel,
          problem: result.problem,
          ...(last ? {} : { retryInMs }),
        },
        last
          ? 'kiosk: the staff call did not reach the store\u2019s call channel; no more attempts'
          : 'kiosk: the staff call did not reach the store\u2019s call channel; trying again',
      );
      if (message.state === 'open') show(call, 'failed');
      if (last) return false;
      await sleep(call, message, retryInMs);
    }
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
      const since = options.now();
      const message: StaffCallMessage = {
        type: 'lanepoint.kiosk.staffCall',
        callId: randomUUID(),
        terminalId: options.terminalId,
        state: 'open',
        kind,
        reason,
        since: new Date(since).toISOString(),
      };
      const url = setting.url;
      const call: OpenCall = {
        view: { callId: message.callId, kind, since, delivery: url ? 'calling' : 'unconfigured' },
        message,
        cleared: false,
        wake: () => undefined,
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
      call.wake();
      const url = setting.url;
      if (!url) return;
      const clearing: StaffCallMessage = {
        ...call.message,
        state: 'cleared',
        clearedAt: new Date(options.now()).toISOString(),
        clearedBy: by,
      };
      // A call that never reached the channel needs no clearing; one that timed out may have reached it.
      void call.delivered.then(() => (call.mayBeKnown ? deliver(url, call, clearing) : false));
    },
    current: () => calls.get('payment')?.view ?? calls.get('help')?.view ?? null,
    close() {
      closed = true;
      closing.abort();
      for (const wake of [...waits]) wake();
    },
  };
}
