import type { IncomingMessage } from 'node:http';
import { systemClock, type Clock } from '../clock';
import { HttpProblem } from './inbound-problem';

/**
 * Bounded body reading for every server: a body over `maxBytes` is refused 413 by its declared
 * Content-Length before a byte is read, or as soon as it passes the limit; one that stops
 * arriving for `idleMs` is refused 408. Text must be UTF-8 and JSON an object (400 otherwise);
 * the content type is checked where a server asks (415).
 */
export interface BodyLimits {
  readonly maxBytes: number;
  /** A body that stops arriving for this long is refused 408 (default: only the server's requestTimeout). */
  readonly idleMs?: number;
  /** Where the idle timer runs (tests pass a manual clock). */
  readonly clock?: Pick<Clock, 'setTimer'>;
}

const tooLarge = (limits: BodyLimits) =>
  new HttpProblem('too-large', `the request body is over ${limits.maxBytes} bytes, the most this service reads`);

/** Refuses a body by its declared Content-Length, before reading any of it. */
export function refuseDeclaredTooLarge(request: IncomingMessage, limits: BodyLimits): void {
  if (Number(request.headers['content-length'] ?? 0) > limits.maxBytes) throw tooLarge(limits);
}

/**
 * Reads the body piece by piece as it arrives, for uploads too big to hold (an attachment):
 * `onPiece` runs on each (it may throw an HttpProblem to stop), the count of bytes is still
 * bounded and a stalled body still times out. On a refusal the rest is left unread: the answer
 * goes out with `Connection: close` (answerRequests).
 */
export function readBodyInPieces(
  request: IncomingMessage,
  limits: BodyLimits,
  onPiece: (piece: Buffer) => void,
): Promise<void> {
  const clock = limits.clock ?? systemClock;
  return new Promise((resolve, reject) => {
    refuseDeclaredTooLarge(request, limits);
    let size = 0;
    let cancelIdle: () => void = () => undefined;
    const done = () => {
      cancelIdle();
      request.removeListener('data', onData);
      request.removeListener('end', onEnd);
      request.removeListener('error', onError);
    };
    const stop = (error: unknown) => {
      done();
      request.pause();
      reject(error);
    };
    const armIdle = () => {
      cancelIdle();
      if (limits.idleMs === undefined) return;
      const idleMs = limits.idleMs;
      cancelIdle = clock.setTimer(
        () => stop(new HttpProblem('slow-body', `the request body stopped arriving for ${idleMs} ms`)),
        idleMs,
      );
    };
    // Plain events: async iteration costs more per request, and destroys the socket on a refusal.
    const onData = (piece: Buffer) => {
      size += piece.length;
      if (size > limits.maxBytes) return stop(tooLarge(limits));
      try {
        onPiece(piece);
      } catch (error) {
        return stop(error);
      }
      armIdle();
    };
    const onEnd = () => {
      done();
      resolve();
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
    armIdle();
  });
}

/** The whole body, bounded. */
export async function readBody(request: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await readBodyInPieces(request, limits, (piece) => chunks.push(piece));
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as UTF-8 text; 400 naming the problem when they are not. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new HttpProblem('bad-encoding', 'request body is not UTF-8 text');
  }
}

/** Text as a JSON object; 400 when it is not JSON or not an object. `{}` for an empty body. */
export function jsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpProblem('bad-json', 'request body is not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new HttpProblem('not-an-object', 'request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** The body as a JSON object (`{}` when empty), bounded and strictly UTF-8. */
export async function readJsonObject(request: IncomingMessage, limits: BodyLimits): Promise<Record<string, unknown>> {
  return jsonObject(utf8Text(await readBody(request, limits)));
}

/** The body as an HTML form (application/x-www-form-urlencoded), bounded and strictly UTF-8. */
export async function readForm(request: IncomingMessage, limits: BodyLimits): Promise<URLSearchParams> {
  return new URLSearchParams(utf8Text(await readBody(request, limits)));
}

/** The media type of the request, lower case, without parameters ('' when absent). */
export function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Refuses 415 unless the request's media type is one of `accepted`; `message` names what is taken. */
export function requireMediaType(request: IncomingMessage, accepted: readonly string[], message?: string): void {
  if (!accepted.includes(mediaType(request)))
    throw new HttpProblem('unsupported-type', message ?? `the request body must be ${accepted.join(' or ')}`);
}
