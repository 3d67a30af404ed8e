/**
 * The one contract between the renderer and the main process, and the one place that lists
 * every command and event.
 *
 * Every command is a name, a zod schema for its arguments and a result type; every event is a
 * name and a payload type. Both transports (Electron IPC and the browser-mode WebSocket bridge)
 * are derived from this file, and the renderer imports it for types only, so nothing here may
 * hold a secret, a credential or card data beyond a masked PAN.
 *
 * The commands are declared by group in ./contract/ (ADR 023); this index assembles them:
 *   app.ts         app.*                      the terminal, its mode and shell
 *   session.ts     session.*                  who is signed in
 *   settings.ts    settings.*                 the Settings screen, the gateway's credentials
 *   devices.ts     devices.*                  readers, pads, printers; training's card deck
 *   printers.ts    printers.*                 test page, held jobs, training's last page
 *   signature.ts   signature.*                signature capture on a pad or the screen
 *   sale.ts        terminal.state, .sale, ... the customer's sale and the state machine
 *   keyed-entry.ts the keyed card's masked echo (terminal.keyEntry)
 *   follow-ups.ts  terminal.capture, .void, .refund, .reprint, stored cards, a later signature
 *   authorizations.ts terminal.openAuthorizations, .funding: holds captured later; the day's deposits
 *   history.ts     terminal.history, .lookup, .endOfDay
 *   recovery.ts    terminal.recoveryQueue, .findings, ...; journal.*: lost answers, the refusal
 *   training.ts    training.*                 training's built-in gateway
 *   kiosk.ts       kiosk.*                    the self-checkout: catalogue, basket, paying, receipt choice
 *   receipts.ts    receipts.*                 emailed receipts and their outbox
 *   day.ts         day.*                      the shift, no-sale, the X and Z reports
 *   offline.ts     offline.*                  card payments stored while the gateway is down
 *   hub.ts         hub.*                      the link to the store hub (the lane's outbox)
 *   customer-display.ts customerDisplay.*     the screen facing the customer at a counter
 * The tenders, the sale phases and the refund reasons are pure modules beside this one
 * (tenders.ts, sale-phases.ts, refund-reasons.ts), so the renderer may use their values.
 */
import type { z } from 'zod';
import { appCommands } from './contract/app';
import { deviceCommands, deviceEvents } from './contract/devices';
import { followUpCommands } from './contract/follow-ups';
import { authorizationCommands } from './contract/authorizations';
import { historyCommands } from './contract/history';
import { kioskCommands, kioskEvents } from './contract/kiosk';
import { printerCommands } from './contract/printers';
import { dayCommands } from './contract/day';
import { offlineCommands, offlineEvents } from './contract/offline';
import { hubCommands, hubEvents } from './contract/hub';
import { customerDisplayCommands, customerDisplayEvents } from './contract/customer-display';
import { receiptCommands } from './contract/receipts';
import { recoveryCommands, recoveryEvents } from './contract/recovery';
import type { CommandReply } from './contract/replies';
import { saleCommands, saleEvents } from './contract/sale';
import { sessionCommands, sessionEvents } from './contract/session';
import { settingsCommands } from './contract/settings';
import { signatureCommands, signatureEvents } from './contract/signature';
import type { CommandSpec, EventSpec } from './contract/spec';
import { trainingCommands, trainingEvents } from './contract/training';

export * from './contract/app';
export * from './contract/devices';
export * from './contract/card-on-file';
export * from './contract/follow-ups';
export * from './contract/authorizations';
export * from './contract/history';
export * from './contract/keyed-entry';
export * from './contract/kiosk';
export * from './contract/printers';
export * from './contract/receipts';
export * from './contract/day';
export * from './contract/offline';
export * from './contract/hub';
export * from './contract/customer-display';
export * from './contract/recovery';
export * from './contract/replies';
export * from './contract/sale';
export * from './contract/session';
export * from './contract/settings';
export * from './contract/signature';
export * from './contract/training';
export type { CommandSpec, EventSpec } from './contract/spec';
export { maxAmountMinor } from './contract/schemas';
export {
  cancelablePhases,
  isCancelablePhase,
  salePhases,
  terminalPhases,
  type SalePhase,
  type TerminalPhase,
} from './sale-phases';
export {
  refundReasons,
  refundReasonWords,
  voidReasons,
  voidReasonWords,
  type RefundReason,
  type VoidReason,
} from './refund-reasons';
export { cardEntries, cardTenders, saleTenders, type CardEntry, type CardTender, type SaleTender } from './tenders';
export type { CartLine } from './cart';

// ---------------------------------------------------------------------------------------------
// Commands (renderer → main): every group's, in one map
// ---------------------------------------------------------------------------------------------

export const commands = {
  ...appCommands,
  ...sessionCommands,
  ...settingsCommands,
  ...deviceCommands,
  ...printerCommands,
  ...signatureCommands,
  ...saleCommands,
  ...followUpCommands,
  ...authorizationCommands,
  ...historyCommands,
  ...recoveryCommands,
  ...trainingCommands,
  ...kioskCommands,
  ...receiptCommands,
  ...dayCommands,
  ...offlineCommands,
  ...hubCommands,
  ...customerDisplayCommands,
} as const;

export type CommandName = keyof typeof commands;
export const commandNames = Object.keys(commands) as CommandName[];

/** What a caller passes (before defaults are applied). */
export type CommandArgs<N extends CommandName> = z.input<(typeof commands)[N]['args']>;
/** What a handler receives (validated, defaults applied). */
export type ParsedCommandArgs<N extends CommandName> = z.output<(typeof commands)[N]['args']>;
export type CommandResult<N extends CommandName> =
  (typeof commands)[N] extends CommandSpec<z.ZodType, infer R> ? R : never;

// ---------------------------------------------------------------------------------------------
// Events (main → renderer): every group's, in one map
// ---------------------------------------------------------------------------------------------

export const events = {
  ...sessionEvents,
  ...deviceEvents,
  ...signatureEvents,
  ...saleEvents,
  ...recoveryEvents,
  ...kioskEvents,
  ...offlineEvents,
  ...hubEvents,
  ...trainingEvents,
  ...customerDisplayEvents,
} as const;

export type EventName = keyof typeof events;
export const eventNames = Object.keys(events) as EventName[];
export type EventPayload<N extends EventName> = (typeof events)[N] extends EventSpec<infer P> ? P : never;

// ---------------------------------------------------------------------------------------------
// The wire
// ---------------------------------------------------------------------------------------------

/** Messages on the browser-mode WebSocket bridge. */
export type BridgeClientMessage = {
  readonly type: 'command';
  readonly id: number;
  readonly name: string;
  readonly args?: unknown;
};

export type BridgeServerMessage =
  | ({ readonly type: 'reply'; readonly id: number } & CommandReply)
  | { readonly type: 'event'; readonly name: EventName; readonly payload: unknown };

/** The Electron IPC channel names, derived from the contract so both sides agree. */
export const ipcChannels = {
  command: (name: CommandName) => `pos:command:${name}`,
  event: 'pos:event',
} as const;

/**
 * The generic half of `window.pos`: call any command by name, listen to any event. A command
 * resolves with its reply envelope rather than throwing, because an Error crossing Electron's
 * contextBridge keeps only its message and would lose `code` and `field`. A transport failure
 * (the bridge is down) is a reply too, with code `unavailable`.
 */
export interface PosTransport {
  call<N extends CommandName>(name: N, args?: CommandArgs<N>): Promise<CommandReply<CommandResult<N>>>;
  onEvent<N extends EventName>(
    name: N,
    listener: (payload: EventPayload<N>) => void,
    options?: { signal?: AbortSignal },
  ): () => void;
}

type NamespaceOf<N extends string> = N extends `${infer NS}.${string}` ? NS : never;
type ActionOf<N extends string, NS extends string> = N extends `${NS}.${infer A}` ? A : never;

/**
 * The named half of `window.pos`, derived from the command names: `pos.devices.list({ kind })`
 * calls `devices.list`. A new command in `commands` appears here with no hand-written type.
 */
export type PosActions = {
  readonly [NS in NamespaceOf<CommandName>]: {
    readonly [A in ActionOf<CommandName, NS>]: `${NS}.${A}` extends infer N extends CommandName
      ? (args?: CommandArgs<N>) => Promise<CommandReply<CommandResult<N>>>
      : never;
  };
};

/** What the Electron preload exposes as `window.pos`; the WebSocket client implements it too. */
export type PosApi = PosTransport & PosActions;
