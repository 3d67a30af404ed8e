import { type Readable } from 'node:stream';
import {
  BoardingApiError,
  BoardingAuthenticationError,
  type BoardingError,
  BoardingProtocolError,
  BoardingTransportError,
  describeWireErrors,
  readWireErrors,
} from './errors';
import type { ResolvedBoardingOptions } from './settings';
import type { TokenKeeper } from './token-keeper';
import { apiVersion, versionHeader } from '../../reference/boarding-wire';
import { createOutboundSender, retrying } from '../../platform/http/outbound';
import { decideRetry, type AttemptFailure, type RetryRule } from '../../platform/http/outbound-retry';

export interface BoardingRequest {
  /** A name for logs and errors, e.g. "merchant.update". */
  readonly operation: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Relative to the API root, without a leading slash, e.g. "merchant/123/status". */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** A JSON body, or a stream factory for a body too large to hold (an attachment). */
  readonly body?: unknown;
  readonly stream?: () => Readable;
}

type Attempt = { readonly ok: true; readonly json: unknown } | { readonly ok: false; readonly error: unknown };

/** A read may be repeated; a write only when its connection failed before sending; an upload never. */
function boardingRule(request: BoardingRequest): RetryRule {
  return { maxAttempts: 2, repeatable: request.method === 'GET' && !request.stream, firstDelayMs: 0 };
}

function attemptFailure(request: BoardingRequest, error: unknown): AttemptFailure {
  if (!(error instanceof BoardingTransportError) || request.stream) return { kind: 'final' };
  return error.requestSent ? { kind: 'unknown' } : { kind: 'not-sent' };
}

/**
 * The one place boarding calls leave the back office, over the platform's outbound sender. It
 * owns the bearer token (renewed before it lapses, fetched afresh once when the service refuses
 * it), the version header, the timeouts, one retry of a read whose connection failed, and the
 * mapping of every answer's `errors` array to a typed error naming the field. Logs carry the
 * operation, status and time: never a body.
 */
export function createBoardingSender(options: ResolvedBoardingOptions, tokens: TokenKeeper) {
  const { clock, logger } = options;
  const outbound = createOutboundSender({ clock, fetch: options.fetch });

  async function attempt(request: BoardingRequest, token: string): Promise<unknown> {
    const url = new URL(request.path, options.apiUrl);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const timeoutMs = request.stream ? options.uploadTimeoutMs : options.timeoutMs;
    const what = `${request.operation} (${request.method} ${url.pathname})`;
    const hasBody = request.body !== undefined || request.stream !== undefined;
    const result = await outbound.send({
      operation: request.operation,
      method: request.method,
      url,
      headers: {
        Authorization: `Bearer ${token}`,
        [versionHeader]: apiVersion,
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(request.stream ? { stream: request.stream } : {}),
      timeoutMs,
    });
    try {
      if (result.outcome !== 'answered') {
        const cutOff = result.outcome === 'unknown' && result.status !== undefined;
        throw new BoardingTransportError(`${what}: ${cutOff ? 'the answer was cut off' : result.problem}`, {
          ...(cutOff ? { status: result.status } : {}),
          timedOut: result.outcome === 'unknown' && result.timedOut,
          requestSent: result.requestSent,
          cause: result.cause,
        });
      }
      logger?.info(
        { operation: request.operation, status: result.status, elapsedMs: result.elapsedMs },
        'boarding call',
      );
      return interpret(what, result.status, result.text);
    } catch (error) {
      if (!(error instanceof BoardingApiError))
        logger?.warn(
          { operation: request.operation, code: (error as BoardingError).code, elapsedMs: result.elapsedMs },
          'boarding call failed',
        );
      throw error;
    }
  }

  return {
    /** Sends one call and returns its JSON answer; throws a BoardingError subclass on failure. */
    async send<T>(request: BoardingRequest): Promise<T> {
      let renewed = false;
      const last = await retrying<Attempt>(
        clock,
        async () => {
          try {
            return { ok: true, json: await attempt(request, await tokens.accessToken()) };
          } catch (error) {
            return { ok: false, error };
          }
        },
        (result, attempts) => {
          if (result.ok) return { action: 'stop' };
          // A token the service no longer takes (revoked, clock skew): one fresh token, then give up.
          if (result.error instanceof BoardingAuthenticationError && !renewed) {
            renewed = true;
            tokens.invalidate();
            return { action: 'retry', delayMs: 0 };
          }
          return decideRetry(boardingRule(request), attempts, attemptFailure(request, result.error));
        },
      );
      if (!last.ok) throw last.error;
      return last.json as T;
    },
  };
}

function statusWord(status: number): string {
  return status === 401 ? 'refused the token' : `HTTP ${status}`;
}

/** Reads the `errors` array on every status; an answer without one is judged by its status. */
function interpret(what: string, status: number, text: string): unknown {
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (status === 401)
      throw new BoardingAuthenticationError(`${what}: the service refused the token (HTTP 401)`, { status });
    throw new BoardingProtocolError(`${what}: the answer is not JSON (HTTP ${status})`, { status, cause: error });
  }
  const errors = readWireErrors(json);
  if (status === 401 || status === 403) {
    throw new BoardingAuthenticationError(
      `${what}: the service ${statusWord(status)}${errors.length ? `: ${describeWireErrors(errors)}` : ''}`,
      { status, errors },
    );
  }
  if (errors.length > 0) throw new BoardingApiError(`${what}: ${describeWireErrors(errors)}`, { status, errors });
  if (status < 200 || status > 299) throw new BoardingApiError(`${what}: HTTP ${status}`, { status });
  if (json === null || typeof json !== 'object')
    throw new BoardingProtocolError(`${what}: the answer is not a JSON object`, { status });
  return json;
}

/** The one request sender the boarding resources share. */
export type BoardingSender = ReturnType<typeof createBoardingSender>;
