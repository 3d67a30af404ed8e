import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../platform/clock';
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

/** Why a body was not taken: an HTTP status and the words. */
class RefusedBody extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return Promise.reject(new RefusedBody(415, 'A payment is posted as application/json.'));
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > payloadLimitBytes)
    return Promise.reject(new RefusedBody(413, `A payment is at most ${payloadLimitBytes} bytes.`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > payloadLimitBytes) {
        reject(new RefusedBody(413, `A payment is at most ${payloadLimitBytes} bytes.`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', reject);
    request.on('end', () => {
      try {
        const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (body === null || typeof body !== 'object' || Array.isArray(body))
          throw new RefusedBody(400, 'A payment is a JSON object.');
        resolve(body as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof RefusedBody ? error : new RefusedBody(400, 'A payment is JSON; this was not.'));
      }
    });
  });
}

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
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer) => {
    response.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  };
  const json = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));

  /** A client that must wait: not even told whether the link exists. */
  const tooManyGuesses = (response: ServerResponse, page: boolean, waitMs: number) => {
    const seconds = Math.ceil(waitMs / 1000);
    response.setHeader('Retry-After', String(seconds));
    if (page) return send(response, 429, 'text/html; charset=utf-8', tooManyGuessesPage(seconds));
    return json(response, 429, { state: 'unknown', message: tooManyGuessesWords(seconds) });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const address = new URL(request.url ?? '/', 'https://pay.invalid');
    const path = address.pathname;
    const method = request.method ?? 'GET';
    const pageFile = method === 'GET' ? pageFiles.get(path) : undefined;
    // Training's page has no wallet button: its script is not served there.
    if (pageFile && !(training && path === payPageAssets.walletScript))
      return send(response, 200, pageFile.type, pageFile.body);
    const match = /^\/pay\/([A-Za-z0-9_-]{22})(\/status|\/training-payload)?\/?$/.exec(path);
    const asksForLink = path.startsWith('/pay/');
    const client = clientAddress(request.socket);
    const wantsPage = method === 'GET' && match?.[2] === undefined;
    if (asksForLink) {
      const wait = guesses.waitFor(client, match?.[1]);
      if (wait > 0) return tooManyGuesses(response, wantsPage, wait);
    }
    const link = match ? sessions.find(match[1]!) : undefined;
    if (match && link) guesses.found(client, match[1]!);
    else if (asksForLink) {
      const wait = guesses.missed(client);
      if (wait > 0) return tooManyGuesses(response, wantsPage, wait);
    }
    if (!match || !link) {
      if (method === 'GET' && path.startsWith('/pay/'))
        return send(response, 404, 'text/html; charset=utf-8', unknownLinkPage());
      return json(response, 404, {
        state: 'unknown',
        message: 'This payment link is not known. Ask the cashier for a new one.',
      });
    }
    const action = match[2];
    if (method === 'GET' && action === undefined) {
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
    if (method === 'GET' && action === '/status') return json(response, 200, link.status());
    if (method === 'POST' && action === '/training-payload') {
      if (!options.trainingPayload) return json(response, 404, { message: 'Only training has an emulated wallet.' });
      const status = link.status();
      if (status.state !== 'waiting') return json(response, statusCodes[status.state], status);
      const wallet = address.searchParams.get('wallet') === 'ec-v2' ? 'ec-v2' : 'ec-v1';
      return send(response, 200, 'application/json; charset=utf-8', options.trainingPayload(link.amountMinor, wallet));
    }
    if (method === 'POST' && action === undefined) {
      const before = link.status();
      if (before.state === 'canceled' || before.state === 'expired')
        return json(response, statusCodes[before.state], before);
      // One payload per link: whatever became of the first, a second is not taken.
      if (before.state !== 'waiting') return json(response, 409, { state: before.state, message: usedLinkWords });
      let body: Record<string, unknown>;
      try {
        body = await readJsonBody(request);
      } catch (error) {
        if (error instanceof RefusedBody)
          return json(response, error.status, { state: 'waiting', message: error.message });
        throw error;
      }
      const status = link.post(body);
      return json(response, statusCodes[status.state], status);
    }
    response.setHeader('Allow', action === '/status' ? 'GET' : action ? 'POST' : 'GET, POST');
    return json(response, 405, { message: `${method} is not served here.` });
  };

  const server: Server = createServer(
    {
      cert: options.certificate.cert,
      key: options.certificate.key,
      ...payLinkTls,
      handshakeTimeout: limits.handshakeTimeoutMs,
      headersTimeout: 10_000,
      requestTimeout: 15_000,
    },
    (request, response) => {
      handle(request, response).catch(() => {
        // The body is never echoed or logged: only that the page could not be answered.
        if (!response.headersSent) json(response, 500, { message: 'The pay page had a problem: ask the cashier.' });
        else response.destroy();
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.idleTimeoutMs);
  capConnectionsPerClient(server, limits.maxConnectionsPerClient);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.listenHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.publicHost || options.listenHost;
  return {
    origin: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
