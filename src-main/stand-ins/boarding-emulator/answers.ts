import { KindedError } from '../../platform/errors';
/** What a route answers: a status and a JSON body (or an HTML page for the signing link). */
export interface BoardingAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly html?: boolean;
  /** Headers besides Content-Type and Content-Length (Retry-After on a lockout). */
  readonly headers?: Readonly<Record<string, string>>;
}

const statusWords: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** One error element as the service writes it (api-overview.md "Errors Definition"). */
export interface Problem {
  readonly code: string;
  readonly message: string;
  readonly errorField: string | null;
}

/** A failure: the `errors` array, on whatever status (FACTS: errors on every status). */
export function failed(status: number, ...problems: Problem[]): BoardingAnswer {
  return {
    status,
    body: { errors: problems.map((problem) => ({ ...problem, status: statusWords[status] ?? String(status) })) },
  };
}

/** A success: the body with an empty `errors` array. */
export function ok(body: Record<string, unknown> = {}): BoardingAnswer {
  return { status: 200, body: { ...body, errors: [] } };
}

/** Thrown by a route to answer at once with these problems. */
export class Refusal extends KindedError<'refused'> {
  constructor(readonly answer: BoardingAnswer) {
    super('refused', 'refused');
  }
}

/** Refuses with one problem. */
export function refuse(status: number, code: string, message: string, errorField: string | null = null): never {
  throw new Refusal(failed(status, { code, message, errorField }));
}

export const notFoundAnswer = (what: string): BoardingAnswer =>
  failed(404, { code: '1404', message: `${what} not found.`, errorField: null });
