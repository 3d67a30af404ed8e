import { AuthenticationError, GatewayError, ValidationError } from './gateway/errors';
import { KindedError } from '../platform/errors';

/**
 * What kind of refusal a lane error is; the dispatcher turns each kind into one reply code
 * (ADR 027), so the core never speaks the contract's codes.
 * - `invalid`: an argument is wrong (`field` names it);
 * - `forbidden`: the person signed in may not do this (no manager approval, not signed in);
 * - `refused`: understood, but it cannot be done now; the message says why and what to do;
 * - `throttled`: asked too often (wrong PINs); the message says when to try again.
 */
export type LaneErrorKind = 'invalid' | 'forbidden' | 'refused' | 'throttled';

/**
 * An expected failure the core reports to the person at the lane as-is: the message is written
 * for the cashier or the store's IT person and never holds card data or secrets.
 */
export class LaneError extends KindedError<LaneErrorKind> {
  readonly field: string | undefined;

  constructor(kind: LaneErrorKind, message: string, field?: string) {
    super(kind, message);
    this.name = 'LaneError';
    this.field = field;
  }
}

/**
 * A gateway call that had to succeed before anything moved money failed: the lane error that
 * says so, with `context` (what could not be done) first. A broken field is the caller's input;
 * refused credentials and an unreachable gateway are refusals. Anything else is returned as it is.
 */
export function nothingSent(error: unknown, context: string): unknown {
  if (error instanceof ValidationError) return new LaneError('invalid', `${context}: ${error.message}`, error.field);
  if (error instanceof AuthenticationError)
    return new LaneError(
      'refused',
      `The gateway refused the lane's credentials, so nothing was sent: ${error.message}`,
    );
  if (error instanceof GatewayError) return new LaneError('refused', `${context}: ${error.message}`);
  return error;
}
