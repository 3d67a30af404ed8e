import { expect } from 'vitest';

/**
 * The check of a decoder's fuzz property: `run` returns, or throws only `errorClass` (the
 * decoder's own typed error). Anything else it throws (a TypeError, a RangeError) fails the test.
 */
export function throwsOnly(errorClass: abstract new (...args: never[]) => Error, run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(errorClass);
  }
}
