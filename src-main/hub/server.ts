import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  answerRequests,
  closeServer,
  createRoutes,
  HttpProblem,
  listen,
  readJsonObject,
  refuseDeclaredTooLarge,
  securityHeaders,
  sendBody,
  timeoutOptions,
} from '../platform/http/inbound';
import { once } from 'node:events';
import { adminRoutes } from './admin-routes';
import { managerRoutes } from './manager-routes';
import { HubError, type HubErrorKind } from './errors';
import { IngestConflict } from './ingest';
import { laneSecretMatches, looksLikeLaneKey, parseLaneKey, type AdminKey } from './lane-keys';
import { laneRoutes } from './lane-routes';
import type { HubAnswer, HubContext, HubRoute } from './routes';

/**
 * The hub's HTTP server, on the platform's one inbound toolkit: routes, the key check of each
 * route's access, bounded JSON bodies, and one mapping from errors to `{ error, message }` answers.
 * Logs say which route answered what and how fast, never a body nor a key.
 */

/** A batch of 500 payment events is far below this; anything over is refused 413 unread. */
export const maxBodyBytes = 1024 * 1024;
const headers = securityHeaders({ noStore: true });

export interface HubServerOptions extends HubContext {
  readonly adminKey: AdminKey;
  readonly port?: number;
  readonly host?: string;
  /** More routes (tests, other programs); the lane and admin routes are always there. */
  readonly routes?: readonly HubRoute[];
  readonly maxBodyBytes?: number;
}

export interface RunningHubServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const statusOfKind: Readonly<Record<HubErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  storage: 500,
  'newer-schema': 500,
};

/** The bearer token of a request, or undefined. */
function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const unauthorized = (message: string) => new HubError('unauthorized', message);

const refusal = (status: number, error: string, message: string, extra: object = {}): HubAnswer => ({
  status,
  json: { error, message, ...extra },
});

/**
 * The answer for a refusal a route or the key check threw, in the `{ error, message }` shape; a
 * lane's conflicts name what it must do (`gap` with the seq to resend after). Undefined for a
 * storage failure or anything else: those are the 500 that says nothing and logs why.
 */
function refusalOf(error: unknown): HubAnswer | undefined {
  if (error instanceof IngestConflict)
    return refusal(
      409,
      error.conflict,
      error.message,
      error.conflict === 'gap' ? { acknowledgedSeq: error.acknowledgedSeq } : {},
    );
  if (!(error instanceof HubError) || error.kind === 'storage' || error.kind === 'newer-schema') return undefined;
  const answer = refusal(statusOfKind[error.kind], error.kind, error.message);
  return error.kind === 'unauthorized' ? { ...answer, headers: { 'WWW-Authenticate': 'Bearer' } } : answer;
}

export async function startHubServer(options: HubServerOptions): Promise<RunningHubServer> {
  const { database, clock, logger, adminKey } = options;
  const context: HubContext = { database, clock, logger, ...(options.gateway ? { gateway: options.gateway } : {}) };
  const limits = { maxBytes: options.maxBodyBytes ?? maxBodyBytes, idleMs: 10_000, clock };
  const routes = createRoutes<HubRoute>();
  for (const route of [...laneRoutes, ...adminRoutes, ...managerRoutes, ...(options.routes ?? [])])
    routes.add(route.method, route.path, route);

  /** Whether a presented lane key is a real one: its lane exists and its secret hashes to the stored hash. */
  const laneKeyHolds = async (token: string): Promise<string | undefined> => {
    const presented = parseLaneKey(token);
    if (!presented) return undefined;
    const [lane] = await database.query<{ key_hash: string }>('SELECT key_hash FROM lanes WHERE id = $1', [
      presented.laneId,
    ]);
    return lane && laneSecretMatches(presented.secret, lane.key_hash) ? presented.laneId : undefined;
  };

  const authorize = async (route: HubRoute, request: IncomingMessage, params: Record<string, string>) => {
    const token = bearerOf(request);
    if (!token) throw unauthorized('this route needs "Authorization: Bearer <key>"');
    if (route.access === 'admin') {
      if (adminKey.matches(token)) return;
      if (looksLikeLaneKey(token) && (await laneKeyHolds(token)))
        throw new HubError('forbidden', "a lane's key cannot reach the manager's routes");
      throw unauthorized("the key is not this hub's admin key");
    }
    if (adminKey.matches(token))
      throw new HubError('forbidden', 'the admin key cannot act as a lane; a lane uses its own key');
    const laneId = await laneKeyHolds(token);
    if (!laneId) throw unauthorized('the lane key is not one this hub issued (or its lane was removed)');
    if (laneId !== params.laneId)
      throw new HubError('forbidden', `lane ${laneId}'s key cannot reach another lane's path`);
  };

  const handle = async (request: IncomingMessage): Promise<HubAnswer> => {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    const method = request.method ?? 'GET';
    const found = routes.match(method, url.pathname);
    if (found.kind === 'not-found') throw new HttpProblem('not-found', `no route ${url.pathname}`);
    if (found.kind === 'wrong-method')
      throw new HttpProblem('wrong-method', `${url.pathname} takes ${found.allow.join(', ')}`, {
        headers: { Allow: found.allow.join(', ') },
      });
    refuseDeclaredTooLarge(request, limits);
    await authorize(found.handler, request, { ...found.params });
    return found.handler.handle(context, {
      request,
      params: found.params,
      url,
      body: () => readJsonObject(request, limits),
    });
  };

  const started = new WeakMap<IncomingMessage, number>();
  const logged = (request: IncomingMessage, answer: HubAnswer): HubAnswer => {
    const ms = clock.monotonic() - (started.get(request) ?? clock.monotonic());
    const path = (request.url ?? '/').split('?')[0];
    logger.debug({ method: request.method, path, status: answer.status, ms: Math.round(ms) }, 'hub: answered');
    return answer;
  };

  const server = createServer(
    timeoutOptions({ headersMs: 15_000, requestMs: 60_000, keepAliveMs: 30_000 }),
    answerRequests<HubAnswer>({
      handle: async (request) => {
        started.set(request, clock.monotonic());
        try {
          return logged(request, await handle(request));
        } catch (error) {
          const answer = refusalOf(error);
          if (answer) return logged(request, answer);
          throw error;
        }
      },
      problem: (problem, request) => logged(request, refusal(problem.status, problem.kind, problem.message)),
      unexpected: (error, request) => {
        logger.error(
          { err: error, method: request.method, path: (request.url ?? '/').split('?')[0] },
          'hub: a request failed',
        );
        return logged(request, refusal(500, 'internal', 'the hub could not answer; its log says why'));
      },
      send: (response: ServerResponse, answer: HubAnswer) => {
        const extra = answer.headers ?? {};
        if ('stream' in answer) {
          void sendStream(
            response,
            answer.status,
            { ...headers, ...extra, 'Content-Type': answer.contentType },
            answer.stream,
          );
          return;
        }
        if (!('json' in answer) && !('text' in answer)) {
          response.writeHead(answer.status, { ...headers, ...extra }).end();
          return;
        }
        if ('text' in answer)
          return sendBody(
            response,
            answer.status,
            { ...headers, ...extra, 'Content-Type': answer.contentType },
            answer.text,
          );
        sendBody(
          response,
          answer.status,
          { ...headers, ...extra, 'Content-Type': 'application/json; charset=utf-8' },
          JSON.stringify(answer.json),
        );
      },
      keepAliveMs: 30_000,
    }),
  );
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host);
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => closeServer(server),
  };
}

/**
 * Writes `pieces` as they come, waiting for the socket to drain between them. A failure half way
 * (the database gone) cannot change a status already sent: the connection is cut, so the
 * download is seen to be incomplete, never taken for a whole file.
 */
async function sendStream(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  pieces: AsyncIterable<string>,
): Promise<void> {
  response.writeHead(status, headers);
  try {
    for await (const piece of pieces) {
      if (response.destroyed) return;
      if (!response.write(piece)) await once(response, 'drain');
    }
    response.end();
  } catch {
    response.destroy();
  }
}
