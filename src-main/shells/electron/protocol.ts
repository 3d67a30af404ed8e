import { readFile, stat } from 'node:fs/promises';
import { cacheControlFor, contentTypeFor, resolveStaticPath } from '../host/static-files';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../../lane/security/csp';
import type { Protocol } from './electron-api';
import { appScheme, isAppUrl } from './origin';

/**
 * Declares `app://` a standard, secure scheme. Electron accepts this only before `ready`.
 * Standard gives the renderer a real origin (`app://lanepoint`) for the CSP's 'self' and for
 * the navigation and IPC sender checks; secure makes it a secure context, as https would be.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Answers one `app://` request from the built renderer folder: only host `lanepoint`, only
 * files inside the folder (`..`, encoded dots, backslashes and NUL refused), only GET and
 * HEAD, and every answer, 404s included, with the renderer's CSP and security headers.
 */
export async function appProtocolResponse(
  request: Pick<Request, 'url' | 'method'>,
  rendererDir: string,
): Promise<Response> {
  const headers = rendererSecurityHeaders(contentSecurityPolicy());
  const refuse = (status: 404 | 405, text: string) =>
    new Response(text, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed');
  if (!isAppUrl(request.url)) return refuse(404, 'Not found');
  const path = resolveStaticPath(rendererDir, new URL(request.url).pathname);
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) return refuse(404, 'Not found');
  return new Response(request.method === 'HEAD' ? null : await readFile(path), {
    status: 200,
    headers: { ...headers, 'Content-Type': contentTypeFor(path), 'Cache-Control': cacheControlFor(path) },
  });
}

/** Serves the renderer on `app://lanepoint/`; Electron allows this only after `ready`. */
export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(appScheme, (request) => appProtocolResponse(request, rendererDir));
}
