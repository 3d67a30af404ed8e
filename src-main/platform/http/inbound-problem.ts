import { KindedError } from '../errors';
/**
 * What an inbound request can be refused for, as one typed error: a route (or the toolkit's body
 * reader) throws it, and the server's one error mapping (`answerRequests`) turns it into its
 * status. Anything else thrown becomes a 500 that says nothing of what went wrong.
 */
export type ProblemKind =
  | 'not-found'
  | 'wrong-method'
  | 'too-large'
  | 'slow-body'
  | 'unsupported-type'
  | 'bad-encoding'
  | 'bad-json'
  | 'not-an-object'
  | 'bad-request'
  | 'too-many';

const statusOfKind: Readonly<Record<ProblemKind, number>> = {
  'not-found': 404,
  'wrong-method': 405,
  'too-large': 413,
  'slow-body': 408,
  'unsupported-type': 415,
  'bad-encoding': 400,
  'bad-json': 400,
  'not-an-object': 400,
  'bad-request': 400,
  'too-many': 429,
};

export interface ProblemOptions {
  /** Headers the answer carries (`Allow` on a 405, `Retry-After` on a 429). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request refused with a status; `message` is safe to show the client (it names what was wrong). */
export class HttpProblem extends KindedError<ProblemKind> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(kind: ProblemKind, message: string, options: ProblemOptions = {}) {
    super(kind, message);
    this.name = 'HttpProblem';
    this.status = statusOfKind[kind];
    this.headers = options.headers ?? {};
  }
}
