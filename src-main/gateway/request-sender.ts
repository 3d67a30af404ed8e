import type { ResolvedGatewayOptions } from './client-settings';
import { AuthenticationError, GatewayError, ProtocolError, GatewayTransportError } from './errors';
import { decideRetry, moneyMovingOperations, type FailureKind, type GatewayOperation } from './retry-policy';
import { connectFailureCodes, errorCode, tlsFailureCodes } from '../http/error-code';

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

export type Sleep = (ms: number) => Promise<void>;

// Failures where the request certainly never reached the gateway (no connection, no TLS).
const connectCodes = new Set([...connectFailureCodes, ...tlsFailureCodes]);

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

/**
 * The one place requests leave the terminal. It owns the Basic credentials, the timeouts, the
 * retry policy and the mapping of every failure to a typed GatewayError. It never repeats a
 * money-moving request that may have arrived: that error goes to the caller to resolve.
 */
export function createRequestSender(options: ResolvedGatewayOptions, sleep: Sleep) {
  const { credentials, timers, clock, logger } = options;
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

  async function attempt(request: GatewayRequest): Promise<GatewayResponse> {
    const url = new URL(request.path, options.baseUrl);
    const timeoutMs = moneyMovingOperations.has(request.operation)
      ? options.timeouts.moneyMovingMs
      : options.timeouts.inquiryMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const what = `${request.operation} (${request.method} ${url.pathname})`;
    const started = clock.now();
    try {
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: request.method,
          headers: {
            Authorization: authorization,
            Accept: 'application/json',
            ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          signal: controller.signal,
        });
      } catch (error) {
        const code = errorCode(error);
        const requestSent = timedOut || !(code && connectCodes.has(code));
        const reason = timedOut ? `no answer within ${timeoutMs} ms` : `connection failed (${code ?? 'unknown'})`;
        throw new GatewayTransportError(`${what}: ${reason}`, { requestSent, timedOut, cause: error });
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        const reason = timedOut ? `answer not finished within ${timeoutMs} ms` : 'the answer was cut off';
        throw new GatewayTransportError(`${what}: ${reason}`, {
          requestSent: true,
          timedOut,
          status: response.status,
          cause: error,
        });
      }
      const answer = interpret(request, what, { status: response.status, text, elapsedMs: clock.now() - started });
      logger?.info(
        { operation: request.operation, status: answer.status, elapsedMs: answer.elapsedMs },
        'gateway call',
      );
      return answer;
    } catch (error) {
      const { code, status, requestSent } = error as GatewayTransportError;
      logger?.warn(
        { operation: request.operation, code, status, requestSent, elapsedMs: clock.now() - started },
        'gateway call failed',
      );
      throw error;
    } finally {
      timers.clearTimeout(timer);
    }
  }

  /** Sends with the retry policy applied; throws a GatewayError subclass on failure. */
  async function send(request: GatewayRequest): Promise<GatewayResponse> {
    for (let attempts = 1; ; attempts++) {
      try {
        return await attempt(request);
      } catch (error) {
        const decision = decideRetry({
          operation: request.operation,
          attempt: attempts,
          failure: failureKindOf(error),
        });
        if (decision.action !== 'retry') throw error;
        await sleep(decision.delayMs);
      }
    }
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
