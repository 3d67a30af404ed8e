import type { CommandError, CommandErrorCode, CommandReply } from '../../src-main/lane/ipc/contract';
import { KindedError } from '../../src-main/platform/errors';

/** How a failed command reaches renderer code, whichever transport carried it. */
export class PosCallError extends KindedError<CommandErrorCode> {
  readonly code: CommandErrorCode;
  readonly field: string | undefined;
  readonly ref: string | undefined;

  constructor(error: CommandError) {
    super(error.code, error.message);
    this.name = 'PosCallError';
    this.code = error.code;
    this.field = error.field;
    this.ref = error.ref;
  }
}

/** Returns a reply's result, or throws its error as a `PosCallError`. */
export function unwrap<R>(reply: CommandReply<R>): R {
  if (reply.ok) return reply.result;
  throw new PosCallError(reply.error);
}
