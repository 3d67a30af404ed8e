import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { commands, type CommandError, type CommandReply } from './contract';
import type { CommandCaller, CommandMap, HandlersOf } from './contract/derive';
import { commandErrorOf } from './errors';
import { mayCall } from './customer-role';
import type { Logger } from '../../platform/log/logger';

/**
 * Who sent a command: one Electron window or one bridge connection. Replies to that screen
 * alone (released keystrokes) and costly-call limits are kept per source; wrong PINs are not,
 * since a reload is a new source (they lock the cashier id and the lane, ADR 043).
 */
export type { CommandCaller } from './contract/derive';

/** The caller of the CLI, tests and anything else inside the main process. */
export const localCaller: CommandCaller = { source: 'local' };

/** One handler per lane command, receiving arguments that already passed the command's schema. */
export type CommandHandlers = HandlersOf<typeof commands>;

/** Takes a command name and untrusted arguments from a transport and answers with a reply. */
export type Dispatch = (name: unknown, args: unknown, caller?: CommandCaller) => Promise<CommandReply>;

/** Turns the first zod issue into an error that names the argument that was wrong. */
export function describeInvalidArguments(name: string, error: z.ZodError): CommandError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  // An unrecognized key has an empty path; name the key itself instead.
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
  const field = path || keys || '(arguments)';
  const reason = issue?.message ?? 'invalid';
  return { code: 'invalid_argument', field, message: `${name}: ${field}: ${reason}` };
}

/** Maps an expected failure to its reply; undefined for a bug (logged with a reference). */
export type ErrorMapping = (error: unknown) => CommandError | undefined;

/**
 * Builds the single entry point an app's shells use, for any contract: validate the name,
 * validate the arguments with the contract's schema, then call the handler. Nothing unvalidated
 * reaches the core, and an unexpected fault is logged with a reference instead of leaking its
 * details to the renderer. `errorOf` maps the app's own expected failures to replies.
 */
export function createContractDispatcher<C extends CommandMap>(
  contract: C,
  handlers: HandlersOf<C>,
  logger: Logger,
  errorOf: ErrorMapping = commandErrorOf,
): Dispatch {
  const isCommandName = (name: unknown): name is keyof C & string =>
    typeof name === 'string' && Object.hasOwn(contract, name);
  return async (name, rawArgs, caller = localCaller) => {
    if (!isCommandName(name)) {
      const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 64)) : typeof name;
      return { ok: false, error: { code: 'unknown_command', message: `Unknown command ${shown}` } };
    }
    const parsed = contract[name]!.args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      return { ok: false, error: describeInvalidArguments(name, parsed.error) };
    }
    try {
      const handler = handlers[name] as (args: unknown, caller: CommandCaller) => unknown;
      return { ok: true, result: await handler(parsed.data, caller) };
    } catch (error) {
      const expected = errorOf(error);
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

/**
 * The lane's dispatcher: its contract (./contract.ts) and its error table (./errors.ts). A
 * customer display is refused every command but its own (customer-role.ts) before anything
 * else is looked at, so it cannot even learn which arguments another command takes.
 */
export function createDispatcher(handlers: CommandHandlers, logger: Logger): Dispatch {
  const dispatch = createContractDispatcher(commands, handlers, logger);
  return async (name, args, caller = localCaller) => {
    if (!mayCall(caller, typeof name === 'string' ? name : '')) {
      logger.warn(
        { command: typeof name === 'string' ? name.slice(0, 64) : typeof name, source: caller.source },
        'refused a command from the customer display',
      );
      return {
        ok: false,
        error: {
          code: 'forbidden',
          message: 'The customer display may only show the sale and send the customer\u2019s answers.',
        },
      };
    }
    return dispatch(name, args, caller);
  };
}
