import { errorKind, KindedError } from '../../platform/errors';
import { redactText } from '../../platform/log/redact';
import type { WireError } from '../../reference/boarding-wire';

/** A stable name for each kind of failure, for callers that branch on it. */
export type BoardingErrorCode = 'api' | 'authentication' | 'transport' | 'protocol' | 'rule' | 'validation';

export interface BoardingErrorDetails {
  readonly status?: number | undefined;
  /** The service's `errors` array, read on every status. */
  readonly errors?: readonly WireError[] | undefined;
  readonly cause?: unknown;
}

/**
 * The base of every failure the boarding client reports. Messages never hold the client secret,
 * a token or a request body: they name the operation, the status and the service's own words.
 */
export class BoardingError extends KindedError<BoardingErrorCode> {
  // Each kind names itself in a field, so a kind that adds nothing needs no constructor.
  override readonly name: string = 'BoardingError';
  readonly status: number | undefined;
  readonly errors: readonly WireError[];

  constructor(message: string, details: BoardingErrorDetails = {}) {
    super('api', redactText(message), details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.errors = details.errors ?? [];
  }

  /** The kind, by the name the boarding client's callers have always read it under. */
  get code(): BoardingErrorCode {
    return this.kind;
  }

  /** The first field the service blamed, e.g. `merchant.demographic.businessPhone`. */
  get field(): string | undefined {
    return this.errors.find((error) => error.errorField)?.errorField ?? undefined;
  }
}

/** Raised when the service answers with a non-empty `errors` array (whatever the HTTP status). */
export class BoardingApiError extends errorKind(BoardingError, 'api', 'BoardingApiError') {}

/** Raised when the credentials or the token are refused, after a fresh token was tried. */
export class BoardingAuthenticationError extends errorKind(
  BoardingError,
  'authentication',
  'BoardingAuthenticationError',
) {}

/** Raised when no usable answer arrived: the connection failed, dropped or timed out. */
export class BoardingTransportError extends errorKind(BoardingError, 'transport', 'BoardingTransportError') {
  readonly timedOut: boolean;
  /** False only when the request certainly never left (connection refused, DNS, TLS). */
  readonly requestSent: boolean;
  constructor(message: string, details: BoardingErrorDetails & { timedOut?: boolean; requestSent?: boolean } = {}) {
    super(message, details);
    this.timedOut = details.timedOut ?? false;
    this.requestSent = details.requestSent ?? true;
  }
}

/** Raised when the answer is not JSON or not the documented shape. */
export class BoardingProtocolError extends errorKind(BoardingError, 'protocol', 'BoardingProtocolError') {}

/**
 * Raised before sending when the service's state forbids the call (update while not INPROG,
 * retract while not PENDING, cancel an order that is not NEW, cancel a payment not Scheduled).
 */
export class BoardingRuleError extends errorKind(BoardingError, 'rule', 'BoardingRuleError') {
  /** The state found, e.g. OFS. */
  readonly found: string;
  constructor(message: string, found: string) {
    super(message);
    this.found = found;
  }
}

/** Raised before sending when a field breaks a documented rule; `field` is its dotted path. */
export class BoardingValidationError extends errorKind(BoardingError, 'validation', 'BoardingValidationError') {
  readonly rule: string;
  readonly fieldPath: string;
  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.fieldPath = field;
    this.rule = rule;
  }

  override get field(): string {
    return this.fieldPath;
  }
}

/** Reads the `errors` array of any answer; the service spells the field `errorField` or `errorfield`. */
export function readWireErrors(body: unknown): WireError[] {
  const list = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list.map((item: Record<string, unknown>) => ({
    code: String(item?.code ?? ''),
    message: String(item?.message ?? ''),
    errorField:
      typeof item?.errorField === 'string'
        ? item.errorField
        : typeof item?.errorfield === 'string'
          ? item.errorfield
          : null,
    status: String(item?.status ?? ''),
  }));
}

/** The errors in one line: "merchant.dbaName: Dba name is required (1101); ...". */
export function describeWireErrors(errors: readonly WireError[]): string {
  return errors
    .map(
      (error) =>
        `${error.errorField ? `${error.errorField}: ` : ''}${error.message}${error.code ? ` (${error.code})` : ''}`,
    )
    .join('; ');
}
