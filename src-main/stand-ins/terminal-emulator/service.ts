import type { Clock } from '../../platform/clock';
import type { ConfiguredMerchant, TerminalEmulatorConfig, TerminalTimings } from './config';
import type { GatewayLink } from './gateway-link';
import type { FlowContext } from './payment-flows';
import type { SessionTable } from './sessions';
import { CommandStop, type Command, type TerminalDevice } from './terminal-device';
import type { TerminalReader } from './test-cards';
import { errorCodes, serverError, type RequestFields, type TerminalAnswer } from './wire';

/**
 * What every endpoint of the Terminal API declares and gets (api-overview.md, "Complete List of
 * Terminal API Service Endpoints": its versions and which need a session key). The server checks
 * the API key, merchant id, HSN, session and the terminal's state by what each entry declares;
 * the entry does the rest.
 */

/** What the terminal service holds. */
export interface ServiceState {
  readonly config: TerminalEmulatorConfig;
  readonly clock: Clock;
  readonly timings: TerminalTimings;
  readonly sessions: SessionTable;
  readonly terminals: ReadonlyMap<string, TerminalDevice>;
  /** preconnect's token per HSN, until it expires or a connect uses it. */
  readonly preconnectTokens: Map<string, { readonly token: string; readonly expiresAt: number }>;
  readonly gateway: GatewayLink;
  readonly reader: TerminalReader;
  readonly orders: Map<string, Record<string, unknown>>;
}

export interface Call {
  readonly state: ServiceState;
  readonly fields: RequestFields;
  readonly merchant: ConfiguredMerchant;
  /** The request's terminal, for endpoints that take an HSN. */
  readonly terminal: TerminalDevice;
}

export type Version = 'v1' | 'v2' | 'v3';

export interface Endpoint {
  readonly name: string;
  /** The versions it is served under, and whether each needs X-CardConnect-SessionKey. */
  readonly versions: Partial<Record<Version, { readonly session: boolean }>>;
  /** Takes an hsn (all but listTerminals and terminalDetails). */
  readonly hsn: boolean;
  /**
   * What it needs of the terminal: `command` runs on it (connected, and not in use: code 6, 7),
   * `connected` only reaches it (code 6), `none` does not reach it.
   */
  readonly reach: 'command' | 'connected' | 'none';
  /** The answer may be lost by the answer-lost fault (the authorizing endpoints). */
  readonly losable?: boolean;
  handle(call: Call): Promise<TerminalAnswer>;
}

export const session = { session: true } as const;
export const noSession = { session: false } as const;

/** A command stopped before it finished, in the 500 table's words. */
export function stoppedAnswer(stop: CommandStop, hsn: string): TerminalAnswer {
  switch (stop.kind) {
    case 'command-cancelled':
      return serverError(errorCodes.canceled, 'Command Cancelled');
    case 'operation-cancelled':
      return serverError(errorCodes.canceled, 'Operation Cancelled');
    case 'timed-out':
      return serverError(errorCodes.generic, 'Terminal request timed out');
    case 'disconnected':
      return serverError(errorCodes.notConnected, `Terminal ${hsn} is not connected to the terminal service`);
  }
}

/** Runs a flow on the call's terminal, a stop answered as the reference says. */
export async function onTerminal(
  call: Call,
  name: string,
  flow: (command: Command) => Promise<TerminalAnswer>,
): Promise<TerminalAnswer> {
  try {
    return await call.terminal.run(name, call.state.timings.requestMs, flow);
  } catch (error) {
    if (error instanceof CommandStop) return stoppedAnswer(error, call.terminal.hsn);
    throw error;
  }
}

export const flowContext = (call: Call): FlowContext => ({
  terminal: call.terminal,
  merchant: call.merchant,
  fields: call.fields,
  gateway: call.state.gateway,
  reader: call.state.reader,
  clock: call.state.clock,
  orders: call.state.orders,
});

/** "The terminal display is limited to 1000 characters"; %% shows a percent sign. */
export function displayText(fields: RequestFields, name: string): string {
  const text = fields.bounded(name, 1000, `${name} must be at most 1000 characters`) ?? '';
  return text.replaceAll('%%', '%');
}
