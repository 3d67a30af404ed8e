import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  commands,
  type CommandError,
  type CommandName,
  type CommandReply,
  type CommandResult,
  type ParsedCommandArgs,
} from './contract';
import { commandErrorOf } from './errors';
import type { Logger } from '../log/logger';

/**
 * Who sent a command: one Electron window or one bridge connection. Replies to that screen
 * alone (released keystrokes) and limits on guessing (wrong PINs) are kept per source.
 */
export interface CommandCaller {
  /** Stable for the life of the window or connection: `window:3`, `bridge:12`, `local`. */
  readonly source: string;
}

/** The caller of the CLI, tests and anything else inside the main process. */
export const localCaller: CommandCaller = { source: 'local' };

/** One handler per command, receiving arguments that already passed the command's schema. */
export type CommandHandlers = {
  readonly [N in CommandName]: (
    args: ParsedCommandArgs<N>,
    caller: CommandCaller,
  ) => CommandResult<N> | Promise<CommandResult<N>>;
};

/** Takes a command name and untrusted arguments from a transport and answers with a reply. */
export type Dispatch = (name: unknown, args: unknown, caller?: CommandCaller) => Promise<CommandReply>;

function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}

/** Turns the first zod issue into an error that names the argument that was wrong. */
export function describeInvalidArguments(name: CommandName, error: z.ZodError): CommandError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  // An unrecognized key has an empty path; name the key itself instead.
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
  const field = path || keys || '(arguments)';
  const reason = issue?.message ?? 'invalid';
  return { code: 'invalid_argument', field, message: `${name}: ${field}: ${reason}` };
}

/**
 * Builds the single entry point both shells use: validate the name, validate the arguments with
 * the contract's schema, then call the handler. Nothing unvalidated reaches the core, and an
 * unexpected fault is logged with a reference instead of leaking its details to the renderer.
 */
export function createDispatcher(handlers: CommandHandlers, logger: Logger): Dispatch {
  return async (name, rawArgs, caller = localCaller) => {
    if (!isCommandName(name)) {
      const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 64)) : typeof name;
      return { ok: false, error: { code: 'unknown_command', message: `Unknown command ${shown}` } };
    }
    const parsed = commands[name].args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      return { ok: false, error: describeInvalidArguments(name, parsed.error) };
    }
    try {
      const handler = handlers[name] as (args: unknown, caller: CommandCaller) => unknown;
      return { ok: true, result: await handler(parsed.data, caller) };
    } catch (error) {
      const expected = commandErrorOf(error);
      if (expected) return { ok: false, error: expected };
      const ref = randomUUID().slice(0, 8);
      logger.error({ err: error, command: name, ref }, 'command failed');
      return {
        ok: false,
        error: { code: 'internal', ref, message: `${name} failed unexpectedly (log reference ${ref}).` },
      };
    }
  };
}
