import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { sessionTokenHeader } from '../../lane/ipc/contract/derive';
import type { Dispatch } from '../../lane/ipc/dispatcher';
import type { EventFeed } from '../../lane/ipc/event-hub';
import type { Logger } from '../../platform/log/logger';
import {
  answerRequests,
  closeServer,
  createRoutes,
  HttpProblem,
  listen,
  sendBody,
  timeoutOptions,
  type HostRoute,
} from '../../platform/http/inbound';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../../lane/security/csp';
import { createBridge, type BridgeLimits } from './bridge';
import { isAllowedHostHeader, isAllowedOrigin, isValidToken } from './guard';
import { CompressedCopies } from './compressed-copies';
import { serveStatic } from './static-files';
import { KindedError } from '../../platform/errors';

/** The only address the host ever listens on: the terminal is driven from this machine. */
export const hostAddress = '127.0.0.1';
export const bridgePath = '/bridge';

/** What the host serves over its bridge: any app's validated dispatch, its events and its log. */
export interface HostedApp {
  readonly dispatch: Dispatch;
  readonly events: EventFeed;
  readonly logger: Logger;
}

/**
 * How long the host waits on a connection. A page's own requests take milliseconds on loopback;
 * the longest is a back-office upload of up to 100 MB, well inside `requestMs`. A WebSocket
 * bridge is not held to these: once upgraded it is the bridge's.
 */
export interface HostLimits {
  /** From connecting (or the previous request) to the end of the request's headers. */
  readonly headersMs: number;
  /** The whole request, body included. */
  readonly requestMs: number;
  /** An idle kept-alive connection after its answer. */
  readonly keepAliveMs: number;
  /** A connection on which nothing moves either way (a page that stopped reading its answer). */
  readonly idleMs: number;
}

export const defaultHostLimits: HostLimits = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  idleMs: 30_000,
};

export interface HostOptions {
  readonly core: HostedApp;
  /** The built renderer (its page and assets). */
  readonly rendererDir: string;
  /** The page `/` serves, inside `rendererDir`: `index.html` (the lane) unless given. */
  readonly indexFile?: string;
  /** Routes beside the static files, behind the same guard and the session token. */
  readonly routes?: readonly HostRoute[];
  /** 0 picks a free port. */
  readonly port: number;
  /** A fixed session token (kiosk browsers that restart); random when absent. */
  readonly token?: string;
  /**
   * The customer display's page (ADR 087): served at `/customer.html`, and a bridge opened with
   * its own token is the `customer-display` role, which reads its view and sends the customer's
   * answers only. Absent: no customer display, and that page opens nothing.
   */
  readonly customerDisplay?: {
    /** A fixed token (a display that restarts); random when absent. */
    readonly token?: string;
    /** Told when a customer display connects; the function it returns, when it goes. */
    readonly connect: (source: string) => () => void;
  };
  /** How long a connection may sit idle (defaults: `defaultHostLimits`); tests pass small ones. */
  readonly limits?: Partial<HostLimits>;
  /** Per-connection bounds on the bridge; the defaults suit a lane. */
  readonly bridgeLimits?: Partial<BridgeLimits>;
}

export interface RunningHost {
  /** The address to open, token included. */
  readonly url: string;
  /** The customer display's address, its own token included, when the host serves one. */
  readonly customerUrl: string | null;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

/** An answer the host writes whole (a refusal); pages and routes write their own. */
interface HostAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The minimum length of a fixed token; a short one could be guessed by another page. */
export const minTokenLength = 32;

/**
 * Browser mode: serves the built renderer and the WebSocket bridge on 127.0.0.1 only. The
 * bridge needs the session token, and every request must name this host on loopback (no
 * rebound DNS names); the handshake must also come from the host's own page (Origin).
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const { core, rendererDir } = options;
  const indexFile = options.indexFile ?? 'index.html';
  if (!existsSync(join(rendererDir, indexFile))) {
    throw new KindedError(
      'unavailable',
      `The renderer is not built (no ${join(rendererDir, indexFile)}); run "npm run build".`,
    );
  }
  for (const [what, fixed] of [
    ['host token', options.token],
    ['customer display token', options.customerDisplay?.token],
  ] as const) {
    if (fixed !== undefined && fixed.length < minTokenLength)
      throw new KindedError('invalid', `The ${what} must be at least ${minTokenLength} characters long.`);
  }
  const token = options.token ?? randomBytes(32).toString('base64url');
  const customerToken = options.customerDisplay
    ? (options.customerDisplay.token ?? randomBytes(32).toString('base64url'))
    : null;
  if (customerToken !== null && customerToken === token)
    throw new KindedError('invalid', 'The customer display token must differ from the host token.');
  const bridge = createBridge({
    dispatch: core.dispatch,
    events: core.events,
    logger: core.logger,
    ...(options.bridgeLimits ? { limits: options.bridgeLimits } : {}),
    ...(options.customerDisplay ? { onCustomerDisplay: options.customerDisplay.connect } : {}),
  });
  let port = options.port;

  const limits: HostLimits = { ...defaultHostLimits, ...options.limits };
  // The renderer's text goes compressed (the bundle is most of a page load); made once, at start.
  const site = { root: rendererDir, indexFile, compressed: new CompressedCopies() };
  site.compressed.prepareAll(rendererDir).catch((error: unknown) => {
    core.logger.warn({ err: error }, 'host: could not compress the renderer; it is served as it is');
  });

  const routes = createRoutes<HostRoute>();
  for (const route of options.routes ?? []) routes.add(route.method, route.path, route);

  const onRequest = async (request: IncomingMessage, response: ServerResponse): Promise<HostAnswer | void> => {
    // node:http clears a kept-alive socket's timeout when the next request comes: set it again.
    request.socket.setTimeout(limits.idleMs);
    if (!isAllowedHostHeader(request.headers.host, port))
      return { status: 421, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Misdirected request' };
    const url = new URL(request.url ?? '/', `http://${hostAddress}:${port}`);
    const found = routes.match(request.method ?? 'GET', url.pathname);
    if (found.kind === 'found') return routeRequest(found.handler, request, response, url);
    if (found.kind === 'wrong-method')
      return routeRefusal(405, 'unknown_command', `${url.pathname} takes ${found.allow.join(', ')} only`);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new HttpProblem('wrong-method', 'the page takes GET and HEAD', { headers: { Allow: 'GET, HEAD' } });
    const headers = rendererSecurityHeaders(
      contentSecurityPolicy({ connectSrc: [`ws://${hostAddress}:${port}`, `ws://localhost:${port}`] }),
    );
    await serveStatic(
      site,
      { pathname: url.pathname, acceptEncoding: request.headers['accept-encoding'] },
      response,
      headers,
    );
  };

  /** A route's refusal: the bridge's error shape, and the connection closed (its body is not read). */
  const routeRefusal = (status: number, code: string, message: string): HostAnswer => ({
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' },
    body: JSON.stringify({ ok: false, error: { code, message } }),
  });

  // A route changes things, so it is guarded like the bridge: the host's own page, with the token.
  const routeRequest = async (
    route: HostRoute,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<HostAnswer | void> => {
    if (!isAllowedOrigin(request.headers.origin, port)) {
      core.logger.warn(
        { origin: request.headers.origin ?? null, path: route.path },
        'host: refused a request from another origin',
      );
      return routeRefusal(403, 'forbidden', 'This page may not send here.');
    }
    const presented = request.headers[sessionTokenHeader];
    if (!isValidToken(typeof presented === 'string' ? presented : undefined, token)) {
      core.logger.warn({ path: route.path }, 'host: refused a request without the session token');
      return routeRefusal(
        401,
        'forbidden',
        'The session token is missing or wrong: reload the page from the address the back office printed.',
      );
    }
    // The route owns its waits from here (an upload forwarded to the boarding service answers
    // when that service does); requestMs still bounds the body's arrival.
    request.socket.setTimeout(0);
    await route.handle(request, response, url);
  };

  const refuse = (socket: Duplex, status: number, reason: string) => {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', `http://${hostAddress}:${port}`);
    if (url.pathname !== bridgePath) return refuse(socket, 404, 'Not Found');
    if (!isAllowedHostHeader(request.headers.host, port)) return refuse(socket, 421, 'Misdirected Request');
    if (!isAllowedOrigin(request.headers.origin, port)) {
      core.logger.warn({ origin: request.headers.origin ?? null }, 'host: refused a bridge from another origin');
      return refuse(socket, 403, 'Forbidden');
    }
    const presented = url.searchParams.get('token');
    if (customerToken !== null && isValidToken(presented, customerToken))
      return bridge.accept(request, socket, head, 'customer-display');
    if (!isValidToken(presented, token)) {
      core.logger.warn('host: refused a bridge without the session token');
      return refuse(socket, 401, 'Unauthorized');
    }
    bridge.accept(request, socket, head);
  };

  const server = createServer(
    timeoutOptions(limits),
    answerRequests<HostAnswer>({
      handle: onRequest,
      keepAliveMs: limits.keepAliveMs,
      problem: (problem) => ({ status: problem.status, headers: {}, body: '' }),
      unexpected: (error, request) => {
        core.logger.error(
          { err: error, path: new URL(request.url ?? '/', 'http://host.invalid').pathname },
          'host: request failed',
        );
        return { status: 500, headers: {}, body: '' };
      },
      send: (response, answer) => sendBody(response, answer.status, answer.headers, answer.body),
    }),
  );
  // Every new socket: no bytes either way for idleMs, and node:http destroys it.
  server.timeout = limits.idleMs;
  server.on('upgrade', onUpgrade);
  port = await listen(server, options.port, hostAddress);
  const url = `http://${hostAddress}:${port}/?token=${token}`;

  return {
    url,
    customerUrl: customerToken === null ? null : `http://${hostAddress}:${port}/customer.html?token=${customerToken}`,
    port,
    token,
    async close() {
      await bridge.close();
      await closeServer(server);
    },
  };
}
