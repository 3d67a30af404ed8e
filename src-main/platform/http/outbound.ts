import type { Readable } from 'node:stream';
import { connectFailureCodes, errorCode, tlsFailureCodes } from './error-code';
import type { Clock } from '../clock';
import { streamingFetch } from './outbound-node';
import type { RetryDecision } from './outbound-retry';

/**
 * The one way a Lanepoint program sends an HTTP request: the lane to the gateway and the
 * tokenizer, the kiosk to the staff-call channel, the back office to the boarding API, the CLI
 * and the stand-ins to the emulators. `fetch` and the Clock are injected, every call has its own
 * timeout on the Clock, and the result says whether the request was sent: "not sent" only when
 * it provably never left; once it may have left, any failure is an unknown outcome (principle
 * 10). The sender logs nothing: callers log the operation, status and timing it returns, never a
 * body.
 */

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface OutboundRequest {
  /** A name for errors and logs, e.g. "auth" or "merchant.update". */
  readonly operation: string;
  readonly method: HttpMethod;
  readonly url: URL;
  readonly headers?: Readonly<Record<string, string>>;
  /** A body held in memory. */
  readonly body?: string;
  /** A body too large to hold (an attachment): sent through node:http with its backpressure. */
  readonly stream?: () => Readable;
  /** From sending to the whole answer read, on the Clock. */
  readonly timeoutMs: number;
  /** The caller's own end (the kiosk closing): aborts the call; before it starts, nothing is sent. */
  readonly signal?: AbortSignal;
}

/** The server answered: its status, headers and whole text. */
export interface Answered {
  readonly outcome: 'answered';
  readonly requestSent: true;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly elapsedMs: number;
}

/** The request provably never left: safe to send again, even when it moves money. */
export interface NotSent {
  readonly outcome: 'not-sent';
  readonly requestSent: false;
  /** `connect`: refused, DNS, unreachable, TLS refused; `aborted`: the caller ended it before it started. */
  readonly reason: 'connect' | 'aborted';
  readonly code: string | undefined;
  /** In words, for the caller's error: "connection failed (ECONNREFUSED)". */
  readonly problem: string;
  readonly cause: unknown;
  readonly elapsedMs: number;
}

/** The request may have arrived and no whole answer came: the outcome is unknown. */
export interface OutcomeUnknown {
  readonly outcome: 'unknown';
  readonly requestSent: true;
  readonly timedOut: boolean;
  /** The caller's signal ended it while it was under way. */
  readonly aborted: boolean;
  /** When the answer began and was cut off. */
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly problem: string;
  readonly cause: unknown;
  readonly elapsedMs: number;
}

export type OutboundResult = Answered | NotSent | OutcomeUnknown;

export interface OutboundSenderOptions {
  readonly clock: Clock;
  /** The global fetch unless a test or a shell gives another. */
  readonly fetch?: typeof fetch;
  /** What sends `stream` bodies (default: node:http with backpressure). */
  readonly streamFetch?: typeof fetch;
}

export interface OutboundSender {
  /** One attempt; never throws for a transport failure: the result says what happened. */
  send(request: OutboundRequest): Promise<OutboundResult>;
}

// Failures where the request certainly never reached the server (no connection, no TLS).
const notSentCodes: ReadonlySet<string> = new Set([...connectFailureCodes, ...tlsFailureCodes]);

/** Creates the sender over the injected fetch and Clock. */
export function createOutboundSender(options: OutboundSenderOptions): OutboundSender {
  const { clock } = options;
  const fetchJson = options.fetch ?? globalThis.fetch;
  const fetchStream = options.streamFetch ?? streamingFetch();

  return {
    async send(request) {
      const started = clock.monotonic();
      const elapsed = () => clock.monotonic() - started;
      if (request.signal?.aborted) {
        return {
          outcome: 'not-sent',
          requestSent: false,
          reason: 'aborted',
          code: undefined,
          problem: 'ended before it was sent',
          cause: request.signal.reason,
          elapsedMs: 0,
        };
      }
      const controller = new AbortController();
      let timedOut = false;
      const cancelTimer = clock.setTimer(() => {
        timedOut = true;
        controller.abort(new DOMException(`no answer within ${request.timeoutMs} ms`, 'TimeoutError'));
      }, request.timeoutMs);
      const onCallerAbort = () => controller.abort(request.signal?.reason);
      request.signal?.addEventListener('abort', onCallerAbort, { once: true });
      const unknown = (problem: string, cause: unknown, status?: number): OutcomeUnknown => ({
        outcome: 'unknown',
        requestSent: true,
        timedOut,
        aborted: !timedOut && controller.signal.aborted,
        status,
        code: errorCode(cause),
        problem,
        cause,
        elapsedMs: elapsed(),
      });
      try {
        let response: Response;
        try {
          const init: RequestInit = {
            method: request.method,
            ...(request.headers ? { headers: { ...request.headers } } : {}),
            signal: controller.signal,
          };
          response = request.stream
            ? await fetchStream(request.url, { ...init, body: request.stream() as unknown as BodyInit })
            : await fetchJson(request.url, { ...init, ...(request.body === undefined ? {} : { body: request.body }) });
        } catch (error) {
          const code = errorCode(error);
          if (!controller.signal.aborted && code && notSentCodes.has(code)) {
            return {
              outcome: 'not-sent',
              requestSent: false,
              reason: 'connect',
              code,
              problem: `connection failed (${code})`,
              cause: error,
              elapsedMs: elapsed(),
            };
          }
          const problem = timedOut
            ? `no answer within ${request.timeoutMs} ms`
            : controller.signal.aborted
              ? 'ended while under way'
              : `connection failed (${code ?? 'unknown'})`;
          return unknown(problem, error);
        }
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          const problem = timedOut ? `answer not finished within ${request.timeoutMs} ms` : 'the answer was cut off';
          return unknown(problem, error, response.status);
        }
        return {
          outcome: 'answered',
          requestSent: true,
          status: response.status,
          headers: response.headers,
          text,
          elapsedMs: elapsed(),
        };
      } finally {
        cancelTimer();
        request.signal?.removeEventListener('abort', onCallerAbort);
      }
    },
  };
}

/** Basic credentials as the Authorization header carries them. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * The one retry loop: runs `attempt` (numbered from 1), asks `decide` about each result, and
 * waits on the Clock between attempts. Returns the last result: the first `decide` stops at, or
 * the one before a wait that `signal` ended.
 */
export async function retrying<R>(
  clock: Clock,
  attempt: (number: number) => Promise<R>,
  decide: (result: R, number: number) => RetryDecision,
  signal?: AbortSignal,
): Promise<R> {
  for (let number = 1; ; number++) {
    const result = await attempt(number);
    const decision = decide(result, number);
    if (decision.action !== 'retry') return result;
    if (decision.delayMs <= 0 && !signal?.aborted) continue;
    try {
      await clock.sleep(decision.delayMs, signal);
    } catch {
      return result;
    }
  }
}
