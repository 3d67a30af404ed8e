/**
 * The back office's client for the store hub's manager API (docs/hub-wire.md), over the
 * platform's one outbound sender. Every answer is read through its schema; every failure is a
 * `HubError` whose kind callers branch on and whose message a store manager can act on. The
 * admin key goes in the Authorization header and nowhere else (never an error, never a log).
 */
import { z, type ZodType } from 'zod';
import {
  createdLane,
  dayView,
  hubErrorBody,
  hubStoreView,
  laneView,
  paymentView,
  saleDetailView,
  settingsOverview,
  shiftView,
  type DayView,
  type HubStoreView,
  type LaneView,
  type PaymentView,
  type SaleDetailView,
  type SettingsOverview,
  type ShiftView,
} from './contract/hub-views';
import type { Clock } from '../platform/clock';
import { KindedError } from '../platform/errors';
import { createOutboundSender, type HttpMethod } from '../platform/http/outbound';
import { MalformedAnswerError, readAnswer } from '../platform/http/outbound-answer';

export type HubErrorKind =
  /** No answer: the hub is down, the address is wrong, or it did not answer in time. */
  | 'unreachable'
  /** 401: the admin key is wrong or missing. */
  | 'refused-key'
  /** 400, 403 or 413: the hub refused what was asked, saying why. */
  | 'refused'
  /** 404: no such store, lane or sale. */
  | 'not-found'
  /** 409: it exists already (a store id). */
  | 'conflict'
  /** An answer not as the contract says (a 5xx, not JSON, a wrong shape). */
  | 'protocol';

/** Anything the hub client could not do; `status` is the hub's HTTP status when it answered. */
export class HubError extends KindedError<HubErrorKind> {
  override readonly name = 'HubError';
  constructor(
    kind: HubErrorKind,
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(kind, message, options);
  }
}

export interface HubClientOptions {
  /** The hub's root, e.g. `http://127.0.0.1:8713`. */
  readonly url: string;
  readonly adminKey: string;
  readonly clock: Clock;
  readonly fetch?: typeof fetch;
  /** Per call (default 10 s). */
  readonly timeoutMs?: number;
}

export interface NewLane {
  readonly storeId: string;
  readonly name: string;
  readonly kind: 'counter' | 'kiosk';
  readonly merchantId: string;
}

export interface SalesQuery {
  readonly storeId: string;
  readonly laneId?: string | undefined;
  readonly day?: string | undefined;
  readonly q?: string | undefined;
  readonly limit?: number | undefined;
  readonly before?: string | undefined;
}

export interface HubClient {
  readonly url: string;
  createStore(store: { id: string; name: string; timeZone?: string | undefined }): Promise<HubStoreView>;
  /** The lane and its key: the only time the hub gives the key out. */
  createLane(lane: NewLane): Promise<{ lane: LaneView; key: string }>;
  lanes(storeId?: string): Promise<LaneView[]>;
  sales(query: SalesQuery): Promise<PaymentView[]>;
  sale(laneId: string, entryId: number): Promise<SaleDetailView>;
  day(storeId: string, day: string): Promise<DayView>;
  shifts(storeId: string, day: string): Promise<ShiftView[]>;
  pushSettings(storeId: string, document: unknown): Promise<{ version: number }>;
  settings(storeId: string): Promise<SettingsOverview>;
  /** The day's payments as the hub's CSV text. */
  exportCsv(storeId: string, day: string): Promise<string>;
}

/** Shifts as a flat list, whether the hub sends them one by one or grouped under each cashier. */
const cashierShifts = z.looseObject({ cashier: z.string(), shifts: z.array(shiftView) });
const shiftsAnswer = z
  .looseObject({ shifts: z.array(z.union([cashierShifts, shiftView])) })
  .transform(({ shifts }): ShiftView[] =>
    shifts.flatMap((item) => {
      const grouped = cashierShifts.safeParse(item);
      return grouped.success ? grouped.data.shifts : [item as ShiftView];
    }),
  );

type Query = Readonly<Record<string, string | number | undefined>>;

interface HubCall {
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
}

export function createHubClient(options: HubClientOptions): HubClient {
  const root = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const outbound = createOutboundSender({ clock: options.clock, ...(options.fetch ? { fetch: options.fetch } : {}) });

  async function call({ operation, method, path, query = {}, body }: HubCall) {
    const url = new URL(`${root}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    const result = await outbound.send({
      operation,
      method,
      url,
      headers: {
        Authorization: `Bearer ${options.adminKey}`,
        Accept: 'application/json, text/csv',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs,
    });
    if (result.outcome !== 'answered')
      throw new HubError('unreachable', `The hub at ${root} did not answer (${result.problem}).`, undefined, {
        cause: result.cause,
      });
    if (result.status >= 200 && result.status < 300) return result;
    throw refusal(result.status, result.text);
  }

  function refusal(status: number, text: string): HubError {
    let said: string | undefined;
    try {
      const body = hubErrorBody.safeParse(JSON.parse(text));
      if (body.success) said = body.data.message ?? body.data.error;
    } catch {
      // Not JSON (a proxy's page): the status alone says what happened.
    }
    const because = said ? `: ${said}` : '';
    if (status === 401)
      return new HubError(
        'refused-key',
        `The hub at ${root} refused the admin key: enter it again under Credentials, Store hub (print it with \u201clanepoint hub --admin-key\u201d on the hub\u2019s machine).`,
        status,
      );
    if (status === 404) return new HubError('not-found', `The hub at ${root} has no such record${because}.`, status);
    if (status === 409) return new HubError('conflict', `The hub at ${root} refused it${because}.`, status);
    if (status >= 400 && status < 500)
      return new HubError('refused', `The hub at ${root} refused it${because || ` (HTTP ${status})`}.`, status);
    return new HubError('protocol', `The hub at ${root} failed (HTTP ${status})${because}.`, status);
  }

  async function json<T>(request: HubCall, schema: ZodType<T>) {
    const answer = await call(request);
    const { operation } = request;
    try {
      return readAnswer(operation, answer, schema);
    } catch (error) {
      if (!(error instanceof MalformedAnswerError)) throw error;
      throw new HubError(
        'protocol',
        `The hub at ${root} answered ${operation} in a form this back office does not read: ${error.problem}.`,
        answer.status,
        { cause: error },
      );
    }
  }

  const get = <T>(operation: string, path: string, schema: ZodType<T>, query?: Query) =>
    json({ operation, method: 'GET', path, ...(query ? { query } : {}) }, schema);
  const post = <T>(operation: string, path: string, schema: ZodType<T>, body: unknown) =>
    json({ operation, method: 'POST', path, body }, schema);
  const list = <K extends string, T>(key: K, row: ZodType<T>) =>
    z.looseObject({ [key]: z.array(row) }) as unknown as ZodType<Record<K, T[]>>;
  const segment = encodeURIComponent;
  return {
    url: root,
    createStore: (store) => post('createStore', '/api/admin/stores', hubStoreView, store),
    createLane: (lane) => post('createLane', '/api/admin/lanes', createdLane, lane),
    lanes: async (storeId) =>
      (await get('lanes', '/api/admin/lanes', list('lanes', laneView), { store: storeId })).lanes,
    sales: async ({ storeId, laneId, day, q, limit, before }) =>
      (
        await get('sales', '/api/admin/sales', list('sales', paymentView), {
          store: storeId,
          lane: laneId,
          day,
          q,
          limit,
          before,
        })
      ).sales,
    sale: (laneId, entryId) =>
      get('sale', `/api/admin/sales/${segment(laneId)}/${segment(String(entryId))}`, saleDetailView),
    day: (storeId, day) => get('day', '/api/admin/day', dayView, { store: storeId, day }),
    shifts: (storeId, day) => get('shifts', '/api/admin/shifts', shiftsAnswer, { store: storeId, day }),
    pushSettings: (storeId, document) =>
      post('pushSettings', '/api/admin/settings', z.looseObject({ version: z.number().int() }), { storeId, document }),
    settings: (storeId) => get('settings', '/api/admin/settings', settingsOverview, { store: storeId }),
    exportCsv: async (storeId, day) =>
      (
        await call({
          operation: 'exportCsv',
          method: 'GET',
          path: '/api/admin/export.csv',
          query: { store: storeId, day },
        })
      ).text,
  };
}
