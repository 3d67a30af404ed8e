import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import type { Core } from '../core/core';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../security/csp';
import { createBridge, type BridgeLimits } from './bridge';
import { isAllowedHostHeader, isAllowedOrigin, isValidToken } from './guard';
import { serveStatic } from './static-files';

/** The only address the host ever listens on: the terminal is driven from this machine. */
export const hostAddress = '127.0.0.1';
export const bridgePath = '/bridge';

export interface HostOptions {
  readonly core: Pick<Core, 'dispatch' | 'events' | 'logger'>;
  /** The built renderer (index.html and assets). */
  readonly rendererDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** A fixed session token (kiosk browsers that restart); random when absent. */
  readonly token?: string;
  /** Per-connection bounds on the bridge; the defaults suit a lane. */
  readonly bridgeLimits?: Partial<BridgeLimits>;
}

export interface RunningHost {
  /** The address to open, token included. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
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
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (no ${join(rendererDir, 'index.html')}); run "npm run build".`);
  }
  if (options.token !== undefined && options.token.length < minTokenLength) {
    throw new Error(`The host token must be at least ${minTokenLength} characters long.`);
  }
  const token = options.token ?? randomBytes(32).toString('base64url');
  const bridge = createBridge({
    dispatch: core.dispatch,
    events: core.events,
    logger: core.logger,
    ...(options.bridgeLimits ? { limits: options.bridgeLimits } : {}),
  });
  let port = options.port;

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const headers = rendererSecurityHeaders(
      contentSecurityPolicy({ connectSrc: [`ws://${hostAddress}:${port}`, `ws://localhost:${port}`] }),
    );
    if (!isAllowedHostHeader(request.headers.host, port)) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(request.url ?? '/', `http://${hostAddress}:${port}`);
    serveStatic(rendererDir, pathname, response, headers).catch((error: unknown) => {
      core.logger.error({ err: error }, 'host: static file failed');
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
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
    if (!isValidToken(url.searchParams.get('token'), token)) {
      core.logger.warn('host: refused a bridge without the session token');
      return refuse(socket, 401, 'Unauthorized');
    }
    bridge.accept(request, socket, head);
  };

  const server = createServer(onRequest);
  server.on('upgrade', onUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, hostAddress, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://${hostAddress}:${port}/?token=${token}`;

  return {
    url,
    port,
    token,
    async close() {
      await bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
