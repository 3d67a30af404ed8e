import type { ResolvedGatewayOptions } from './client-settings';
import { AuthenticationError, GatewayError, ProtocolError, GatewayTransportError } from './errors';
import { decideRetry, moneyMovingOperations, type FailureKind, type GatewayOperation } from './retry-policy';
import { basicAuthorization, createOutboundSender, retrying } from '../../platform/http/outbound';
import { retryAfterMs } from '../../platform/http/outbound-retry';

export interface GatewayRequest {
  readonly operation: GatewayOperation;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Relative to the base URL, without a leading slash, e.g. "auth" or "inquire/123/456". */
  readonly path: string;
  readonly body?: unknown;
  /** "json" (default): a body that is not JSON is a ProtocolError. "text": the caller reads it. */
  readonly expect?: 'json' | 'text';
}

export interface GatewayResponse {
  readonly status: number;
  readonly text: string;
  /** The parsed body, or undefined when it is not JSON (only with expect: "text"). */
  readonly json: unknown;
  /** From sending to the whole answer read, by the injected clock. */
  readonly elapsedMs: number;
}

/** Classifies a failure for the retry policy. */
export function failureKindOf(error: unknown): FailureKind {
  if (error instanceof AuthenticationError) return 'unauthorized';
  if (error instanceof GatewayTransportError) {
    if (!error.requestSent) return 'connect';
    if (error.timedOut) return 'timeout';
    return error.status === 408 ? 'http-408' : 'transport';
  }
  if (error instanceof ProtocolError) return 'protocol';
  if (error instanceof GatewayError && error.status !== undefined) {
    if (error.status === 429) return 'http-429';
    if (error.status >= 500) return 'http-5xx';
  }
  return 'http-4xx';
}

type Attempt =
  | { readonly ok: true; readonly answer: GatewayResponse }
  /** `retryAfter`: the Retry-After header of an answer that was a failure (a 429, a 503). */
  | { readonly ok: false; readonly error: unknown; readonly retryAfter?: string | null };

/**
 * The one place requests leave the terminal. It owns the Basic credentials, the timeouts, the
 * retry policy and the mapping of every failure to a typed GatewayError, over the platform's
 * outbound sender. It never repeats a money-moving request that may have arrived: that error goes
 * to the caller to resolve.
 */
export function createRequestSender(options: ResolvedGatewayOptions) {
  const { credentials, clock, logger, link } = options;
  const authorization = basicAuthorization(credentials.username, credentials.password);
  const outbound = createOutboundSender({ clock, fetch: options.fetch });

  async function attempt(request: GatewayRequest): Promise<Attempt> {
    const url = new URL(request.path, options.baseUrl);
    const timeoutMs = moneyMovingOperations.has(request.operation)
      ? options.timeouts.moneyMovingMs
      : options.timeouts.inquiryMs;
    const what = `${request.operation} (${request.method} ${url.pathname})`;
    const result = await outbound.send({
      operation: request.operation,
      method: request.method,
      url,
      headers: {
        Authorization: authorization,
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      timeoutMs,
    });
    // The one place that knows whether the gateway answered or was never reached; a lost
    // answer (the request left) tells the link nothing (docs/adr/075-the-gateway-link-breaker.md).
    if (result.outcome === 'answered') link?.noteAnswered();
    else if (result.outcome === 'not-sent' && result.reason === 'connect')
      link?.noteNeverLeft(`${what}: ${result.problem}`);
    try {
      if (result.outcome !== 'answered') {
        throw new GatewayTransportError(`${what}: ${result.problem}`, {
          requestSent: result.requestSent,
          timedOut: result.outcome === 'unknown' && result.timedOut,
          ...(result.outcome === 'unknown' && result.status !== undefined ? { status: result.status } : {}),
          cause: result.cause,
        });
      }
      const { status, text, elapsedMs } = result;
      const answer = interpret(request, what, { status, text, elapsedMs });
      logger?.info({ operation: request.operation, status, elapsedMs }, 'gateway call');
      return { ok: true, answer };
    } catch (error) {
      const { code, status, requestSent } = error as GatewayTransportError;
      logger?.warn(
        { operation: request.operation, code, status, requestSent, elapsedMs: result.elapsedMs },
        'gateway call failed',
      );
      return {
        ok: false,
        error,
        ...(result.outcome === 'answered' ? { retryAfter: result.headers.get('retry-after') } : {}),
      };
    }
  }

  /** Sends with the retry policy applied; throws a GatewayError subclass on failure. */
  async function send(request: GatewayRequest): Promise<GatewayResponse> {
    const last = await retrying<Attempt>(
      clock,
      () => attempt(request),
      (result, attempts) => {
        if (result.ok) return { action: 'stop' };
        const decision = decideRetry({
          operation: request.operation,
          attempt: attempts,
          failure: failureKindOf(result.error),
          ...retryAfterOf(result.retryAfter, clock.now()),
        });
        return decision.action === 'retry' ? decision : { action: 'stop' };
      },
    );
    if (!last.ok) throw last.error;
    return last.answer;
  }

  return {
    send,
    /** Sends as `send` does, then reads the answer with the operation's parser (parsed body, raw text). */
    async call<T>(request: GatewayRequest, parse: (json: unknown, raw: string) => T): Promise<T> {
      const response = await send(request);
      return parse(response.json, response.text);
    },
  };
}

/** The Retry-After a 429 or 5xx carried, for the retry policy. */
function retryAfterOf(header: string | null | undefined, now: number): { retryAfterMs?: number } {
  const ms = retryAfterMs(header, now);
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/** The gateway's HTTP answer as received: what the caller asked, its status and text, how long it took. */
function interpret(request: GatewayRequest, what: string, received: Omit<GatewayResponse, 'json'>): GatewayResponse {
  const { status, text, elapsedMs } = received;
  if (status === 401) {
    throw new AuthenticationError(`${what}: the gateway refused the credentials (HTTP 401)`, { status, raw: text });
  }
  if (status === 408) {
    throw new GatewayTransportError(`${what}: the gateway timed out the request (HTTP 408)`, {
      status,
      requestSent: true,
      raw: text,
    });
  }
  if (status < 200 || status > 299) {
    throw new GatewayError(`${what}: HTTP ${status}`, { status, raw: text });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if ((request.expect ?? 'json') === 'json') {
      throw new ProtocolError(`${what}: the answer is not JSON`, { status, raw: text, cause: error });
    }
  }
  return { status, text, json, elapsedMs };
}
