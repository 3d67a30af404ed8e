import type { ZodType } from 'zod';
import { KindedError } from '../errors';
import type { Answered } from './outbound';

/**
 * An answer that is not what the caller agreed with the server: not JSON, or not the shape its
 * schema describes. The message names what was wrong (the field and why), never the body.
 */
export class MalformedAnswerError extends KindedError<'malformed'> {
  constructor(
    readonly operation: string,
    readonly status: number,
    /** What was wrong, e.g. "token: expected string, received undefined". */
    readonly problem: string,
  ) {
    super('malformed', `${operation}: the answer (HTTP ${status}) is not as agreed: ${problem}`);
    this.name = 'MalformedAnswerError';
  }
}

/** The answer's JSON read through `schema`; throws MalformedAnswerError naming what was wrong. */
export function readAnswer<T>(operation: string, answer: Answered, schema: ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new MalformedAnswerError(operation, answer.status, 'not JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(the whole answer)'}: ${issue.message}`)
    .join('; ');
  throw new MalformedAnswerError(operation, answer.status, problem);
}
