import { randomInt } from 'node:crypto';
import { noSession, session, type Call, type Endpoint } from './service';
import { sessionHeader } from './sessions';
import type { TerminalDevice } from './terminal-device';
import { errorCodes, generic400, missing400, ok, refuse, serverError } from './wire';

/**
 * The connectivity endpoints (developer-guides.md, "Using the Terminal API Connectivity
 * Endpoints", "Establishing a Session"; terminal-openapi.yaml): listTerminals, terminalDetails,
 * dateTime, getPanPadVersion, ping, preconnect, connect, disconnect.
 */

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

function validLocalDateTime(text: string): boolean {
  const match = localDateTime.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

function terminalsOf(call: Pick<Call, 'state' | 'merchant'>): TerminalDevice[] {
  return [...call.state.terminals.values()].filter((terminal) => terminal.merchantId === call.merchant.merchantId);
}

const tokenAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const connectivityEndpoints: readonly Endpoint[] = [
  {
    name: 'listTerminals',
    versions: { v1: noSession, v2: noSession },
    hsn: false,
    reach: 'none',
    async handle(call) {
      const terminals = terminalsOf(call);
      if (terminals.length === 0)
        return serverError(errorCodes.noTerminals, `No terminals found for merchant ${call.merchant.merchantId}`);
      return ok({ terminals: terminals.map((terminal) => terminal.hsn) });
    },
  },
  {
    name: 'terminalDetails',
    versions: { v3: noSession },
    hsn: false,
    reach: 'none',
    async handle(call) {
      return ok({
        terminalDetails: terminalsOf(call).map((terminal) => {
          const { x, y, signature, printer } = terminal.capabilities;
          return {
            hsn: terminal.hsn,
            name: terminal.name,
            merchantId: terminal.merchantId,
            connected: terminal.connected,
            deviceType: terminal.deviceType,
            environment: 'UAT',
            deviceCapabilities: {
              screenDimensionX: x,
              screenDimensionY: y,
              pinPad: true,
              msr: true,
              emv: true,
              nfc: true,
              signature,
              printer,
            },
          };
        }),
      });
    },
  },
  {
    name: 'dateTime',
    versions: { v1: noSession, v2: session },
    hsn: true,
    reach: 'command',
    async handle({ fields, terminal, state }) {
      const dateTime = fields.required('dateTime');
      if (dateTime.length > 20 || !validLocalDateTime(dateTime)) return generic400('Text could not be parsed');
      terminal.localTime = { set: dateTime, at: state.clock.now() };
      return ok();
    },
  },
  {
    name: 'getPanPadVersion',
    versions: { v2: session },
    hsn: true,
    reach: 'connected',
    async handle({ terminal }) {
      return ok({ version: terminal.panPadVersion });
    },
  },
  {
    name: 'ping',
    versions: { v1: noSession, v2: session },
    hsn: true,
    reach: 'none',
    async handle({ terminal }) {
      return ok({ connected: terminal.connected });
    },
  },
  {
    name: 'preconnect',
    versions: { v2: noSession },
    hsn: true,
    reach: 'connected',
    async handle({ terminal, merchant, state }) {
      if (terminal.model === 'clover')
        return serverError(errorCodes.generic, 'The preconnect endpoint is not supported for Clover terminals');
      if (!merchant.twoFactor) return generic400('Merchant is not configured for two-factor authentication');
      const token = Array.from({ length: 6 }, () => tokenAlphabet[randomInt(tokenAlphabet.length)]).join('');
      state.preconnectTokens.set(terminal.hsn, {
        token,
        expiresAt: state.clock.now() + state.timings.preconnectTokenMs,
      });
      terminal.display(`Connect code\n${token}`);
      state.clock.setTimer(() => {
        if (state.preconnectTokens.get(terminal.hsn)?.token !== token) return;
        state.preconnectTokens.delete(terminal.hsn);
        terminal.display('');
      }, state.timings.preconnectTokenMs);
      return ok({ token });
    },
  },
  {
    name: 'connect',
    versions: { v2: noSession },
    hsn: true,
    reach: 'connected',
    async handle({ terminal, merchant, state, fields }) {
      if (merchant.twoFactor) {
        const token = fields.text('token') ?? refuse(missing400('token'));
        const issued = state.preconnectTokens.get(terminal.hsn);
        if (!issued || issued.expiresAt <= state.clock.now() || issued.token !== token.toUpperCase())
          return generic400('Incorrect token');
        state.preconnectTokens.delete(terminal.hsn);
        terminal.display('');
      }
      if (state.sessions.of(terminal.hsn)) {
        if (!fields.flag('force', false)) return serverError(errorCodes.generic, 'Session exists for hsn');
        // "any existing sessions will be destroyed and all in-flight operations on the terminal will be cancelled"
        terminal.stopCommand('command-cancelled', 'Command Cancelled');
        state.sessions.end(terminal.hsn);
      }
      const opened = state.sessions.open(terminal.hsn, merchant.merchantId);
      return ok(undefined, { 'X-CardConnect-SessionKey': sessionHeader(opened) });
    },
  },
  {
    name: 'disconnect',
    versions: { v2: session },
    hsn: true,
    reach: 'none',
    // "does not cancel an in-flight transaction"
    async handle({ terminal, state }) {
      state.sessions.end(terminal.hsn);
      return ok();
    },
  },
];
