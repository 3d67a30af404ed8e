/**
 * The types every contract derives from its command and event maps: the lane's (../contract.ts)
 * and the back office's (../../backoffice/contract.ts) alike. Types only, so a renderer may
 * import them.
 */
import type { z } from 'zod';
import type { CommandReply } from './replies';
import type { CommandSpec, EventSpec } from './spec';

/** A contract's commands: name → declaration. */
export type CommandMap = { readonly [name: string]: CommandSpec<z.ZodType, unknown> };
/** A contract's events: name → declaration. */
export type EventMap = { readonly [name: string]: EventSpec<unknown> };

/** What a caller passes to command `N` (before defaults are applied). */
export type ArgsOf<C extends CommandMap, N extends keyof C> = z.input<C[N]['args']>;
/** What command `N`'s handler receives (validated, defaults applied). */
export type ParsedArgsOf<C extends CommandMap, N extends keyof C> = z.output<C[N]['args']>;
/** What command `N` answers with. */
export type ResultOf<C extends CommandMap, N extends keyof C> =
  C[N] extends CommandSpec<z.ZodType, infer R> ? R : never;
/** What event `N` carries. */
export type PayloadOf<E extends EventMap, N extends keyof E> = E[N] extends EventSpec<infer P> ? P : never;

/** Who sent a command: one Electron window or one bridge connection (see ../dispatcher.ts). */
export interface CommandCaller {
  /** Stable for the life of the window or connection: `window:3`, `bridge:12`, `local`. */
  readonly source: string;
  /**
   * What the screen is: staff's (a counter, a kiosk, the CLI) unless said, or the customer display,
   * which may read its view and send the customer's answers only (customer-role.ts, ADR 087).
   */
  readonly role?: 'customer-display';
}

/** One handler per command of `C`, receiving arguments that already passed the command's schema. */
export type HandlersOf<C extends CommandMap> = {
  readonly [N in keyof C & string]: (
    args: ParsedArgsOf<C, N>,
    caller: CommandCaller,
  ) => ResultOf<C, N> | Promise<ResultOf<C, N>>;
};

/** The generic half of a renderer's API: any command by name, any event by name. */
export interface TransportOf<C extends CommandMap, E extends EventMap> {
  call<N extends keyof C & string>(name: N, args?: ArgsOf<C, N>): Promise<CommandReply<ResultOf<C, N>>>;
  onEvent<N extends keyof E & string>(
    name: N,
    listener: (payload: PayloadOf<E, N>) => void,
    options?: { signal?: AbortSignal },
  ): () => void;
}

type NamespaceOf<N extends string> = N extends `${infer NS}.${string}` ? NS : never;
type ActionOf<N extends string, NS extends string> = N extends `${NS}.${infer A}` ? A : never;

/** The named half: `api.orders.list(args)` calls `orders.list`, derived from the command names. */
export type ActionsOf<C extends CommandMap> = {
  readonly [NS in NamespaceOf<keyof C & string>]: {
    readonly [A in ActionOf<keyof C & string, NS>]: `${NS}.${A}` extends infer N extends keyof C & string
      ? (args?: ArgsOf<C, N>) => Promise<CommandReply<ResultOf<C, N>>>
      : never;
  };
};

/** Messages the host sends on a browser-mode bridge, for any contract. */
export type BridgeServerMessageOf<E extends EventMap> =
  | ({ readonly type: 'reply'; readonly id: number } & CommandReply)
  | { readonly type: 'event'; readonly name: keyof E & string; readonly payload: unknown };

/**
 * The header an HTTP request to a host route (the back office's upload) carries the session
 * token in; the bridge takes the token in its query instead.
 */
export const sessionTokenHeader = 'x-lanepoint-token';
