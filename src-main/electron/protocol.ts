import { readFile, stat } from 'node:fs/promises';
import { cacheControlFor, contentTypeFor, resolveStaticPath } from '../host/static-files';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../security/csp';
import type { Protocol } from './electron-api';
import { appHost, appScheme } from './origin';

/**
 * Declares `app://` a standard, secure scheme. Electron accepts this only before `ready`.
 * Standard gives the renderer a real origin (`app://lanepoint`) for the CSP's 'self'.
 */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Answers one `app://` request from the built renderer folder: only host `lanepoint`, only
 * files inside the folder (traversal and encoded dots refused), always with the CSP.
 */
export async function appProtocolResponse(requestUrl: string, rendererDir: string): Promise<Response> {
  const headers = rendererSecurityHeaders(contentSecurityPolicy());
  const notFound = () => new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain' } });
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return notFound();
  }
  if (url.protocol !== `${appScheme}:` || url.hostname !== appHost) return notFound();
  const path = resolveStaticPath(rendererDir, url.pathname);
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) return notFound();
  return new Response(await readFile(path), {
    status: 200,
    headers: { ...headers, 'Content-Type': contentTypeFor(path), 'Cache-Control': cacheControlFor(path) },
  });
}

/** Serves the renderer on `app://lanepoint/`; call after `ready`. */
export function serveAppProtocol(protocol: Protocol, rendererDir: string): void {
  protocol.handle(appScheme, (request) => appProtocolResponse(request.url, rendererDir));
}
