import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { isCompressible, negotiateEncoding, type CompressedCopies } from './compressed-copies';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type for a renderer file, by extension. */
export function contentTypeFor(path: string): string {
  return contentTypes[extname(path)] ?? 'application/octet-stream';
}

/** Hashed assets never change; a page (index.html, backoffice.html) must be re-read after an upgrade. */
export function cacheControlFor(path: string): string {
  return path.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable';
}

/**
 * Maps a request path to a file inside `root`, or null when it would leave `root` (encoded
 * dots, backslashes and NUL included). `/` is the app's page, `indexFile`.
 */
export function resolveStaticPath(root: string, pathname: string, indexFile = 'index.html'): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? indexFile : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const full = resolve(join(base, relative));
  return full === base || full.startsWith(base + sep) ? full : null;
}

/** The built renderer a host serves: its folder and the page `/` answers with. */
export interface StaticSite {
  readonly root: string;
  readonly indexFile?: string;
  /** Compressed copies of its text files; without them every file is sent as it is. */
  readonly compressed?: CompressedCopies;
}

/**
 * Serves one file from the built renderer with the given security headers; 404 otherwise. A
 * text file goes brotli- or gzip-compressed when the request's Accept-Encoding allows
 * and the site has compressed copies, with `Vary: Accept-Encoding` either way.
 */
export async function serveStatic(
  site: StaticSite,
  asked: { readonly pathname: string; readonly acceptEncoding?: string | undefined },
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const { pathname, acceptEncoding } = asked;
  const { root, indexFile = 'index.html' } = site;
  const path = resolveStaticPath(root, pathname, indexFile);
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found');
    return;
  }
  const compressible = site.compressed !== undefined && isCompressible(path, info.size);
  const encoding = compressible ? negotiateEncoding(acceptEncoding) : undefined;
  const body = encoding ? await site.compressed!.body(path, info, encoding) : await readFile(path);
  response.writeHead(200, {
    ...headers,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Type': contentTypeFor(path),
    'Content-Length': String(body.length),
    'Cache-Control': cacheControlFor(path),
  });
  response.end(body);
}
