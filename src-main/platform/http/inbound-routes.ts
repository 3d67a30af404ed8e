import type { IncomingMessage, ServerResponse } from 'node:http';
import Router, { type HTTPMethod } from 'find-my-way';

/**
 * A route table on find-my-way (the router fastify is built on): methods and `:name` params per
 * path. It only finds; what a miss is answered with stays the server's (a 404 and a 405 with
 * `Allow` for most; the gateway emulator answers both as the reference's JSON 404).
 */
export type RouteMatch<H> =
  | { readonly kind: 'found'; readonly handler: H; readonly params: Readonly<Record<string, string>> }
  /** The path is known, not for this method; `allow` lists the methods it takes, `params` its values. */
  | {
      readonly kind: 'wrong-method';
      readonly allow: readonly string[];
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'not-found' };

export interface Routes<H> {
  /** Adds `handler` for these methods at `path` (`/inquire/:retref/:merchid`). */
  add(methods: string | readonly string[], path: string, handler: H): Routes<H>;
  /** The route for a request's method and path (the query is ignored). */
  match(method: string, path: string): RouteMatch<H>;
}

/** Path values longer than find-my-way's default of 100 still match: the route judges them. */
const maxParamLength = 8_192;

export interface RouteOptions {
  /** `/pay/abc/` finds `/pay/abc` (default: a trailing slash is another path). */
  readonly ignoreTrailingSlash?: boolean;
}

export function createRoutes<H>(options: RouteOptions = {}): Routes<H> {
  const router = Router({ maxParamLength, ignoreTrailingSlash: options.ignoreTrailingSlash ?? false });
  const methods = new Set<string>();
  const noHandler = () => undefined;
  const find = (method: string, path: string): { handler: H; params: Record<string, string> } | undefined => {
    if (!methods.has(method)) return undefined;
    const found = router.find(method as HTTPMethod, path);
    if (!found) return undefined;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.params)) if (value !== undefined) params[name] = value;
    return { handler: (found.store as { handler: H }).handler, params };
  };
  const routes: Routes<H> = {
    add(given, path, handler) {
      const list = typeof given === 'string' ? [given] : given;
      for (const method of list) methods.add(method);
      router.on(list as HTTPMethod[], path, noHandler, { handler });
      return routes;
    },
    match(method, path) {
      const found = find(method, path);
      if (found) return { kind: 'found', ...found };
      const others = [...methods].filter((other) => other !== method);
      const allow = others.filter((other) => find(other, path) !== undefined);
      const params = allow[0] === undefined ? undefined : find(allow[0], path)?.params;
      return params ? { kind: 'wrong-method', allow, params } : { kind: 'not-found' };
    },
  };
  return routes;
}

/**
 * An HTTP route a program hands to the lane's browser host, beside its static files (the back
 * office's streamed upload). The host has already checked the Host header, the Origin and the session token when `handle` is called;
 * the route owns the response from then on.
 */
export interface HostRoute {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
}
