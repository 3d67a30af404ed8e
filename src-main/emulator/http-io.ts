import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest, type EmulatorAnswer } from './emulator-context';

/** How much of a request the emulator accepts, and how long it waits for it. */
export interface RequestLimits {
  /** A connection must send a request's whole header within this (node:http `headersTimeout`). */
  readonly headersMs: number;
  /** ...and the whole request, body included, within this (node:http `requestTimeout`). */
  readonly requestMs: number;
  /** An idle connection between requests is closed after this (node:http `keepAliveTimeout`). */
  readonly keepAliveMs: number;
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
 * A request the emulator refuses before reading it to the end (413, 408). The answer goes out
 * with `Connection: close`: the rest of the body is not read, so the connection cannot be reused.
 */
export class RequestRefused extends Error {
  constructor(
    readonly status: 413 | 408,
    readonly problem: string,
  ) {
    super(problem);
    this.name = 'RequestRefused';
  }
}

export const bodyTooLarge = (limits: RequestLimits) =>
  new RequestRefused(413, `the request body is over ${limits.maxBodyBytes} bytes, the most the gateway emulator reads`);

/** Reads the whole body with plain events (async iteration costs more per request under load). */
function readText(request: IncomingMessage, limits: RequestLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    const stop = (error: Error) => {
      clearTimeout(idle);
      request.pause();
      request.removeAllListeners('data');
      reject(error);
    };
    const armIdle = () =>
      setTimeout(
        () => stop(new RequestRefused(408, `the request body stopped arriving for ${limits.bodyIdleMs} ms`)),
        limits.bodyIdleMs,
      );
    let idle = armIdle();
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes) return stop(bodyTooLarge(limits));
      chunks.push(chunk);
      clearTimeout(idle);
      idle = armIdle();
    });
    request.on('end', () => {
      clearTimeout(idle);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', (error) => {
      clearTimeout(idle);
      reject(error);
    });
  });
}

/** The body as a JSON object (`{}` when empty); BadRequest when it is not one. */
export async function readBody(
  request: IncomingMessage,
  limits: RequestLimits = defaultRequestLimits,
): Promise<Record<string, unknown>> {
  const text = await readText(request, limits);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequest('request body is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new BadRequest('request body must be a JSON object');
  return parsed as Record<string, unknown>;
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

/** Answers a refused request and closes its connection once the answer is out. */
export function refuse(response: ServerResponse, refusal: RequestRefused): void {
  send(response, { status: refusal.status, body: { error: refusal.problem } }, { Connection: 'close' });
}
