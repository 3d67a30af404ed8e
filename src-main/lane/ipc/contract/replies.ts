/** The reply envelope every command answers with (ADR 001), and its error codes. */

export const commandErrorCodes = [
  /** The arguments failed the command's schema; `field` names the first bad one. */
  'invalid_argument',
  /** No command of that name exists in this contract. */
  'unknown_command',
  /** The caller may not do this (wrong sender, missing manager approval). */
  'forbidden',
  /** The request was understood but cannot be done now; the message says why. */
  'failed_precondition',
  /** A bug or an unexpected fault; details are in the terminal log under `ref`. */
  'internal',
  /** The renderer could not reach the main process (browser mode: the bridge is down). */
  'unavailable',
  /** Too many commands from one screen at once, or too often; the message says when to try again. */
  'resource_exhausted',
] as const;
export type CommandErrorCode = (typeof commandErrorCodes)[number];

export interface CommandError {
  readonly code: CommandErrorCode;
  readonly message: string;
  /** Dotted path of the argument that was wrong, for `invalid_argument`. */
  readonly field?: string;
  /** Correlates with the terminal log for `internal` errors. */
  readonly ref?: string;
}

export type CommandReply<R = unknown> =
  { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: CommandError };
