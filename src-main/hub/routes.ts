import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/log/logger';
import type { HubDatabase } from './database';
import { HubError } from './errors';
import type { MerchantGateway } from './manager/reconciliation';

/**
 * What a hub route is: who may call it, where, and how it answers. server.ts checks the key
 * (a lane's own key for `lane` routes, the admin key for `admin` routes) before a route runs;
 * a route never sees a caller it was not meant for.
 */

/** What every route is handed: the hub's database, clock and logger. */
export interface HubContext {
  readonly database: HubDatabase;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The gateway's settlement and funding per merchant, when the hub is given reporting credentials. */
  readonly gateway?: MerchantGateway;
}

export interface HubRequest {
  readonly request: IncomingMessage;
  /** The path's `:name` values (`laneId`). */
  readonly params: Readonly<Record<string, string>>;
  readonly url: URL;
  /** The body as a JSON object (bounded; `{}` when empty). */
  body(): Promise<Record<string, unknown>>;
}

/**
 * An answer: JSON (`json`), text with its type (`text`), text streamed in pieces (`stream`, an
 * export too large to hold), or nothing (204); `headers` beside the usual ones.
 */
export type HubAnswer = (
  | { readonly status: number; readonly json: unknown }
  | { readonly status: number; readonly text: string; readonly contentType: string }
  | { readonly status: number; readonly stream: AsyncIterable<string>; readonly contentType: string }
  | { readonly status: 204 }
) & { readonly headers?: Readonly<Record<string, string>> };

export interface HubRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** find-my-way syntax: `/api/admin/sales/:laneId/:entryId`. */
  readonly path: string;
  /** `lane`: the path's `:laneId` lane's own key; `admin`: the admin key. */
  readonly access: 'lane' | 'admin';
  handle(context: HubContext, request: HubRequest): Promise<HubAnswer>;
}

export const json = (status: number, body: unknown): HubAnswer => ({ status, json: body });

/** `value` read by `schema`, or a HubError `invalid` naming the first wrong field (`events[3].seq: ...`). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
  throw new HubError('invalid', `${where || what}: ${issue.message}`);
}

/** A query parameter, or undefined when absent or empty. */
export function queryValue(request: HubRequest, name: string): string | undefined {
  const value = request.url.searchParams.get(name);
  return value === null || value === '' ? undefined : value;
}
