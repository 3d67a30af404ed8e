import type { CommandError, CommandErrorCode } from './contract';

/**
 * An expected failure a handler reports to the renderer as-is: the message is written for the
 * cashier or the store's IT person and must never contain card data or secrets.
 */
export class CommandFailure extends Error {
  readonly code: Exclude<CommandErrorCode, 'internal'>;
  readonly field: string | undefined;

  constructor(code: Exclude<CommandErrorCode, 'internal'>, message: string, field?: string) {
    super(message);
    this.name = 'CommandFailure';
    this.code = code;
    this.field = field;
  }

  toCommandError(): CommandError {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field };
  }
}
