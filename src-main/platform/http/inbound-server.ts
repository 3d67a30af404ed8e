import type { IncomingMessage, RequestListener, Server, ServerOptions, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpProblem } from './inbound-problem';

/**
 * The parts of a node:http(s) server every Lanepoint server shares: its timeouts, the one place
 * a thrown error becomes a status, security headers, and listening and closing. Servers stay
 * plain `createServer` calls; this is a toolkit, not a framework.
 */

/** How long a server waits on a connection; slow or silent clients are closed. */
export interface InboundTimeouts {
  /** From connecting (or the previous request) to the end of the request's headers. */
  readonly headersMs: number;
  /** The whole request, body included. */
  readonly requestMs: number;
  /** An idle kept-alive connection after its answer. */
  readonly keepAliveMs: number;
}

/** The node:http options that enforce `timeouts`. */
export function timeoutOptions(
  timeouts: InboundTimeouts,
): Required<
  Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'>
> {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // node:http checks the first two only this often (30 s by default): check well within them.
    connectionsCheckingInterval: Math.max(
      10,
      Math.min(1_000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)),
    ),
  };
}

/** See `RequestAnswering.keepAliveMs`. The socket is held here: a refused upload may destroy it. */
function keepAliveAfterAnswer(request: IncomingMessage, response: ServerResponse, keepAliveMs: number): void {
  const socket = request.socket;
  response.on('finish', () => {
    if (!socket.destroyed) socket.setTimeout(keepAliveMs);
  });
}

/** What each server says about itself in every answer; see `securityHeaders`. */
export interface SecurityHeaderChoice {
  /** A page's Content-Security-Policy. */
  readonly csp?: string;
  /** Answers are never cached (APIs, one-time pages). */
  readonly noStore?: boolean;
  /** HTTPS only: Strict-Transport-Security with this max-age in seconds. */
  readonly hstsSeconds?: number;
  /** Not framed, no referrer, no cross-origin reads: for pages people open. */
  readonly isolated?: boolean;
}

/** The security headers of a server, in one place: nosniff always, the rest as chosen. */
export function securityHeaders(choice: SecurityHeaderChoice): Record<string, string> {
  return {
    ...(choice.csp ? { 'Content-Security-Policy': choice.csp } : {}),
    ...(choice.hstsSeconds ? { 'Strict-Transport-Security': `max-age=${choice.hstsSeconds}` } : {}),
    'X-Content-Type-Options': 'nosniff',
    ...(choice.isolated
      ? {
          'Referrer-Policy': 'no-referrer',
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Resource-Policy': 'same-origin',
        }
      : {}),
    ...(choice.noStore ? { 'Cache-Control': 'no-store' } : {}),
  };
}

/** Writes a whole answer with its Content-Length. */
export function sendBody(
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string | Buffer,
): void {
  response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** How one server answers, and how it words a refusal and an unexpected failure. */
export interface RequestAnswering<A> {
  /** Answers the request: returns an answer to send, or undefined when it wrote the response itself. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<A | void>;
  /** The answer for a refusal (an HttpProblem thrown by a route or the body reader). */
  problem(problem: HttpProblem, request: IncomingMessage): A;
  /** The answer for anything else thrown: a 500 that says nothing of what went wrong. */
  unexpected(error: unknown, request: IncomingMessage): A;
  send(response: ServerResponse, answer: A): void;
  /**
   * When set, a kept-alive connection may idle this long after each answer and no more (node:http
   * 20 waits its keepAliveTimeout plus a fixed second); the socket's timeout is set when the
   * answer finishes. A refused upload may destroy the socket first.
   */
  readonly keepAliveMs?: number;
}

/**
 * The request listener with the one error mapping: an HttpProblem becomes its status (and its
 * headers, `Allow` or `Retry-After`), anything else the server's 500. An answer sent before the
 * body was read to its end closes the connection (the unread rest cannot be reused), and the rest
 * is discarded until it closes; an error after the answer began cuts the connection.
 */
export function answerRequests<A>(answering: RequestAnswering<A>): RequestListener {
  return (request, response) => {
    if (answering.keepAliveMs !== undefined) keepAliveAfterAnswer(request, response, answering.keepAliveMs);
    answering
      .handle(request, response)
      .catch((error: unknown): A | void => {
        if (response.headersSent) {
          response.destroy();
          return undefined;
        }
        if (error instanceof HttpProblem) {
          for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
          return answering.problem(error, request);
        }
        return answering.unexpected(error, request);
      })
      .then((answer: A | void) => {
        if (answer === undefined || response.headersSent) return;
        const unread = !request.complete;
        if (unread) response.setHeader('Connection', 'close');
        answering.send(response, answer);
        if (unread) request.resume();
      })
      .catch(() => response.destroy());
  };
}

/** Listens on `host:port` (0 picks a free port); resolves with the port. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Closes every connection, idle or not, and stops listening. */
export async function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
