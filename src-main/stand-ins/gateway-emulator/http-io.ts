import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpProblem, readJsonObject, type InboundTimeouts } from '../../platform/http/inbound';
import { BadRequest, type EmulatorAnswer } from './emulator-context';

/** How much of a request the emulator accepts, and how long it waits for it. */
export interface RequestLimits extends InboundTimeouts {
  /** The largest body read; a larger one is answered 413 (by its Content-Length, before reading). */
  readonly maxBodyBytes: number;
  /** A body that stops arriving for this long is answered 408 and its connection closed. */
  readonly bodyIdleMs: number;
}

/** Seconds, so slow or silent clients cannot hold connections open; 64 KiB: an authorization with a 6144-character signature and EMV data needs under 12. */
export const defaultRequestLimits: RequestLimits = {
  headersMs: 5_000,
  requestMs: 15_000,
  keepAliveMs: 5_000,
  maxBodyBytes: 64 * 1024,
  bodyIdleMs: 5_000,
};

/**
 * The body as a JSON object (`{}` when empty), read by the inbound toolkit: too large (413) or
 * stalled (408) stays an HttpProblem; not UTF-8, not JSON or not an object is the emulator's
 * BadRequest, which each endpoint answers in its reference's words.
 */
export async function readBody(
  request: IncomingMessage,
  limits: RequestLimits = defaultRequestLimits,
): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(request, { maxBytes: limits.maxBodyBytes, idleMs: limits.bodyIdleMs });
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 400) throw new BadRequest(error.message);
    throw error;
  }
}

/** Sends the answer: text bodies (errors, the credential test, "Null Batches") as text, others as JSON. */
export function send(
  response: ServerResponse,
  answer: EmulatorAnswer,
  extraHeaders: Record<string, string> = {},
): void {
  const isText = typeof answer.body === 'string';
  const payload = isText ? String(answer.body) : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    'Content-Length': Buffer.byteLength(payload),
    ...extraHeaders,
  });
  response.end(payload);
}

/**
 * The answer to a request refused before it was read to the end (413, 408): the emulator's JSON
 * `{ error }`, in the words it has always used.
 */
export const refusal =
  (limits: RequestLimits) =>
  (problem: HttpProblem): EmulatorAnswer => ({
    status: problem.status,
    body: {
      error:
        problem.kind === 'too-large'
          ? `the request body is over ${limits.maxBodyBytes} bytes, the most the gateway emulator reads`
          : problem.message,
    },
  });
