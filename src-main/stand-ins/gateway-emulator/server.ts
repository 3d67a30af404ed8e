import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { afterLoopTurns } from '../../../drivers/clock';
import { systemClock, type Clock } from '../../platform/clock';
import { defaultEmulatorConfig, type EmulatorConfig } from './config';
import {
  BadRequest,
  httpBadRequest,
  merchantOf,
  nextCutoff,
  reachableBySite,
  type EmulatorAnswer,
  type EmulatorContext,
} from './emulator-context';
import { gatewayRoutes, type GatewayRoute } from './gateway-routes';
import { createEmulatorIds, type EmulatorIds } from './ids';
import { createMemoryLedger, type Ledger } from './ledger';
import { createFaultStore, faultSchema, gatewayEndpoints } from './faults';
import { createNetworkSwitch, networkControl, type NetworkSwitch } from './network-fault';
import { authenticate, type Credential } from './credentials';
import { acceptBoardedMerchant, chargeStoredProfile } from './boarded-merchants';
import type { GatewayLink } from '../boarding-emulator/gateway-link';
import {
  answerRequests,
  closeServer,
  createRoutes,
  HttpProblem,
  listen,
  refuseDeclaredTooLarge,
  timeoutOptions,
} from '../../platform/http/inbound';
import { defaultRequestLimits, readBody, refusal, send, type RequestLimits } from './http-io';
import {
  gatewayTail,
  MalformedTarget,
  readRequestTarget,
  referenceRestRoot,
  type RequestTarget,
} from './request-target';
import { createProfileStore } from './profiles';
import {
  createRateLimiter,
  rateLimitedEndpoints,
  remainingHeader,
  retryAfterHeader,
  type Admission,
} from './rate-limit';
import { openEmulatorDatabase } from './sqlite-store';
import { generateEmulatorCertificate, type EmulatorCertificate } from '../../platform/tls';
import { withTestEnvironmentNoise, type Random } from './realism';
import { settleControl, settleIfDue } from './settlement';
import { withTokenVault } from './token-vault';
import { createTokenizer, type TokenizerSetup } from '../tokenizer/tokenizer-endpoint';
import { createTrainingWalletKeys } from '../training-wallet/training-keys';

const adminName = '__emulator';
/** The emulator's own REST root; the documented one, `/cardconnect/rest/`, is served alike. */
export const restRoot = '/rest/';
/** The JSON body of an unknown path, as the reference declares its 404 (message, errorcode). */
const notFound: EmulatorAnswer = { status: 404, body: { message: 'Not found: no such endpoint', errorcode: 404 } };
/** Controls that the real gateway does not have: settlement now, fault injection. */
export const adminRoot = `/${adminName}/`;
/** What the live service answers a GET of its REST root without credentials. */
export const servletBanner = 'CardConnect REST Servlet';
/**
 * The credential test's answer: api-overview.md, "Testing Your API Credentials": "If the
 * credentials are valid, the response returns the message "CardConnect REST Servlet."" (the
 * closing period read as the sentence's, as the service's banner has none).
 */
export const credentialConfirmation = servletBanner;

export interface EmulatorOptions {
  readonly port?: number;
  readonly config?: EmulatorConfig;
  /**
   * The emulator's time: `now` stamps its records; `sleep`, when given, times the delay faults
   * (a test that only fixes the date passes `now` alone, and the faults wait on the system's).
   */
  readonly clock?: Pick<Clock, 'now'> & Partial<Pick<Clock, 'sleep' | 'setTimer'>>;
  readonly ids?: EmulatorIds;
  readonly ledger?: Ledger;
  /** Shuffled, padded answers like the gateway's test environment (default on; --plain off). */
  readonly realism?: boolean;
  readonly random?: Random;
  /** The 20-a-minute limit on inquiries per client address (default on). */
  readonly rateLimit?: boolean;
  /** A SQLite file to keep transactions, batches and profiles across restarts (default: memory). */
  readonly databasePath?: string;
  /** With databasePath: how many transactions stay in memory besides the file (default 128). */
  readonly residentTransactions?: number;
  /** Serve https with a certificate generated at start (for clients that insist on https). */
  readonly tls?: boolean;
  /** Timeouts and the largest body (defaults: `defaultRequestLimits`); tests pass small ones. */
  readonly limits?: Partial<RequestLimits>;
  /** The tokenizer's wallet keys (training's, from the app-data folder); made in memory when absent. */
  readonly wallet?: TokenizerSetup;
}

export interface RunningEmulator {
  /** The base URL clients use, ending in /rest. */
  readonly url: string;
  /** The same service under the documented REST root, ending in /cardconnect/rest. */
  readonly referenceUrl: string;
  readonly port: number;
  readonly context: EmulatorContext;
  /** With tls: the generated certificate clients must trust. */
  readonly certificate: EmulatorCertificate | undefined;
  /** The keys the tokenizer decrypts and verifies wallet payloads with. */
  readonly wallet: TokenizerSetup;
  /** Where the boarding emulator reaches this one in-process (docs/adr/030). */
  readonly boarding: GatewayLink;
  /** The network-down fault, for a trainer or a test in the same process. */
  readonly network: NetworkSwitch;
  close(): Promise<void>;
}

/** A path for the route table: the segments, each encoded as the table decodes them. */
const pathOf = (segments: readonly string[]) => `/${segments.map(encodeURIComponent).join('/')}`;
const paramNames = (count: number) => Array.from({ length: count }, (_, index) => `/:p${index}`).join('');

/** After a restart, retrefs continue above the highest one the file holds. */
function nextRetrefBase(ledger: Ledger | undefined): number | undefined {
  const highest = ledger?.highestRetref() ?? 0;
  return highest > 0 ? highest : undefined;
}

/**
 * The gateway emulator on node:http, listening on 127.0.0.1. Every request needs configured
 * Basic credentials (HTTP 401 otherwise); merchant-level credentials reach only their merchant.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = options.clock ?? systemClock;
  const sleep = options.clock?.sleep ?? systemClock.sleep;
  const database = options.databasePath
    ? openEmulatorDatabase(options.databasePath, { residentTransactions: options.residentTransactions })
    : undefined;
  const restored = database?.restored;
  const tokenSecret = restored ? Buffer.from(restored.tokenSecret, 'hex') : randomBytes(32);
  // The tokenizer remembers what each token stands for (auth by token, sigcap, bin, profile).
  const { ids, vault } = withTokenVault(
    options.ids ?? createEmulatorIds(tokenSecret, nextRetrefBase(database?.ledger)),
  );
  const context: EmulatorContext = {
    config: options.config ?? defaultEmulatorConfig,
    ledger: database?.ledger ?? options.ledger ?? createMemoryLedger(),
    ids,
    tokens: vault,
    fundingsReturned: new Set(restored?.fundingsReturned),
    clock,
    profiles: createProfileStore(restored?.profiles),
    openBatches: new Map(restored?.openBatches),
    batchSources: new Map(restored?.batchSources),
    settledBatches: restored?.settledBatches ?? [],
    nextSettlementAt: { value: restored?.nextSettlementAt ?? nextCutoff(clock.now()) },
    boardedMerchants: new Map(restored?.boardedMerchants?.map((merchant) => [merchant.merchid, merchant])),
  };

  const limits: RequestLimits = { ...defaultRequestLimits, ...options.limits };
  let wallet = options.wallet;
  const walletKeys = () =>
    (wallet ??= (({ merchant, root, ecV2 }) => ({ merchant, anchors: [root], ecV2: ecV2.recipient }))(
      createTrainingWalletKeys(clock.now()),
    ));
  const tokenizer = createTokenizer(context, walletKeys);
  // Every endpoint by name, method and how many path values follow it; both REST roots reach it.
  const endpoints = createRoutes<GatewayRoute>();
  for (const gatewayRoute of gatewayRoutes)
    for (const count of gatewayRoute.params)
      endpoints.add(gatewayRoute.methods, `${pathOf([gatewayRoute.endpoint])}${paramNames(count)}`, gatewayRoute);
  const route = async (
    request: IncomingMessage,
    target: RequestTarget,
    credential: Credential | undefined,
  ): Promise<EmulatorAnswer> => {
    settleIfDue(context);
    const [root = '', resource = ''] = target.segments;
    if (root === adminName) return admin(request, resource, credential);
    // The tokenizer's own path; it takes no gateway credentials (its authentication is "not shown").
    if (tokenizer.serves(target.segments))
      return tokenizer.answer(
        { method: request.method ?? 'GET', contentType: request.headers['content-type'] },
        target.segments,
        () => readBody(request, limits),
      );
    const tail = gatewayTail(target.segments);
    if (!tail) return notFound;
    const method = request.method ?? 'GET';
    // The live service names itself on a GET of its root to anyone who asks (the lane's health probe).
    if (tail.length === 0 && method === 'GET' && request.headers.authorization === undefined)
      return { status: 200, body: servletBanner };
    if (!credential) return { status: 401, body: 'Unauthorized' };
    const allowed = (merchid: string) =>
      credential.level === 'merchant' ? credential.merchid === merchid : reachableBySite(context, merchid);
    if (tail.length === 0) return credentialTest(request, method, credential, allowed);
    // A known endpoint asked with another method is the reference's 404 too, not a 405.
    const found = endpoints.match(method, pathOf(tail));
    if (found.kind !== 'found') return notFound;
    return found.handler.answer(context, {
      request,
      params: Object.values(found.params),
      query: target.query,
      body: () => readBody(request, limits),
      allowed,
    });
  };

  /** The REST root itself: GET with site credentials, or PUT/POST naming a merchant they reach. */
  const credentialTest = async (
    request: IncomingMessage,
    method: string,
    credential: Credential,
    allowed: (merchid: string) => boolean,
  ): Promise<EmulatorAnswer> => {
    if (method === 'GET')
      return credential.level === 'site'
        ? { status: 200, body: credentialConfirmation }
        : { status: 401, body: 'Unauthorized' };
    if (method !== 'PUT' && method !== 'POST') return notFound;
    const merchid = String((await readBody(request, limits)).merchid ?? '');
    return merchid && allowed(merchid) && merchantOf(context, merchid)
      ? { status: 200, body: credentialConfirmation }
      : { status: 401, body: 'Unauthorized' };
  };

  const faults = createFaultStore();
  const limiter = options.rateLimit === false ? undefined : createRateLimiter(clock);

  type Control = (request: IncomingMessage) => Promise<EmulatorAnswer>;
  const controls = createRoutes<Control>()
    .add('GET', '/faults', async () => ({ status: 200, body: faults.list() }))
    .add('DELETE', '/faults', async () => {
      faults.clear();
      return { status: 200, body: [] };
    })
    .add(['PUT', 'POST'], '/faults', async (request) => {
      const parsed = faultSchema.safeParse(await readBody(request, limits));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new BadRequest(`${issue?.path.join('.') || 'fault'}: ${issue?.message ?? 'invalid'}`);
      }
      faults.add(parsed.data);
      return { status: 200, body: faults.list() };
    })
    .add('GET', '/network', async () => ({ status: 200, body: network.state() }))
    .add(
      'PUT',
      '/network',
      networkControl(
        () => network,
        (request) => readBody(request, limits),
      ),
    )
    .add('POST', '/settle', async (request) => settleControl(context, await readBody(request, limits)));

  /** Controls for trainers and tests; site-level credentials only. */
  const admin = async (
    request: IncomingMessage,
    control: string,
    credential: Credential | undefined,
  ): Promise<EmulatorAnswer> => {
    if (!credential || credential.level !== 'site') return { status: 401, body: 'Unauthorized' };
    const found = controls.match(request.method ?? 'GET', pathOf([control]));
    return found.kind === 'found' ? found.handler(request) : notFound;
  };

  const realism = options.realism ?? true;
  const random = options.random ?? Math.random;
  const answerWith = (request: IncomingMessage, target: RequestTarget, credential: Credential | undefined) =>
    route(request, target, credential)
      .catch((error: unknown): EmulatorAnswer => {
        // Refused before the body was read (413, 408): the toolkit's error mapping answers it.
        if (error instanceof HttpProblem) throw error;
        if (error instanceof BadRequest) return httpBadRequest(error.message);
        return { status: 500, body: 'Internal error' };
      })
      .finally(() => database?.saveState(context, tokenSecret));

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let target: RequestTarget;
    try {
      target = readRequestTarget(request.url ?? '/');
    } catch (error) {
      if (!(error instanceof MalformedTarget)) throw error;
      return send(response, httpBadRequest(error.problem));
    }
    // By the declared length, before a byte of the body is read.
    refuseDeclaredTooLarge(request, { maxBytes: limits.maxBodyBytes });
    const tail = gatewayTail(target.segments);
    const isGateway = tail !== undefined;
    const endpoint = tail?.[0] ?? '';
    // Only a request the gateway would serve (good credentials, a real endpoint) may use up an
    // injected fault or count toward the rate limit: a stranger can do neither to a lane.
    const credential = authenticate(context.config, request.headers.authorization);
    const served = isGateway && credential !== undefined;
    const fault = served && gatewayEndpoints.has(endpoint) ? faults.take(endpoint) : undefined;
    if (fault?.kind === 'delay') await sleep(fault.ms);
    if (fault?.kind === 'drop-before') return void request.socket.destroy();
    if (fault?.kind === 'http-500') return send(response, { status: 500, body: 'Internal Server Error' });
    if (fault?.kind === 'http-408') return send(response, { status: 408, body: 'Request Timeout' });
    const admission: Admission | undefined =
      limiter && served && rateLimitedEndpoints.has(endpoint)
        ? limiter.admit(request.socket.remoteAddress ?? '', clock.now())
        : undefined;
    if (admission && admission.waitSeconds > 0) {
      request.resume();
      const wait = String(admission.waitSeconds);
      const words = `Too many requests: ${endpoint} is limited to 20 a minute; retry in ${wait} s`;
      return send(response, { status: 429, body: words }, { [retryAfterHeader]: wait, 'Retry-After': wait });
    }
    const answer = await answerWith(request, target, credential);
    if (fault?.kind === 'delay-after') await sleep(fault.ms);
    if (fault?.kind === 'drop-after') return void request.socket.destroy();
    const body =
      realism && isGateway && answer.status === 200 && typeof answer.body === 'object'
        ? withTestEnvironmentNoise(answer.body, random)
        : answer.body;
    if (fault?.kind === 'malformed-json') {
      const broken = JSON.stringify(body).slice(0, -7);
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(broken) })
        .end(broken);
      return;
    }
    const rateHeaders: Record<string, string> =
      admission && answer.status === 200 ? { [remainingHeader]: String(admission.remaining) } : {};
    send(response, { ...answer, body }, { ...answer.headers, ...rateHeaders });
  };
  const listener = answerRequests<EmulatorAnswer>({
    handle,
    keepAliveMs: limits.keepAliveMs,
    problem: refusal(limits),
    unexpected: () => ({ status: 500, body: 'Internal error' }),
    send: (response, answer) => send(response, answer),
  });
  const certificate = options.tls ? await generateEmulatorCertificate(clock.now()) : undefined;
  const serverOptions = timeoutOptions(limits);
  const server = certificate
    ? createTlsServer({ ...serverOptions, cert: certificate.cert, key: certificate.key }, listener)
    : createServer(serverOptions, listener);
  // The only socket timeout armed is the keep-alive one (above). With a listener here node:http
  // leaves the closing to us: an idle connection is closed once the loop has read what reached
  // it, since after a stalled loop the due idle timer runs before the poll that reads the lane's
  // next request, and closing then would cut a request that has already left (its outcome unknown).
  server.on('timeout', (socket: Socket) => {
    const readBefore = socket.bytesRead;
    afterLoopTurns(() => {
      // A request arrived after all: node:http clears the keep-alive timeout when it begins.
      if (socket.bytesRead === readBefore) socket.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  const timers = { now: clock.now, setTimer: options.clock?.setTimer ?? systemClock.setTimer };
  const network = createNetworkSwitch(server, { host: '127.0.0.1', port }, timers);
  return {
    url: `${certificate ? 'https' : 'http'}://127.0.0.1:${port}${restRoot.slice(0, -1)}`,
    referenceUrl: `${certificate ? 'https' : 'http'}://127.0.0.1:${port}${referenceRestRoot.slice(0, -1)}`,
    port,
    context,
    certificate,
    get wallet() {
      return walletKeys();
    },
    boarding: {
      acceptMerchant(merchant) {
        acceptBoardedMerchant(context, merchant);
        database?.saveState(context, tokenSecret);
      },
      knowsMerchant: (merchid) => merchantOf(context, merchid) !== undefined,
      chargeProfile(charge) {
        try {
          return chargeStoredProfile(context, charge);
        } finally {
          database?.saveState(context, tokenSecret);
        }
      },
    },
    network,
    async close() {
      network.dispose();
      await closeServer(server);
      database?.close();
    },
  };
}
