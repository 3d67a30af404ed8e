/**
 * The Terminal API's operations as the reference lists them (api-overview.md, "Complete List of
 * Terminal API Service Endpoints"; terminal-openapi.yaml `paths`): the path under the site's
 * base URL, whether the request carries the session key, and how long it may take.
 */

export type TerminalOperation =
  | 'listTerminals'
  | 'terminalDetails'
  | 'dateTime'
  | 'getPanPadVersion'
  | 'ping'
  | 'preconnect'
  | 'connect'
  | 'disconnect'
  | 'display'
  | 'clearDisplay'
  | 'readConfirmation'
  | 'readInput'
  | 'readSignature'
  | 'cancel'
  | 'readCard'
  | 'readManual'
  | 'authCard'
  | 'authManual'
  | 'tip'
  | 'printReceipt';

/**
 * How long the service may take: `quick` answers without the customer; `customer` waits for
 * the customer at the terminal (the service gives up after 2 minutes, errorCode 1 "Terminal
 * request timed out"); `authorization` adds the gateway's 32 s (developer-guides.md, "Handling
 * Timeouts": 2 minutes + 32 seconds).
 */
export type Duration = 'quick' | 'customer' | 'authorization';

export interface OperationSpec {
  readonly path: string;
  /** Sends `X-CardConnect-SessionKey` (v2 and v3 of every operation but these four). */
  readonly session: boolean;
  readonly duration: Duration;
  /**
   * Moves money: never sent twice by the client once it may have left, not even after the
   * service refused the session key (the caller sends it again, knowingly).
   */
  readonly movesMoney: boolean;
}

const spec = (path: string, session: boolean, duration: Duration, movesMoney = false): OperationSpec => ({
  path,
  session,
  duration,
  movesMoney,
});

export const operations: Readonly<Record<TerminalOperation, OperationSpec>> = {
  listTerminals: spec('/api/v2/listTerminals', false, 'quick'),
  terminalDetails: spec('/api/v3/terminalDetails', false, 'quick'),
  dateTime: spec('/api/v2/dateTime', true, 'quick'),
  getPanPadVersion: spec('/api/v2/getPanPadVersion', true, 'quick'),
  ping: spec('/api/v2/ping', true, 'quick'),
  preconnect: spec('/api/v2/preconnect', false, 'quick'),
  connect: spec('/api/v2/connect', false, 'quick'),
  disconnect: spec('/api/v2/disconnect', true, 'quick'),
  display: spec('/api/v2/display', true, 'quick'),
  clearDisplay: spec('/api/v3/clearDisplay', true, 'quick'),
  readConfirmation: spec('/api/v3/readConfirmation', true, 'customer'),
  readInput: spec('/api/v2/readInput', true, 'customer'),
  readSignature: spec('/api/v2/readSignature', true, 'customer'),
  cancel: spec('/api/v2/cancel', true, 'quick'),
  readCard: spec('/api/v2/readCard', true, 'customer'),
  readManual: spec('/api/v2/readManual', true, 'customer'),
  authCard: spec('/api/v3/authCard', true, 'authorization', true),
  authManual: spec('/api/v3/authManual', true, 'authorization', true),
  tip: spec('/api/v3/tip', true, 'customer'),
  printReceipt: spec('/api/v3/printReceipt', true, 'customer'),
};

/** Default timeouts, each past the service's own limit so its answer (not ours) ends the wait. */
export const defaultTimeouts: Readonly<Record<Duration, number>> = {
  quick: 30_000,
  customer: 130_000,
  authorization: 165_000,
};
