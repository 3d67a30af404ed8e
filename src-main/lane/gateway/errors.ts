import { errorKind, KindedError } from '../../platform/errors';
import { redactText } from '../../platform/log/redact';

export interface GatewayErrorDetails {
  readonly status?: number | undefined;
  readonly respstat?: string | undefined;
  readonly respcode?: string | undefined;
  readonly respproc?: string | undefined;
  readonly resptext?: string | undefined;
  /** The response body as received, with card data redacted. */
  readonly raw?: string | undefined;
  readonly cause?: unknown;
}

/** A stable name for each kind of failure, for callers that branch on it and for logs. */
export type GatewayErrorCode = 'http' | 'authentication' | 'retryable' | 'transport' | 'protocol' | 'not-found-yet';

/** The base of every failure the gateway client reports (a decline is not one: it is a result). */
export class GatewayError extends KindedError<GatewayErrorCode> {
  override readonly name: string = 'GatewayError';
  readonly status: number | undefined;
  readonly respstat: string | undefined;
  readonly respcode: string | undefined;
  readonly respproc: string | undefined;
  readonly resptext: string | undefined;
  readonly raw: string | undefined;

  constructor(message: string, details: GatewayErrorDetails = {}) {
    super('http', message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.respstat = details.respstat;
    this.respcode = details.respcode;
    this.respproc = details.respproc;
    this.resptext = details.resptext;
    this.raw = details.raw === undefined ? undefined : redactText(details.raw).slice(0, 4000);
  }

  /** The kind, by the name the gateway client's callers have always read it under. */
  get code(): GatewayErrorCode {
    return this.kind;
  }
}

/** Raised for HTTP 401: the credentials are wrong, missing, or not for this merchant. */
export class AuthenticationError extends errorKind(GatewayError, 'authentication', 'AuthenticationError') {}

/** Raised when the gateway says to try again: respstat B (e.g. processor timeout, respcode 62). */
export class RetryableError extends errorKind(GatewayError, 'retryable', 'RetryableError') {}

/**
 * Raised when no usable answer arrived: the connection failed, dropped, or timed out.
 * `requestSent` is false only when the request certainly never reached the gateway; when true,
 * the outcome is unknown and a money-moving call must be resolved, never blindly repeated.
 */
export class GatewayTransportError extends errorKind(GatewayError, 'transport', 'GatewayTransportError') {
  readonly requestSent: boolean;
  readonly timedOut: boolean;

  constructor(message: string, details: GatewayErrorDetails & { requestSent: boolean; timedOut?: boolean }) {
    super(message, details);
    this.requestSent = details.requestSent;
    this.timedOut = details.timedOut ?? false;
  }
}

/**
 * Raised when an inquiry finds no record ("Txn not found") of an authorization sent less than the
 * gateway's answer window ago: it may still be processing it, so the outcome stays unknown until `finalAt`.
 */
export class NotFoundYetError extends errorKind(GatewayError, 'not-found-yet', 'NotFoundYetError') {
  /** When (clock milliseconds) a "not found" becomes final: the request's send time plus the answer window. */
  readonly finalAt: number;

  constructor(message: string, details: GatewayErrorDetails & { finalAt: number }) {
    super(message, details);
    this.finalAt = details.finalAt;
  }
}

/** Raised when the answer is not JSON or not the documented shape. */
export class ProtocolError extends errorKind(GatewayError, 'protocol', 'ProtocolError') {}

/**
 * Raised before anything is sent when a request breaks a documented rule. `field` is the
 * dotted path of the bad field, `rule` the rule it broke, in words.
 */
export class ValidationError extends KindedError<'invalid'> {
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string) {
    super('invalid', `${field}: ${rule}`);
    this.name = 'ValidationError';
    this.field = field;
    this.rule = rule;
  }
}
