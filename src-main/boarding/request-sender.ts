import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { apiVersion, versionHeader } from './wire';
import { connectFailureCodes, errorCode } from '../http/error-code';

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

/**
 * A streamed body goes out through node:http with its backpressure: fetch (undici) drains a
 * body stream into its own buffers ahead of the socket, which held most of a 20 MB upload in
 * memory at once (measured in test/src-main/boarding/attachment.test.ts).
 */
function sendStreamed(
  url: URL,
  headers: Record<string, string>,
  body: Readable,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      { method: 'PUT', headers: { ...headers, 'Transfer-Encoding': 'chunked' }, signal },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 500 })));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    // An answer before the whole body went (a refusal) ends the upload: its error is not the story.
    pipeline(body, outgoing).catch(() => undefined);
  });
}

/**
 * The one place boarding calls leave the back office. It owns the bearer token (renewed before
 * it lapses, fetched afresh once when the service refuses it), the version header, the timeouts,
 * one retry of a read whose connection failed, and the mapping of every answer's `errors` array
 * to a typed error naming the field. Logs carry the operation, status and time: never a body.
 */
export function createBoardingSender(options: ResolvedBoardingOptions, tokens: TokenKeeper) {
  const { clock, logger } = options;

  async function attempt(request: BoardingRequest, token: string): Promise<{ status: number; json: unknown }> {
    const url = new URL(request.path, options.apiUrl);
    for (const [name, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const timeoutMs = request.stream ? options.uploadTimeoutMs : options.timeoutMs;
    const controller = new AbortController();
    const timer = options.timers.setTimeout(() => controller.abort(), timeoutMs);
    const what = `${request.operation} (${request.method} ${url.pathname})`;
    const started = clock.now();
    const hasBody = request.body !== undefined || request.stream !== undefined;
    try {
      let response: Response;
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        [versionHeader]: apiVersion,
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      };
      try {
        response = request.stream
          ? await sendStreamed(url, headers, request.stream(), controller.signal)
          : await options.fetch(url, {
              method: request.method,
              headers,
              ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
              signal: controller.signal,
            });
      } catch (error) {
        const code = errorCode(error);
        const reason = controller.signal.aborted
          ? `no answer within ${timeoutMs} ms`
          : `connection failed (${code ?? 'unknown'})`;
        throw Object.assign(
          new BoardingTransportError(`${what}: ${reason}`, { timedOut: controller.signal.aborted, cause: error }),
          {
            connectFailed: Boolean(code && connectFailureCodes.has(code)),
          },
        );
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new BoardingTransportError(`${what}: the answer was cut off`, {
          status: response.status,
          timedOut: controller.signal.aborted,
          cause: error,
        });
      }
      logger?.info(
        { operation: request.operation, status: response.status, elapsedMs: clock.now() - started },
        'boarding call',
      );
      return { status: response.status, json: interpret(what, response.status, text) };
    } catch (error) {
      if (!(error instanceof BoardingApiError))
        logger?.warn(
          { operation: request.operation, code: (error as BoardingError).code, elapsedMs: clock.now() - started },
          'boarding call failed',
        );
      throw error;
    } finally {
      options.timers.clearTimeout(timer);
    }
  }

  return {
    /** Sends one call and returns its JSON answer; throws a BoardingError subclass on failure. */
    async send<T>(request: BoardingRequest): Promise<T> {
      let renewed = false;
      for (let attempts = 1; ; attempts++) {
        try {
          return (await attempt(request, await tokens.accessToken())).json as T;
        } catch (error) {
          // A token the service no longer takes (revoked, clock skew): one fresh token, then give up.
          if (error instanceof BoardingAuthenticationError && !renewed) {
            renewed = true;
            tokens.invalidate();
            continue;
          }
          // A read may be repeated; a write whose connection failed before sending may be too.
          const connectFailed = (error as { connectFailed?: boolean }).connectFailed === true;
          const retryable =
            error instanceof BoardingTransportError && (request.method === 'GET' || connectFailed) && !request.stream;
          if (retryable && attempts < 2) continue;
          throw error;
        }
      }
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
