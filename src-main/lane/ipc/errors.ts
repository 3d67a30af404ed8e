import { LaneError, type LaneErrorKind } from '../errors';
import { JournalError } from '../journal/journal';
import type { CommandError, CommandErrorCode } from './contract';

/**
 * The one table from the core's error kinds to the contract's reply codes (ADR 001: replies, not
 * exceptions; ADR 027: mapped in one place). `journal` is a journal that cannot be opened or
 * written: the lane says so rather than acting as if it were empty.
 */
export const replyCodes: Readonly<
  Record<LaneErrorKind | 'journal', Exclude<CommandErrorCode, 'internal' | 'unknown_command' | 'unavailable'>>
> = {
  invalid: 'invalid_argument',
  forbidden: 'forbidden',
  refused: 'failed_precondition',
  throttled: 'resource_exhausted',
  journal: 'failed_precondition',
};

/** The reply for an expected failure of the core; undefined for anything else (a bug: the dispatcher logs it). */
export function commandErrorOf(error: unknown): CommandError | undefined {
  if (error instanceof LaneError) {
    const reply = { code: replyCodes[error.kind], message: error.message };
    return error.field === undefined ? reply : { ...reply, field: error.field };
  }
  if (error instanceof JournalError)
    return { code: replyCodes.journal, message: `The journal cannot be used: ${error.message}` };
  return undefined;
}
