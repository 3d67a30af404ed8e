import type { ZodType } from 'zod';
import { isLoopbackHost } from '../config/schema';
import { systemClock, type Clock } from '../../platform/clock';
import { createOutboundSender, type Answered, type OutboundResult } from '../../platform/http/outbound';
import type { Logger } from '../../platform/log/logger';
import {
  authorizationSchema,
  cardTokenSchema,
  listTerminalsSchema,
  panPadVersionSchema,
  pingSchema,
  preconnectSchema,
  printReceiptSchema,
  readConfirmationSchema,
  readInputSchema,
  readSignatureSchema,
  terminalDetailsSchema,
  tipSchema,
  type TerminalAuthorization,
  type TerminalCardToken,
  type TerminalDetail,
  type TerminalReceiptData,
  type TerminalTip,
} from './answers';
import { refusalOf } from './refusals';
import { TerminalMalformedAnswer, TerminalNotSent, TerminalOutcomeUnknown, TerminalRequestInvalid } from './errors';
import { defaultTimeouts, operations, type Duration, type TerminalOperation } from './operations';
import {
  authCardToWire,
  authManualToWire,
  dateTimeField,
  displayTextField,
  hsnField,
  inputFormatField,
  printReceiptToWire,
  promptField,
  readCardToWire,
  readManualToWire,
  signatureFields,
  textField,
  tipToWire,
  type AuthCardRequest,
  type AuthManualRequest,
  type PrintReceiptRequest,
  type ReadCardRequest,
  type ReadManualRequest,
  type SignatureOptions,
  type TipRequest,
  type WireBody,
} from './requests';
import { createSessionKeeper } from './sessions';

/**
 * The lane's client of the CardPointe Integrated Terminal API (formerly Bolt): each operation of
 * terminal-openapi.yaml as a typed method over the platform's one outbound sender. It keeps one
 * session key per terminal (HSN), made by `connect` and renewed before it expires or when the
 * service refuses it; a request refused for its session is sent once more on the new key, except
 * authCard and authManual, which this client never sends twice. It logs the operation, the HSN,
 * the status and the time, never the API key, a body or a card token.
 */

export interface TerminalClientOptions {
  /** The site's root, e.g. https://<site>.cardpointe.com, or an emulator's loopback URL. */
  readonly baseUrl: string;
  /** Sent as the `Authorization` header, as issued (no scheme). */
  readonly apiKey: string;
  readonly merchantId: string;
  readonly clock?: Clock;
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  readonly timeouts?: Partial<Record<Duration, number>>;
  /** Renew a session key this long before it expires: past an authCard's 2 min 32 s. Default 3 minutes. */
  readonly renewBeforeMs?: number;
  /**
   * The terminal is shared with other POS systems (developer-guides.md, "Sharing a Terminal"):
   * never connect with force, which would end another system's transaction. Otherwise the
   * client connects with force, as "Establishing a Session" says to replace an invalid session.
   */
  readonly shared?: boolean;
}

export interface TerminalSession {
  readonly hsn: string;
  /** When this client stops using the key (epoch ms on its clock). */
  readonly expiresAt: number;
}

export interface TerminalClient {
  listTerminals(): Promise<string[]>;
  terminalDetails(): Promise<TerminalDetail[]>;
  /** Sets the terminal's local time, e.g. "2021-02-03T11:30:45". */
  dateTime(request: { hsn: string; dateTime: string }): Promise<void>;
  getPanPadVersion(request: { hsn: string }): Promise<string>;
  /** Whether the terminal answers on its session. */
  ping(request: { hsn: string }): Promise<boolean>;
  /** Shows a two-factor token on the terminal, for connect's `token`. */
  preconnect(request: { hsn: string }): Promise<string>;
  /** Makes a session now (the other methods make one when needed). */
  connect(request: { hsn: string; token?: string; force?: boolean }): Promise<TerminalSession>;
  /** Ends this client's session with the terminal; an in-flight command goes on (use cancel). */
  disconnect(request: { hsn: string }): Promise<void>;
  display(request: { hsn: string; text: string }): Promise<void>;
  clearDisplay(request: { hsn: string }): Promise<void>;
  readConfirmation(request: { hsn: string; prompt: string; beep?: boolean }): Promise<boolean>;
  readInput(request: { hsn: string; prompt: string; format: string; beep?: boolean }): Promise<string>;
  /** The signature as base64 (gzipped BMP unless asked otherwise). */
  readSignature(request: { hsn: string; prompt?: string } & SignatureOptions): Promise<string>;
  /** Cancels the terminal's in-flight command. */
  cancel(request: { hsn: string }): Promise<void>;
  readCard(request: ReadCardRequest): Promise<TerminalCardToken>;
  readManual(request: ReadManualRequest): Promise<TerminalCardToken>;
  /**
   * Reads the card and authorizes through the gateway. Resolves with the authorization (read
   * `respstat`); throws TerminalOutcomeUnknown when it may have been made and no answer says so
   * (recover by `orderId` through the gateway), TerminalNotSent when it provably never left.
   */
  authCard(request: AuthCardRequest): Promise<TerminalAuthorization>;
  /** As authCard, with the card keyed at the terminal. */
  authManual(request: AuthManualRequest): Promise<TerminalAuthorization>;
  tip(request: TipRequest): Promise<TerminalTip>;
  printReceipt(request: PrintReceiptRequest): Promise<TerminalReceiptData | undefined>;
}

/** Checks the base URL: https, or plain http to loopback; the site root, not the API's path. */
function siteRoot(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TerminalRequestInvalid('baseUrl', `is not a URL: "${baseUrl}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new TerminalRequestInvalid('baseUrl', 'must be https (plain http only to a loopback address)');
  if (url.username || url.password || url.search || url.hash)
    throw new TerminalRequestInvalid('baseUrl', 'must be a bare site root: no credentials, query or fragment');
  if (/\/api(\/v\d+)?\/?$/.test(url.pathname))
    throw new TerminalRequestInvalid('baseUrl', `must be the site root (e.g. ${url.origin}), without /api`);
  return new URL(url.href.endsWith('/') ? url.href : `${url.href}/`);
}

/** Creates the client; checks its settings first (TerminalRequestInvalid names a bad one). */
export function createTerminalClient(options: TerminalClientOptions): TerminalClient {
  const root = siteRoot(options.baseUrl);
  if (!options.apiKey || !/^[\x21-\x7e][\x20-\x7e]*$/.test(options.apiKey))
    throw new TerminalRequestInvalid('apiKey', 'is required, as printable US-ASCII');
  const merchantId = textField('merchantId', options.merchantId, 16);
  const clock = options.clock ?? systemClock;
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const outbound = createOutboundSender({ clock, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const { logger } = options;

  /** One attempt on the wire; the answer whatever its status, or a not-sent / outcome-unknown error. */
  async function exchange(operation: TerminalOperation, body: WireBody, sessionKey?: string): Promise<Answered> {
    const spec = operations[operation];
    const hsn = typeof body.hsn === 'string' ? body.hsn : undefined;
    const result: OutboundResult = await outbound.send({
      operation,
      method: 'POST',
      url: new URL(spec.path.slice(1), root),
      headers: {
        'Content-Type': 'application/json',
        Authorization: options.apiKey,
        ...(sessionKey === undefined ? {} : { 'X-CardConnect-SessionKey': sessionKey }),
      },
      body: JSON.stringify(body),
      timeoutMs: timeouts[spec.duration],
    });
    if (result.outcome === 'answered') {
      logger?.info({ operation, hsn, status: result.status, elapsedMs: result.elapsedMs }, 'terminal call');
      return result;
    }
    logger?.warn({ operation, hsn, outcome: result.outcome, elapsedMs: result.elapsedMs }, 'terminal call failed');
    const details = { operation, hsn, requestSent: result.requestSent, cause: result.cause };
    if (result.outcome === 'not-sent') {
      const safe = spec.movesMoney ? 'the authorization was not made; it is safe to send it again' : 'nothing happened';
      throw new TerminalNotSent(`${operation}: not sent (${result.problem}); ${safe}`, details);
    }
    const orderId = typeof body.orderId === 'string' ? body.orderId : undefined;
    const recover = spec.movesMoney
      ? `the authorization may have been made: recover it by order id ${orderId} through the gateway; it is not sent again`
      : 'the terminal may have acted on it';
    throw new TerminalOutcomeUnknown(`${operation}: sent, outcome unknown (${result.problem}); ${recover}`, {
      ...details,
      status: result.status,
    });
  }

  const sessions = createSessionKeeper({
    merchantId,
    clock,
    exchange,
    renewBeforeMs: options.renewBeforeMs ?? 3 * 60_000,
    shared: options.shared ?? false,
    ...(logger ? { logger } : {}),
  });

  /** The answer read through `schema`; a wrong shape is malformed (an unknown outcome for an authorization). */
  function read<T>(operation: TerminalOperation, answer: Answered, schema: ZodType<T>, orderId?: string): T {
    let json: unknown;
    let problem: string;
    try {
      json = JSON.parse(answer.text);
      const parsed = schema.safeParse(json);
      if (parsed.success) return parsed.data;
      problem = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`)
        .join('; ');
    } catch {
      problem = 'not JSON';
    }
    const details = { operation, status: answer.status, requestSent: true };
    if (operations[operation].movesMoney)
      throw new TerminalOutcomeUnknown(
        `${operation}: sent, outcome unknown (the answer is not as documented: ${problem}); recover it by order id ${orderId} through the gateway; it is not sent again`,
        details,
      );
    throw new TerminalMalformedAnswer(
      `${operation}: the answer (HTTP ${answer.status}) is not as documented: ${problem}`,
      details,
    );
  }

  /** A session request whose success answer is read through `schema`. */
  async function ask<T>(operation: TerminalOperation, hsn: string, fields: WireBody, schema: ZodType<T>): Promise<T> {
    const answer = await sessions.send(operation, { merchantId, hsn: hsnField(hsn), ...fields });
    const orderId = typeof fields.orderId === 'string' ? fields.orderId : undefined;
    if (answer.status !== 200) throw refusalOf(operation, hsn, answer, orderId);
    return read(operation, answer, schema, orderId);
  }

  /** A session request whose success is its 200 alone. */
  async function tell(operation: TerminalOperation, hsn: string, fields: WireBody = {}): Promise<void> {
    const answer = await sessions.send(operation, { merchantId, hsn: hsnField(hsn), ...fields });
    if (answer.status !== 200) throw refusalOf(operation, hsn, answer);
  }

  /** A request without a session. */
  async function plain<T>(operation: TerminalOperation, body: WireBody, schema: ZodType<T>): Promise<T> {
    const answer = await exchange(operation, body);
    if (answer.status !== 200) throw refusalOf(operation, typeof body.hsn === 'string' ? body.hsn : undefined, answer);
    return read(operation, answer, schema);
  }

  return {
    listTerminals: async () => (await plain('listTerminals', { merchantId }, listTerminalsSchema)).terminals,
    terminalDetails: async () => plain('terminalDetails', { merchantId }, terminalDetailsSchema),
    dateTime: async ({ hsn, dateTime }) => tell('dateTime', hsn, { dateTime: dateTimeField(dateTime) }),
    getPanPadVersion: async ({ hsn }) => (await ask('getPanPadVersion', hsn, {}, panPadVersionSchema)).version,
    ping: async ({ hsn }) => (await ask('ping', hsn, {}, pingSchema)).connected,
    preconnect: async ({ hsn }) =>
      (await plain('preconnect', { merchantId, hsn: hsnField(hsn) }, preconnectSchema)).token,
    async connect({ hsn, token, force }) {
      hsnField(hsn);
      if (token !== undefined && !/^[A-Za-z0-9]{6}$/.test(token))
        throw new TerminalRequestInvalid('token', 'must be the 6 characters preconnect showed on the terminal');
      const held = await sessions.connect(hsn, force ?? false, token);
      return { hsn, expiresAt: held.expiresAt };
    },
    disconnect: async ({ hsn }) => sessions.disconnect(hsnField(hsn)),
    display: async ({ hsn, text }) => tell('display', hsn, { text: displayTextField(text) }),
    clearDisplay: async ({ hsn }) => tell('clearDisplay', hsn),
    readConfirmation: async ({ hsn, prompt, beep }) =>
      (
        await ask(
          'readConfirmation',
          hsn,
          { prompt: promptField(prompt), ...(beep === undefined ? {} : { beep: String(beep) }) },
          readConfirmationSchema,
        )
      ).confirmed,
    readInput: async ({ hsn, prompt, format, beep }) =>
      (
        await ask(
          'readInput',
          hsn,
          {
            prompt: promptField(prompt),
            format: inputFormatField(format),
            ...(beep === undefined ? {} : { beep: String(beep) }),
          },
          readInputSchema,
        )
      ).input,
    readSignature: async ({ hsn, prompt, ...signature }) =>
      (
        await ask(
          'readSignature',
          hsn,
          {
            ...(prompt === undefined ? {} : { prompt: promptField(prompt, 16) }),
            ...signatureFields(signature),
          },
          readSignatureSchema,
        )
      ).signature,
    cancel: async ({ hsn }) => tell('cancel', hsn),
    readCard: async (request) => ask('readCard', request.hsn, readCardToWire(request), cardTokenSchema),
    readManual: async (request) => ask('readManual', request.hsn, readManualToWire(request), cardTokenSchema),
    authCard: async (request) => ask('authCard', request.hsn, authCardToWire(request), authorizationSchema),
    authManual: async (request) => ask('authManual', request.hsn, authManualToWire(request), authorizationSchema),
    tip: async (request) => ask('tip', request.hsn, tipToWire(request), tipSchema),
    printReceipt: async (request) =>
      (await ask('printReceipt', request.hsn, printReceiptToWire(request), printReceiptSchema)).receiptData,
  };
}
