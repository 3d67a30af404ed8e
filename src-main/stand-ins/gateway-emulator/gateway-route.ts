import type { IncomingMessage } from 'node:http';
import type { EmulatorAnswer, EmulatorContext } from './emulator-context';

type Body = Record<string, unknown>;

/** What a route gets: the path segments after its endpoint, the query, the body on demand, and the caller's reach. */
export interface RouteCall {
  readonly request: IncomingMessage;
  /** Segments after the endpoint name, e.g. [retref, merchid] for inquire. */
  readonly params: readonly string[];
  readonly query: URLSearchParams;
  /** The body as a JSON object; throws BadRequest when it is not one. */
  body(): Promise<Body>;
  /** Whether the credentials may act for this merchant. */
  allowed(merchid: string): boolean;
}

/**
 * One endpoint of the REST root. `params` lists how many path segments may follow the endpoint
 * name (inquireByOrderid takes 2 or 3). Served under `/rest/` and `/cardconnect/rest/` alike;
 * the rate limit and fault injection key on `endpoint`.
 */
export interface GatewayRoute {
  readonly endpoint: string;
  readonly methods: readonly string[];
  readonly params: readonly number[];
  answer(context: EmulatorContext, call: RouteCall): EmulatorAnswer | Promise<EmulatorAnswer>;
}
