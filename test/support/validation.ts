import { ValidationError } from '../../src-main/lane/gateway/errors';

/** The field a ValidationError names, or null when `run` accepts its input. Other errors propagate. */
export function rejectedField(run: () => unknown): string | null {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.field;
    throw error;
  }
  return null;
}
