/**
 * How a command and an event are declared: a summary, a zod schema for a command's arguments,
 * and the result or payload type, carried as a phantom for the derived client.
 */
import type { z } from 'zod';

/**
 * A command's declaration. `result` is a phantom: it carries the result type for the derived
 * client and is never set at runtime.
 */
export interface CommandSpec<Args extends z.ZodType, Result> {
  readonly summary: string;
  readonly args: Args;
  readonly result?: Result;
}

/** Declares a command returning `Result`: `command<Result>()(summary, argsSchema)`. */
export function command<Result>() {
  return <Args extends z.ZodType>(summary: string, args: Args): CommandSpec<Args, Result> => ({
    summary,
    args,
  });
}

/** An event's declaration. `payload` is a phantom, like a command's `result`. */
export interface EventSpec<Payload> {
  readonly summary: string;
  readonly payload?: Payload;
}

/** Declares an event carrying `Payload`. */
export function event<Payload>(summary: string): EventSpec<Payload> {
  return { summary };
}
