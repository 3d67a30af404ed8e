import { errorKind, KindedError } from '../../platform/errors';
import type { TerminalAuthorization } from './answers';

/**
 * The integrated terminal client's errors: one family, `TerminalError`, whose `kind` callers
 * branch on. A refusal the terminal service answered carries its documented `errorCode` (api-overview.md,
 * "HTTP Response Codes") and message; a failure of the wire says whether the request left.
 */

export type TerminalErrorKind =
  /** Bad input: nothing was sent. */
  | 'invalid'
  /** The request provably never left (connection refused, DNS, TLS): nothing happened. */
  | 'not-sent'
  /** The request may have arrived and no usable answer came: what it did is unknown. */
  | 'outcome-unknown'
  /** HTTP 401 (API key or merchant id) or 403 (the HSN is not the merchant's). */
  | 'unauthorized'
  /** The terminal is in use (errorCode 7), or another POS holds its session. */
  | 'busy'
  /** The terminal is not connected to the terminal service (errorCode 6). */
  | 'not-connected'
  /** The session key was refused and the request could not be repeated on a new one. */
  | 'session'
  /** The in-flight command was canceled (errorCode 8). */
  | 'canceled'
  /** Any other documented refusal (errorCode 1, 3, 4, 100, 700, 800, ...). */
  | 'refused'
  /** The answer is not the documented shape. */
  | 'malformed';

export interface TerminalErrorDetails {
  readonly operation: string;
  readonly hsn?: string | undefined;
  readonly status?: number | undefined;
  /** The terminal service's errorCode, when it answered one. */
  readonly errorCode?: number | undefined;
  /** Its errorMessage (no card data: the service's own words). */
  readonly errorMessage?: string | undefined;
  /** True once the request may have reached the terminal service. */
  readonly requestSent: boolean;
  /**
   * The gateway's authorization answer that errorCode 1 and 8 carry when an authCard or
   * authManual had already been sent to the gateway: the authorization happened.
   */
  readonly authResponse?: TerminalAuthorization | undefined;
  readonly cause?: unknown;
}

/** The base of every failure the integrated terminal client reports. */
export class TerminalError extends KindedError<TerminalErrorKind> {
  override readonly name: string = 'TerminalError';
  readonly operation: string;
  readonly hsn: string | undefined;
  readonly status: number | undefined;
  readonly errorCode: number | undefined;
  readonly errorMessage: string | undefined;
  readonly requestSent: boolean;
  readonly authResponse: TerminalAuthorization | undefined;

  constructor(message: string, details: TerminalErrorDetails) {
    super('refused', message, details.cause === undefined ? undefined : { cause: details.cause });
    this.operation = details.operation;
    this.hsn = details.hsn;
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.errorMessage = details.errorMessage;
    this.requestSent = details.requestSent;
    this.authResponse = details.authResponse;
  }
}

/** Raised before sending when a request breaks a documented rule; `field` names it. */
export class TerminalRequestInvalid extends KindedError<'invalid'> {
  override readonly name: string = 'TerminalRequestInvalid';
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super('invalid', `${field}: ${rule}`);
  }
}

/** Raised when the request provably never left: sending it again is safe, even an authorization. */
export class TerminalNotSent extends errorKind(TerminalError, 'not-sent', 'TerminalNotSent') {}

/**
 * Raised when the request may have arrived and no usable answer came. For authCard and
 * authManual the message says so, with the order id the caller recovers it by through the
 * gateway (inquireByOrderid); the client never sends such a request again by itself.
 */
export class TerminalOutcomeUnknown extends errorKind(TerminalError, 'outcome-unknown', 'TerminalOutcomeUnknown') {}

/** Raised for HTTP 401 and 403: the API key, merchant id or HSN does not match. */
export class TerminalUnauthorized extends errorKind(TerminalError, 'unauthorized', 'TerminalUnauthorized') {}

/** Raised when the terminal is in use by another session; the cashier can try again in a few seconds. */
export class TerminalBusy extends errorKind(TerminalError, 'busy', 'TerminalBusy') {}

/** Raised when the terminal is not connected to the terminal service (errorCode 6). */
export class TerminalNotConnected extends errorKind(TerminalError, 'not-connected', 'TerminalNotConnected') {}

/** Raised when the session key was refused and the request is not one the client repeats. */
export class TerminalSessionRefused extends errorKind(TerminalError, 'session', 'TerminalSessionRefused') {}

/** Raised for any other documented refusal; `canceled` for errorCode 8. */
export class TerminalRefused extends errorKind(TerminalError, 'refused', 'TerminalRefused') {}
export class TerminalCanceled extends errorKind(TerminalError, 'canceled', 'TerminalCanceled') {}

/** Raised when an answer is not the documented shape (not JSON, a field of the wrong kind). */
export class TerminalMalformedAnswer extends errorKind(TerminalError, 'malformed', 'TerminalMalformedAnswer') {}
