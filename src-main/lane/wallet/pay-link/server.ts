import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answerRequests,
  closeServer,
  createRoutes,
  HttpProblem,
  jsonObject,
  listen,
  readBody,
  requireMediaType,
  sendBody,
  timeoutOptions,
  utf8Text,
} from '../../../platform/http/inbound';
import type { Clock } from '../../../platform/clock';
import { capConnectionsPerClient, clientAddress, payLinkLimits, payLinkTls, type PayLinkLimits } from './limits';
import { createLinkGuesses } from './link-guesses';
import { builtPayPageDir, loadBuiltPayPage } from './built-page';
import { payLinkHeaders, payPage, tooManyGuessesPage, tooManyGuessesWords, unknownLinkPage } from './page';
import { payPageAssets } from './pay-page-parts';
import { googlePayConfig, type LiveWalletButtons } from './wallet-buttons';
import type { PayLinkSessions, PayLinkStatus } from './sessions';

/**
 * The pay-link service: the pay page and its payload endpoint over HTTPS on the store network
 * (training: loopback). A payload is taken only as `application/json`, at most 16 KiB, once per
 * link; a cross-site page cannot post one (that content type needs a preflight this service never
 * answers). Bodies are handed to the lane and never logged or written. It speaks TLS 1.2 or 1.3
 * with forward secrecy only, caps the sockets one client holds and how long they may stay silent,
 * and makes a client that asks for wrong links wait (limits.ts, link-guesses.ts; ADR 047).
 */

/** The largest payload body: a wallet token is about 2 to 4 KiB. */
export const payloadLimitBytes = 16 * 1024;

export interface PayLinkServerOptions {
  readonly sessions: PayLinkSessions;
  readonly certificate: { readonly cert: string; readonly key: string };
  /** Where the service listens. */
  readonly listenHost: string;
  readonly port: number;
  /** The host the pay link names (what phones reach); the listen host when empty. */
  readonly publicHost?: string;
  readonly storeName: string;
  /** Training only: a payload from an emulated wallet for a link's amount (the page's training buttons). */
  readonly trainingPayload?: (amountMinor: number, wallet: 'ec-v1' | 'ec-v2') => string;
  /** Live: the wallet button's merchant ids (settings); ignored in training. */
  readonly liveWallets?: LiveWalletButtons;
  /** The lane's clock: how long a client that asked for wrong links waits. */
  readonly clock: Pick<Clock, 'now'>;
  /** Connection, timeout and wrong-link limits over the defaults (limits.ts). */
  readonly limits?: Partial<PayLinkLimits>;
  /** The built page's folder; out/pay-page/ of this checkout or app when not given (built-page.ts). */
  readonly pageDir?: string;
}

export interface PayLinkServer {
  /** `https://<host>:<port>`, the start of every pay link. */
  readonly origin: string;
  close(): Promise<void>;
}

/** The words a refused payment body is answered with, by what was wrong. */
function refusedBodyWords(problem: HttpProblem): string {
  if (problem.kind === 'unsupported-type') return 'A payment is posted as application/json.';
  if (problem.kind === 'too-large') return `A payment is at most ${payloadLimitBytes} bytes.`;
  if (problem.kind === 'not-an-object') return 'A payment is a JSON object.';
  if (problem.kind === 'slow-body') return 'The payment stopped arriving; try again.';
  return 'A payment is JSON; this was not.';
}

/** A payment: application/json, within the limit, a UTF-8 JSON object (an empty body is not one). */
async function readPayment(request: IncomingMessage): Promise<Record<string, unknown>> {
  requireMediaType(request, ['application/json']);
  const text = utf8Text(await readBody(request, { maxBytes: payloadLimitBytes }));
  if (text.trim() === '') throw new HttpProblem('bad-json', 'the payment body is empty');
  return jsonObject(text);
}

/** What a path under /pay/<id> asks for; the table finds it by method. */
type LinkAction = 'page' | 'status' | 'payment' | 'training-payload';
const linkId = ':id(^[A-Za-z0-9_-]{22}$)';
const linkRoutes = createRoutes<LinkAction>({ ignoreTrailingSlash: true })
  .add('GET', `/pay/${linkId}`, 'page')
  .add('POST', `/pay/${linkId}`, 'payment')
  .add('GET', `/pay/${linkId}/status`, 'status')
  .add('POST', `/pay/${linkId}/training-payload`, 'training-payload');

const usedLinkWords = 'This payment link was already used. Ask the cashier for a new one.';

/** The HTTP status a link's state answers a post (or a page) with. */
const statusCodes: Readonly<Record<PayLinkStatus['state'], number>> = {
  waiting: 200,
  processing: 202,
  approved: 409,
  declined: 409,
  refused: 409,
  canceled: 410,
  expired: 410,
};

/** Starts the service; it serves until `close`. Refuses to start where the page is not built. */
export async function startPayLinkServer(options: PayLinkServerOptions): Promise<PayLinkServer> {
  const { sessions } = options;
  const pageFiles = loadBuiltPayPage(options.pageDir ?? builtPayPageDir());
  const limits = payLinkLimits(options.limits);
  const guesses = createLinkGuesses(options.clock, limits);
  const training = options.trainingPayload !== undefined;
  const headers = payLinkHeaders(training ? 'training' : 'live');
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer) =>
    sendBody(response, status, { ...headers, 'Content-Type': type }, body);
  const json = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));

  /** A client that must wait: not even told whether the link exists. */
  const tooManyGuesses = (response: ServerResponse, page: boolean, waitMs: number) => {
    const seconds = Math.ceil(waitMs / 1000);
    response.setHeader('Retry-After', String(seconds));
    if (page) return send(response, 429, 'text/html; charset=utf-8', tooManyGuessesPage(seconds));
    return json(response, 429, { state: 'unknown', message: tooManyGuessesWords(seconds) });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const address = new URL(request.url ?? '/', 'https://pay.invalid');
    const path = address.pathname;
    const method = request.method ?? 'GET';
    const pageFile = method === 'GET' ? pageFiles.get(path) : undefined;
    // Training's page has no wallet button: its script is not served there.
    if (pageFile && !(training && path === payPageAssets.walletScript))
      return send(response, 200, pageFile.type, pageFile.body);
    const route = linkRoutes.match(method, path);
    const id = route.kind === 'not-found' ? undefined : route.params.id;
    const asksForLink = path.startsWith('/pay/');
    const client = clientAddress(request.socket);
    const wantsPage = method === 'GET' && (route.kind !== 'found' || route.handler === 'page');
    if (asksForLink) {
      const wait = guesses.waitFor(client, id);
      if (wait > 0) return tooManyGuesses(response, wantsPage, wait);
    }
    const link = id ? sessions.find(id) : undefined;
    if (id && link) guesses.found(client, id);
    else if (asksForLink) {
      const wait = guesses.missed(client);
      if (wait > 0) return tooManyGuesses(response, wantsPage, wait);
    }
    if (!id || !link) {
      if (method === 'GET' && asksForLink) return send(response, 404, 'text/html; charset=utf-8', unknownLinkPage());
      return json(response, 404, {
        state: 'unknown',
        message: 'This payment link is not known. Ask the cashier for a new one.',
      });
    }
    if (route.kind !== 'found')
      throw new HttpProblem('wrong-method', `${method} is not served here.`, {
        headers: { Allow: route.kind === 'wrong-method' ? route.allow.join(', ') : 'GET, POST' },
      });
    if (route.handler === 'page') {
      const status = link.status();
      const page = payPage({
        storeName: options.storeName,
        amountMinor: link.amountMinor,
        status,
        training,
        words: link.words,
        ...(!training && options.liveWallets
          ? { googlePay: googlePayConfig(options.liveWallets, link.amountMinor) }
          : {}),
      });
      return send(
        response,
        status.state === 'canceled' || status.state === 'expired' ? 410 : 200,
        'text/html; charset=utf-8',
        page,
      );
    }
    if (route.handler === 'status') return json(response, 200, link.status());
    if (route.handler === 'training-payload') {
      if (!options.trainingPayload) return json(response, 404, { message: 'Only training has an emulated wallet.' });
      const status = link.status();
      if (status.state !== 'waiting') return json(response, statusCodes[status.state], status);
      const wallet = address.searchParams.get('wallet') === 'ec-v2' ? 'ec-v2' : 'ec-v1';
      return send(response, 200, 'application/json; charset=utf-8', options.trainingPayload(link.amountMinor, wallet));
    }
    const before = link.status();
    if (before.state === 'canceled' || before.state === 'expired')
      return json(response, statusCodes[before.state], before);
    // One payload per link: whatever became of the first, a second is not taken.
    if (before.state !== 'waiting') return json(response, 409, { state: before.state, message: usedLinkWords });
    const status = link.post(await readPayment(request));
    return json(response, statusCodes[status.state], status);
  };

  /** An answer the error mapping sends: a status and a JSON body (the headers it set stay). */
  interface Refused {
    readonly status: number;
    readonly body: unknown;
  }
  const server: Server = createServer(
    {
      cert: options.certificate.cert,
      key: options.certificate.key,
      ...payLinkTls,
      handshakeTimeout: limits.handshakeTimeoutMs,
      ...timeoutOptions({ headersMs: 10_000, requestMs: 15_000, keepAliveMs: 5_000 }),
    },
    answerRequests<Refused>({
      handle,
      problem: (problem) =>
        problem.kind === 'wrong-method'
          ? { status: 405, body: { message: problem.message } }
          : { status: problem.status, body: { state: 'waiting', message: refusedBodyWords(problem) } },
      // The body is never echoed or logged: only that the page could not be answered.
      unexpected: () => ({ status: 500, body: { message: 'The pay page had a problem: ask the cashier.' } }),
      send: (response, refused) => json(response, refused.status, refused.body),
    }),
  );
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.idleTimeoutMs);
  capConnectionsPerClient(server, limits.maxConnectionsPerClient);
  const port = await listen(server, options.port, options.listenHost);
  const host = options.publicHost || options.listenHost;
  return {
    origin: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () => closeServer(server),
  };
}
