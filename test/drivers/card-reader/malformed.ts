import { expect } from 'vitest';
import { CardReaderError } from '../../../drivers/card-reader/errors';

/** What `run` threw, checked to be a CardReaderError of kind `malformed`; undefined when it returned. */
export function malformedError(run: () => unknown): CardReaderError | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CardReaderError);
    expect((error as CardReaderError).kind).toBe('malformed');
    return error as CardReaderError;
  }
  return undefined;
}

/** The message of the malformed error `run` throws, or "accepted" when it returned. */
export function malformedMessage(run: () => unknown): string {
  return malformedError(run)?.message ?? 'accepted';
}
