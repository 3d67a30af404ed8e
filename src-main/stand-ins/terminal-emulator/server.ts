import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { systemClock, type Clock } from '../../platform/clock';
import { KindedError } from '../../platform/errors';
import {
  answerRequests,
  closeServer,
  createRoutes,
  type HttpProblem,
  listen,
  mediaType,
  readJsonObject,
  sendBody,
  timeoutOptions,
} from '../../platform/http/inbound';
import {
  referenceTimings,
  terminalEmulatorConfigSchema,
  type TerminalEmulatorConfigInput,
  type TerminalTimings,
} from './config';
import { connectivityEndpoints } from './connectivity-endpoints';
import type { Endpoint, ServiceState, Version } from './service';
import { terminalEndpoints } from './terminal-endpoints';
import { createGatewayLink } from './gateway-link';
import { createSessionTable } from './sessions';
import { TerminalDevice } from './terminal-device';
import { TerminalReader } from './test-cards';
import {
  errorCodes,
  generic400,
  invalidHsn,
  missing400,
  RequestFields,
  serverError,
  TerminalRefusal,
  unauthorized,
  type TerminalAnswer,
} from './wire';

/**
 * The Integrated Terminal emulator: the terminal service's REST API on node:http, 127.0.0.1
 * (api-overview.md, "Service Endpoints" and "HTTP Response Codes"; developer-guides.md,
 * "Connecting your Client" and "Establishing a Session"), with one emulated terminal per
 * configured HSN that a trainee or a test drives through `terminal(hsn)`. It authorizes at the
 * gateway over HTTP, so its sales are in the gateway emulator's ledger and settlement. Written
 * from the reference alone: it shares nothing with the lane's terminal client.
 */
export interface TerminalEmulatorOptions {
  readonly config: TerminalEmulatorConfigInput;
  readonly clock?: Clock;
  readonly timings?: Partial<TerminalTimings>;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
}

export interface RunningTerminalEmulator {
  /** The base URL, e.g. http://127.0.0.1:8712; paths are /api/v2/connect and so on. */
  readonly url: string;
  readonly port: number;
  /** The emulated terminal with this HSN: its screen, the customer's actions, the faults. */
  terminal(hsn: string): TerminalDevice;
  /**
   * The reboot fault: the running command ends as "not connected" (code 6), the terminal's
   * session is lost, and the terminal is away from the service for `rebootMs` on the clock.
   */
  reboot(hsn: string): void;
  close(): Promise<void>;
}

const maxBodyBytes = 64 * 1024;
const sessionHeaderName = 'x-cardconnect-sessionkey';

function sameKey(given: string, key: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(response: ServerResponse, answer: TerminalAnswer): void {
  const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
  sendBody(response, answer.status, { 'Content-Type': 'application/json', ...answer.headers }, body);
}

/** Starts the emulator; the configuration is checked first (a wrong one throws naming the field). */
export async function startTerminalEmulator(options: TerminalEmulatorOptions): Promise<RunningTerminalEmulator> {
  const config = terminalEmulatorConfigSchema.parse(options.config);
  const clock = options.clock ?? systemClock;
  const timings: TerminalTimings = { ...referenceTimings, ...options.timings };
  const state: ServiceState = {
    config,
    clock,
    timings,
    sessions: createSessionTable(clock, timings.sessionMs),
    terminals: new Map(config.terminals.map((terminal) => [terminal.hsn, new TerminalDevice(terminal, clock)])),
    preconnectTokens: new Map(),
    gateway: createGatewayLink(config.gateway, clock, timings.gatewayMs),
    reader: new TerminalReader(config.readerBdk, 'FFFF9876543211E00000'),
    orders: new Map(),
  };

  const routes = createRoutes<{ endpoint: Endpoint; version: Version }>();
  for (const endpoint of [...connectivityEndpoints, ...terminalEndpoints])
    for (const version of Object.keys(endpoint.versions) as Version[])
      routes.add('POST', `/api/${version}/${endpoint.name}`, { endpoint, version });

  /** The request's API key, merchant id, HSN and session, checked in the reference's order of statuses. */
  const admit = (request: IncomingMessage, fields: RequestFields, endpoint: Endpoint, version: Version) => {
    const key = request.headers.authorization;
    if (!key) throw new TerminalRefusal(unauthorized('The Authorization header (the API key) is required'));
    const apiKey = config.apiKeys.find((candidate) => sameKey(key, candidate.key));
    if (!apiKey) throw new TerminalRefusal(unauthorized('The API key is not valid'));
    const merchantId = fields.text('merchantId');
    if (!merchantId) throw new TerminalRefusal(unauthorized('merchantId is required'));
    const merchant = config.merchants.find((candidate) => candidate.merchantId === merchantId);
    if (!merchant || !apiKey.merchantIds.includes(merchantId))
      throw new TerminalRefusal(unauthorized(`merchantId ${merchantId.slice(0, 16)} does not match the API key`));
    if (!endpoint.hsn) return { merchant, terminal: undefined };
    const hsn = fields.text('hsn') ?? '';
    if (!hsn) throw new TerminalRefusal(missing400('hsn'));
    const terminal = state.terminals.get(hsn);
    if (!terminal || terminal.merchantId !== merchantId)
      throw new TerminalRefusal(invalidHsn(hsn.slice(0, 18), merchantId));
    if (endpoint.versions[version]?.session) {
      const sessionKey = request.headers[sessionHeaderName];
      if (typeof sessionKey !== 'string' || sessionKey === '')
        throw new TerminalRefusal(serverError(errorCodes.generic, 'SessionKey header is required'));
      if (!state.sessions.holds(hsn, sessionKey.split(';')[0]!.trim()))
        throw new TerminalRefusal(
          endpoint.name === 'disconnect'
            ? generic400('Session key for hsn was not valid')
            : serverError(errorCodes.generic, `Session key for hsn ${hsn} was not valid`),
        );
    }
    if (endpoint.reach !== 'none' && !terminal.connected)
      throw new TerminalRefusal(
        serverError(errorCodes.notConnected, `Terminal ${hsn} is not connected to the terminal service`),
      );
    if (endpoint.reach === 'command' && terminal.inUse)
      throw new TerminalRefusal(serverError(errorCodes.inUse, `Terminal ${hsn} is already in use`));
    return { merchant, terminal };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<TerminalAnswer | void> => {
    const path = new URL(request.url ?? '/', 'http://terminal').pathname;
    const found = routes.match(request.method ?? 'GET', path);
    if (found.kind === 'not-found')
      return { status: 404, body: { errorMessage: `No endpoint at ${path.slice(0, 80)}` } };
    if (found.kind === 'wrong-method')
      return serverError(errorCodes.generic, `Request method '${(request.method ?? '').slice(0, 10)}' not supported`);
    const type = mediaType(request);
    if (type !== 'application/json')
      return serverError(errorCodes.generic, `Content type '${type.slice(0, 60)}' not supported`);
    const { endpoint, version } = found.handler;
    try {
      const fields = new RequestFields(await readJsonObject(request, { maxBytes: maxBodyBytes }));
      const { merchant, terminal } = admit(request, fields, endpoint, version);
      const answer = await endpoint.handle({ state, fields, merchant, terminal: terminal! });
      if (endpoint.losable && terminal?.takeLostAnswer()) {
        // The authorization happened; its answer never reaches the POS.
        response.destroy();
        return undefined;
      }
      return answer;
    } catch (error) {
      if (error instanceof TerminalRefusal) return error.answer;
      throw error;
    }
  };

  const server = createServer(
    timeoutOptions({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 }),
    answerRequests<TerminalAnswer>({
      handle,
      problem: (problem: HttpProblem) =>
        problem.status === 400 || problem.kind === 'too-large'
          ? generic400(`The request body could not be read: ${problem.message}`)
          : serverError(errorCodes.generic, problem.message),
      unexpected: () => serverError(errorCodes.generic, 'Server failed'),
      send,
      keepAliveMs: 5_000,
    }),
  );
  const terminal = (hsn: string): TerminalDevice => {
    const found = state.terminals.get(hsn);
    if (!found) throw new KindedError('not-found', `No terminal with HSN ${hsn} is configured`);
    return found;
  };
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    terminal,
    reboot(hsn) {
      terminal(hsn).reboot(timings.rebootMs);
      state.sessions.end(hsn);
    },
    close: () => closeServer(server),
  };
}
