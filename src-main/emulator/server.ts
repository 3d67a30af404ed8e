import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../core/clock';
import { authorize } from './authorize';
import { defaultEmulatorConfig, type EmulatorConfig } from './config';
import { BadRequest, merchantOf, nextCutoff, type EmulatorAnswer, type EmulatorContext } from './emulator-context';
import { createEmulatorIds, type EmulatorIds } from './ids';
import { createMemoryLedger, type Ledger } from './ledger';
import { createFaultStore, faultSchema, gatewayEndpoints } from './faults';
import { authenticate, type Credential } from './credentials';
import { bodyTooLarge, defaultRequestLimits, readBody, refuse, RequestRefused, send, type RequestLimits } from './http-io';
import { MalformedTarget, readRequestTarget, type RequestTarget } from './request-target';
import { createProfileStore } from './profiles';
import { createRateLimiter, rateLimitedEndpoints } from './rate-limit';
import { openEmulatorDatabase } from './sqlite-store';
import { generateEmulatorCertificate, type EmulatorCertificate } from './tls';
import { withTestEnvironmentNoise, type Random } from './realism';
import { settleIfDue, settleOpenBatches, settlementStatus } from './settlement';
import { serveGatewayService } from './services';
import { withTokenVault } from './token-vault';
import { capture, inquire, inquireByOrderid, inquireMerchant, refund, voidByOrderId, voidByRetref } from './transactions';

const restName = 'rest';
const adminName = '__emulator';
/** The REST root the emulator serves, like a gateway site's. */
export const restRoot = `/${restName}/`;
/** Controls that the real gateway does not have: settlement now, fault injection. */
export const adminRoot = `/${adminName}/`;
/** The credential test's fixed confirmation text. */
export const credentialConfirmation = 'Gateway emulator REST service: credentials accepted';

export interface EmulatorOptions {
  readonly port?: number;
  readonly config?: EmulatorConfig;
  readonly clock?: Clock;
  readonly ids?: EmulatorIds;
  readonly ledger?: Ledger;
  /** Shuffled, padded answers like the gateway's test environment (default on; --plain off). */
  readonly realism?: boolean;
  readonly random?: Random;
  /** The 20-a-minute limit on inquiries per client address (default on). */
  readonly rateLimit?: boolean;
  /** A SQLite file to keep transactions, batches and profiles across restarts (default: memory). */
  readonly databasePath?: string;
  /** Serve https with a certificate generated at start (for clients that insist on https). */
  readonly tls?: boolean;
  /** Timeouts and the largest body (defaults: `defaultRequestLimits`); tests pass small ones. */
  readonly limits?: Partial<RequestLimits>;
}

export interface RunningEmulator {
  /** The base URL clients use, ending in /rest. */
  readonly url: string;
  readonly port: number;
  readonly context: EmulatorContext;
  /** With tls: the generated certificate clients must trust. */
  readonly certificate: EmulatorCertificate | undefined;
  close(): Promise<void>;
}

/** After a restart, retrefs continue above the highest one the file holds. */
function nextRetrefBase(ledger: Ledger | undefined): number | undefined {
  const highest = Math.max(0, ...(ledger?.all().map((t) => Number(t.retref)) ?? []));
  return highest > 0 ? highest : undefined;
}

/**
 * The gateway emulator on node:http, listening on 127.0.0.1. Every request needs configured
 * Basic credentials (HTTP 401 otherwise); merchant-level credentials reach only their merchant.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = options.clock ?? systemClock;
  const database = options.databasePath ? openEmulatorDatabase(options.databasePath) : undefined;
  const restored = database?.restored;
  const tokenSecret = restored ? Buffer.from(restored.tokenSecret, 'hex') : randomBytes(32);
  // The tokenizer remembers what each token stands for (sigcap, bin, profile services).
  const { ids, vault } = withTokenVault(options.ids ?? createEmulatorIds(tokenSecret, nextRetrefBase(database?.ledger)));
  const context: EmulatorContext = {
    config: options.config ?? defaultEmulatorConfig,
    ledger: database?.ledger ?? options.ledger ?? createMemoryLedger(),
    ids,
    tokens: vault,
    fundingsReturned: new Set(restored?.fundingsReturned),
    clock,
    profiles: createProfileStore(restored?.profiles),
    openBatches: new Map(restored?.openBatches),
    settledBatches: restored?.settledBatches ?? [],
    nextSettlementAt: { value: restored?.nextSettlementAt ?? nextCutoff(clock.now()) },
  };

  const limits: RequestLimits = { ...defaultRequestLimits, ...options.limits };
  const route = async (request: IncomingMessage, target: RequestTarget, credential: Credential | undefined): Promise<EmulatorAnswer> => {
    settleIfDue(context);
    const [root = '', resource = '', ...rest] = target.segments;
    if (root === adminName) return admin(request, resource, credential);
    if (root !== restName) return { status: 404, body: 'Not found' };
    if (!credential) return { status: 401, body: 'Unauthorized' };
    const allowed = (merchid: string) =>
      credential.level === 'merchant'
        ? credential.merchid === merchid
        : merchantOf(context, merchid)?.site === context.config.site || !merchantOf(context, merchid);
    const method = request.method ?? 'GET';
    const write = method === 'PUT' || method === 'POST';

    if (resource === '') {
      if (method === 'GET') return credential.level === 'site' ? { status: 200, body: credentialConfirmation } : { status: 401, body: 'Unauthorized' };
      if (write) {
        const merchid = String((await readBody(request, limits)).merchid ?? '');
        return merchid && allowed(merchid) && merchantOf(context, merchid) ? { status: 200, body: credentialConfirmation } : { status: 401, body: 'Unauthorized' };
      }
    }
    if (method === 'GET' && resource === 'settlestat' && rest.length === 0) {
      const merchid = target.query.get('merchid') ?? '';
      return merchid && !allowed(merchid) ? { status: 401, body: 'Unauthorized' } : settlementStatus(context, target.query);
    }
    if (method === 'GET' && resource === 'inquireMerchant' && rest.length === 1) return inquireMerchant(context, rest[0] ?? '');
    if (method === 'GET' && resource === 'inquire' && rest.length === 2) {
      const [retref = '', merchid = ''] = rest;
      return allowed(merchid) ? inquire(context, retref, merchid) : { status: 401, body: 'Unauthorized' };
    }
    if (method === 'GET' && resource === 'inquireByOrderid' && (rest.length === 2 || rest.length === 3)) {
      const [orderid = '', merchid = '', set] = rest;
      return allowed(merchid) ? inquireByOrderid(context, orderid, merchid, set || undefined) : { status: 401, body: 'Unauthorized' };
    }
    if (write && ['auth', 'capture', 'void', 'refund', 'voidByOrderId'].includes(resource) && rest.filter(Boolean).length === 0) {
      const body = await readBody(request, limits);
      if (resource === 'auth') return authorize(context, body, allowed);
      if (typeof body.merchid === 'string' && !allowed(body.merchid)) return { status: 401, body: 'Unauthorized' };
      if (resource === 'capture') return capture(context, body);
      if (resource === 'void') return voidByRetref(context, body);
      if (resource === 'refund') return refund(context, body);
      return voidByOrderId(context, body);
    }
    // sigcap, funding, profile, bin, openbatch, closebatch (services.ts).
    const service = await serveGatewayService(context, { method, resource, rest, query: target.query, body: () => readBody(request, limits), allowed });
    if (service) return service;
    return { status: 404, body: 'Not found' };
  };

  const faults = createFaultStore();
  const limiter = options.rateLimit === false ? undefined : createRateLimiter(clock);

  /** Controls for trainers and tests; site-level credentials only. */
  const admin = async (request: IncomingMessage, control: string, credential: Credential | undefined): Promise<EmulatorAnswer> => {
    if (!credential || credential.level !== 'site') return { status: 401, body: 'Unauthorized' };
    if (control === 'faults') {
      if (request.method === 'GET') return { status: 200, body: faults.list() };
      if (request.method === 'DELETE') {
        faults.clear();
        return { status: 200, body: [] };
      }
      if (request.method === 'PUT' || request.method === 'POST') {
        const parsed = faultSchema.safeParse(await readBody(request, limits));
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new BadRequest(`${issue?.path.join('.') || 'fault'}: ${issue?.message ?? 'invalid'}`);
        }
        faults.add(parsed.data);
        return { status: 200, body: faults.list() };
      }
    }
    if (control === 'settle' && request.method === 'POST') {
      const body = await readBody(request, limits);
      const reject = Array.isArray(body.reject) ? body.reject.map(String) : [];
      const merchid = typeof body.merchid === 'string' ? body.merchid : undefined;
      const batches = settleOpenBatches(context, { ...(merchid ? { merchid } : {}), reject });
      return { status: 200, body: batches.map(({ batchid, merchid: m, hoststat, txns }) => ({ batchid, merchid: m, hoststat, txns: txns.length })) };
    }
    return { status: 404, body: 'Not found' };
  };

  const realism = options.realism ?? true;
  const random = options.random ?? Math.random;
  const answerWith = (request: IncomingMessage, target: RequestTarget, credential: Credential | undefined) =>
    route(request, target, credential)
      .catch((error: unknown): EmulatorAnswer | RequestRefused => {
        if (error instanceof RequestRefused) return error;
        if (error instanceof BadRequest) return { status: 400, body: error.message };
        return { status: 500, body: 'Internal error' };
      })
      .finally(() => database?.saveState(context, tokenSecret));

  const handle: RequestListener = async (request, response) => {
    // node:http 20 waits keepAliveTimeout plus a fixed second before closing an idle kept-alive
    // connection; this runs after its own 'finish' listener, so keepAliveMs is what holds.
    response.on('finish', () => request.socket.setTimeout(limits.keepAliveMs));
    let target: RequestTarget;
    try {
      target = readRequestTarget(request.url ?? '/');
    } catch (error) {
      if (!(error instanceof MalformedTarget)) throw error;
      return send(response, { status: 400, body: { error: error.problem } });
    }
    // By the declared length, before a byte of the body is read.
    if (Number(request.headers['content-length'] ?? 0) > limits.maxBodyBytes) return refuse(response, bodyTooLarge(limits));
    const [root = '', endpoint = ''] = target.segments;
    const isGateway = root === restName;
    // Only a request the gateway would serve (good credentials, a real endpoint) may use up an
    // injected fault or count toward the rate limit: a stranger can do neither to a lane.
    const credential = authenticate(context.config, request.headers.authorization);
    const served = isGateway && credential !== undefined;
    const fault = served && gatewayEndpoints.has(endpoint) ? faults.take(endpoint) : undefined;
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'drop-before') return void request.socket.destroy();
    if (fault?.kind === 'http-500') return send(response, { status: 500, body: 'Internal Server Error' });
    if (fault?.kind === 'http-408') return send(response, { status: 408, body: 'Request Timeout' });
    const wait = limiter && served && rateLimitedEndpoints.has(endpoint) ? limiter.admit(request.socket.remoteAddress ?? '', clock.now()) : 0;
    if (wait > 0) {
      request.resume();
      response.writeHead(429, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(wait) });
      return void response.end(`Too many requests: inquiries are limited to 20 a minute; retry in ${wait} s`);
    }
    const answer = await answerWith(request, target, credential);
    if (answer instanceof RequestRefused) return refuse(response, answer);
    if (fault?.kind === 'delay-after') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'drop-after') return void request.socket.destroy();
    const body = realism && isGateway && answer.status === 200 && typeof answer.body === 'object' ? withTestEnvironmentNoise(answer.body, random) : answer.body;
    if (fault?.kind === 'malformed-json') {
      const broken = JSON.stringify(body).slice(0, -7);
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(broken) }).end(broken);
      return;
    }
    send(response, { ...answer, body });
  };
  const certificate = options.tls ? await generateEmulatorCertificate(clock.now()) : undefined;
  const serverOptions = {
    headersTimeout: limits.headersMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    // node:http checks the first two only this often (30 s by default): check well within them.
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(Math.min(limits.headersMs, limits.requestMs) / 4))),
  };
  const server = certificate ? createTlsServer({ ...serverOptions, cert: certificate.cert, key: certificate.key }, handle) : createServer(serverOptions, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${certificate ? 'https' : 'http'}://127.0.0.1:${port}${restRoot.slice(0, -1)}`,
    port,
    context,
    certificate,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      database?.close();
    },
  };
}
