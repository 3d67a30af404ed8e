import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  answerRequests,
  closeServer,
  createRoutes,
  type HttpProblem,
  listen,
  readForm,
  readJsonObject,
  sendBody,
  timeoutOptions,
} from '../../platform/http/inbound';
import { systemClock, type Clock } from '../../platform/clock';
import { MalformedTarget, readRequestTarget, type RequestTarget } from '../gateway-emulator/request-target';
import { failed, notFoundAnswer, ok, Refusal, refuse, type BoardingAnswer } from './answers';
import { readAttachment } from './attachment-reader';
import { createBoardingStore, type BoardingConfig, type BoardingStore, type StoreHooks } from './boarding-store';
import { answerBillingPlan, answerCatalog, answerLookup, answerOrder } from './commerce-routes';
import { defaultBoardingConfig, defaultBoardingCredentials, type BoardingEmulatorCredentials } from './emulator-config';
import { createLoginLockout, defaultLockoutPolicy, type LockoutPolicy } from './login-lockout';
import { answerMerchant } from './merchant-routes';
import { signingMessage, signingPage } from './signing-page';
import { trainingTimings, type BoardingTimings } from './timeline';
import { answerToken, bearerRefusal, type TokenLifetimes } from './token-endpoint';

/** The path the real service's auth server answers tokens on (realm `cardconnect`). */
export const tokenRoute = '/auth/realms/cardconnect/protocol/openid-connect/token';
const maxJsonBytes = 1024 * 1024;
/** The signing page's form: a name, an email and two boxes. */
const maxFormBytes = 16 * 1024;

export interface BoardingEmulatorOptions {
  readonly port?: number;
  /**
   * The emulator's clock; `POST /__emulator/clock` moves it further forward. `setTimer`, when
   * given, runs the ticker (a test that only fixes the date passes `now` alone and `tickMs: 0`).
   */
  readonly clock?: Pick<Clock, 'now'> & Partial<Pick<Clock, 'setTimer'>>;
  readonly config?: BoardingConfig;
  readonly timings?: BoardingTimings;
  readonly credentials?: BoardingEmulatorCredentials;
  readonly tokens?: Partial<TokenLifetimes>;
  /** onBoarded: a merchant got its gateway merchant id; charge: a scheduled payment fell due. */
  readonly hooks?: StoreHooks;
  /** When wrong passwords lock a username or client address out (default: 5 and 20 in a row, 1 min doubling). */
  readonly lockout?: Partial<LockoutPolicy>;
  /** How often the clock is looked at for due moves without a request (default 250 ms; 0 off). */
  readonly tickMs?: number;
}

export interface RunningBoardingEmulator {
  /** The API root and auth root alike (the emulator serves both). */
  readonly url: string;
  readonly port: number;
  readonly credentials: BoardingEmulatorCredentials;
  readonly store: BoardingStore;
  /** The emulator's now: the injected clock plus every advance. */
  now(): number;
  /** Moves the emulator's clock forward and applies every move that falls due; resolves once due charges are recorded. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

const readJson = (request: IncomingMessage) => readJsonObject(request, { maxBytes: maxJsonBytes });

/** A request the toolkit refused, in the service's own error shape. */
function problemAnswer(problem: HttpProblem): BoardingAnswer {
  if (problem.kind === 'too-large')
    return failed(413, { code: '1010', message: 'The request body is too large.', errorField: null });
  if (problem.status === 400)
    return failed(400, { code: '1011', message: 'The request body is not a JSON object.', errorField: null });
  return failed(problem.status, {
    code: '1013',
    message: `The request was refused: ${problem.message}.`,
    errorField: null,
  });
}

function sendAnswer(response: ServerResponse, answer: BoardingAnswer): void {
  const payload = answer.html ? String(answer.body) : JSON.stringify(answer.body);
  sendBody(
    response,
    answer.status,
    {
      'Content-Type': answer.html ? 'text/html; charset=utf-8' : 'application/json',
      ...(answer.html ? { 'Content-Security-Policy': "default-src 'none'; form-action 'self'" } : {}),
      ...answer.headers,
    },
    payload,
  );
}

/** Every method a route may take; a path's own handler says which it serves (404 otherwise, as the service does). */
const anyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** A path for the route tables: the segments, each encoded as the tables decode them. */
const pathOf = (segments: readonly string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/**
 * The boarding emulator on node:http, 127.0.0.1: the token endpoint, every endpoint of the
 * boarding API with its rules and error shapes, the owner's signing page, and the timeline
 * after signing on its own clock. It implements the reference itself: it shares the client's
 * wire types only.
 */
export async function startBoardingEmulator(options: BoardingEmulatorOptions = {}): Promise<RunningBoardingEmulator> {
  const clock = options.clock ?? systemClock;
  const setTimer = options.clock?.setTimer ?? systemClock.setTimer;
  let offset = 0;
  const now = () => clock.now() + offset;
  const credentials = options.credentials ?? defaultBoardingCredentials;
  const store = createBoardingStore(
    options.config ?? defaultBoardingConfig,
    options.timings ?? trainingTimings,
    options.hooks ?? {},
  );
  const signingKey = randomBytes(32);
  const lifetimes: TokenLifetimes = { accessSeconds: 300, refreshSeconds: 600, ...options.tokens };
  const lockout = createLoginLockout({ ...defaultLockoutPolicy, ...options.lockout });
  let baseUrl = '';

  type Control = (request: IncomingMessage, params: Readonly<Record<string, string>>) => Promise<BoardingAnswer>;
  const controls = createRoutes<Control>()
    .add('POST', '/clock', async (request) => {
      const advanceMs = Number((await readJson(request)).advanceMs);
      if (!Number.isInteger(advanceMs) || advanceMs < 0)
        refuse(400, '9001', 'advanceMs must be a whole number of milliseconds, 0 or more.', 'advanceMs');
      offset += advanceMs;
      store.advance(now());
      await store.charged();
      return ok({ now: now() });
    })
    .add('PUT', '/underwriting/:merchantId', async (request, { merchantId = '' }) => {
      const entry = store.merchants.get(merchantId);
      if (!entry) return notFoundAnswer(`Merchant ${merchantId}`);
      const outcome = (await readJson(request)).outcome;
      if (outcome !== 'approve' && outcome !== 'decline')
        refuse(400, '9002', 'outcome must be approve or decline.', 'outcome');
      entry.underwriting = outcome;
      return ok({ merchantId, underwriting: outcome });
    })
    .add('GET', '/merchants', async () =>
      ok({
        merchants: [...store.merchants.values()].map((entry) => ({
          merchantId: entry.merchantId,
          status: entry.status,
          frontEndMid: entry.frontEndMid ?? null,
          underwriting: entry.underwriting,
        })),
      }),
    );

  const admin = async (request: IncomingMessage, rest: readonly string[]): Promise<BoardingAnswer> => {
    const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic)
      return failed(401, { code: '1005', message: 'Access denied.', errorField: null });
    const found = controls.match(request.method ?? 'GET', pathOf(rest));
    return found.kind === 'found' ? found.handler(request, found.params) : notFoundAnswer('Control');
  };

  const signing = async (request: IncomingMessage, merchantId: string, key: string): Promise<BoardingAnswer> => {
    const entry = store.merchants.get(merchantId);
    if (!entry || entry.signature.code !== 'PENDING' || entry.signature.key !== key) {
      return signingMessage(
        404,
        'This link no longer works',
        'The application was retracted, signed already, or the link is wrong. Ask for a new link.',
      );
    }
    if (request.method === 'GET') return signingPage(entry, `/sign/${merchantId}/${key}`);
    if (request.method !== 'POST') return notFoundAnswer('Endpoint');
    const form = await readForm(request, { maxBytes: maxFormBytes });
    if (form.get('agree') !== '1' || !form.get('firstName') || !form.get('lastName') || !form.get('email')) {
      return signingMessage(400, 'Not signed', 'Give your name and email and agree to the terms, then sign.');
    }
    const signer = {
      email: form.get('email'),
      firstName: form.get('firstName'),
      lastName: form.get('lastName'),
      ipAddress: request.socket.remoteAddress ?? null,
      personalGuaranteeFlg: form.get('personalGuarantee') === '1',
    };
    store.sign(entry, signer, now());
    return signingMessage(
      200,
      'Application signed',
      `Thank you. The application of ${String(entry.merchant.dbaName ?? '')} goes to underwriting.`,
    );
  };

  /** A request to the boarding API: its method, the segments after the resource, the query. */
  interface ApiCall {
    readonly request: IncomingMessage;
    readonly method: string;
    readonly rest: readonly string[];
    readonly query: URLSearchParams;
    body(): Promise<Record<string, unknown>>;
  }
  type ApiRoute = (call: ApiCall) => BoardingAnswer | Promise<BoardingAnswer>;

  const attachment: ApiRoute = async ({ request, method, rest: [merchantId = ''] }) => {
    if (method !== 'PUT') return notFoundAnswer('Endpoint');
    const entry = store.merchants.get(merchantId);
    if (!entry) return notFoundAnswer(`Merchant ${merchantId}`);
    const received = await readAttachment(request);
    const { fileName, mimeType, description, attachmentTypeCd } = received.fields as Record<string, string | undefined>;
    for (const [field, value, max] of [
      ['fileName', fileName, 60],
      ['mimeType', mimeType, 30],
      ['description', description, 1000],
      ['attachmentTypeCd', attachmentTypeCd, 100],
    ] as const) {
      if (typeof value !== 'string' || value === '') refuse(400, '1705', `${field} is required.`, field);
      if (value.length > max) refuse(400, '1706', `${field} has invalid length.`, field);
    }
    if (/^(audio|video)\//i.test(mimeType!))
      refuse(400, '1707', 'Audio and video files are not supported.', 'mimeType');
    if (received.bytes === 0) refuse(400, '1704', 'document is required.', 'document');
    return ok({
      attachmentId: store.addAttachment(entry, {
        fileName: fileName!,
        mimeType: mimeType!,
        attachmentTypeCd: attachmentTypeCd!,
        bytes: received.bytes,
        sha256: received.sha256,
      }),
    });
  };
  const merchant: ApiRoute = ({ method, rest, body }) =>
    answerMerchant(store, { method, rest, body, baseUrl, now: now() });
  const order: ApiRoute = ({ method, rest, query, body }) =>
    answerOrder(store, { method, rest, query, body, now: now() });
  const billingPlan: ApiRoute = ({ method, rest, body }) => answerBillingPlan(store, method, rest, body);
  // The resources' own modules route within them (merchant-routes.ts, commerce-routes.ts).
  const apiRoutes = createRoutes<ApiRoute>()
    .add(anyMethod, '/merchant/:merchantId/attachment', attachment)
    .add(anyMethod, '/merchant', merchant)
    .add(anyMethod, '/merchant/*', merchant)
    .add('GET', '/equipmentCatalog/list', ({ query }) => answerCatalog(store, query))
    .add(anyMethod, '/order', order)
    .add(anyMethod, '/order/*', order)
    .add('GET', '/lookup/:name', ({ rest: [name = ''] }) => answerLookup(name))
    .add(anyMethod, '/billingplan', billingPlan)
    .add(anyMethod, '/billingplan/*', billingPlan);

  const api = async (
    request: IncomingMessage,
    segments: readonly string[],
    query: URLSearchParams,
  ): Promise<BoardingAnswer> => {
    const refusal = bearerRefusal(request.headers.authorization, signingKey, now());
    if (refusal) return refusal;
    const version = request.headers['x-copilotapi-version'];
    if (version !== undefined && version !== '1.0')
      refuse(400, '1002', `API version ${String(version)} is not supported; use 1.0.`, 'X-CopilotAPI-Version');
    const method = request.method ?? 'GET';
    // A known path asked with another method is the service's 404 too.
    const found = apiRoutes.match(method, pathOf(segments));
    if (found.kind !== 'found') return notFoundAnswer('Endpoint');
    return found.handler({ request, method, rest: segments.slice(1), query, body: () => readJson(request) });
  };

  const route = async (request: IncomingMessage): Promise<BoardingAnswer> => {
    // The target is read as the gateway emulator reads its own: a malformed %-encoding is the
    // client's mistake (400 naming it), never an internal error.
    let target: RequestTarget;
    try {
      target = readRequestTarget(request.url ?? '/');
    } catch (error) {
      if (!(error instanceof MalformedTarget)) throw error;
      return failed(400, {
        code: '1012',
        message: `The request path cannot be read: ${error.problem}.`,
        errorField: null,
      });
    }
    const { segments, query } = target;
    // Every answer shows the payments that fell due by now with the gateway's word on them.
    store.advance(now());
    await store.charged();
    if (target.path === tokenRoute)
      return request.method === 'POST'
        ? answerToken(request, { credentials, signingKey, lifetimes, lockout, now: now() })
        : notFoundAnswer('Endpoint');
    if (segments[0] === '__emulator') return admin(request, segments.slice(1));
    if (segments[0] === 'sign' && segments.length === 3) return signing(request, segments[1]!, segments[2]!);
    return api(request, segments, query);
  };

  const server = createServer(
    // A 100 MB attachment may take minutes on a slow line.
    timeoutOptions({ headersMs: 60_000, requestMs: 15 * 60_000, keepAliveMs: 5_000 }),
    answerRequests<BoardingAnswer>({
      handle: (request) =>
        route(request).catch((error: unknown) => {
          if (error instanceof Refusal) return error.answer;
          throw error;
        }),
      problem: problemAnswer,
      unexpected: () => failed(500, { code: '9999', message: 'Internal error.', errorField: null }),
      send: sendAnswer,
    }),
  );
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${port}`;
  const tickMs = options.tickMs ?? 250;
  // The timeline moves on the emulator's clock, without keeping the process alive for it.
  let stopTicking = (): void => undefined;
  const tick = () => {
    stopTicking = setTimer(
      () => {
        tick();
        store.advance(now());
      },
      tickMs,
      { unref: true },
    );
  };
  if (tickMs > 0) tick();
  return {
    url: baseUrl,
    port,
    credentials,
    store,
    now,
    advance(ms: number) {
      offset += ms;
      store.advance(now());
      return store.charged();
    },
    async close() {
      stopTicking();
      await closeServer(server);
    },
  };
}
