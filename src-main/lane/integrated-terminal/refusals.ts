import type { Answered } from '../../platform/http/outbound';
import { errorAnswerSchema, type TerminalErrorAnswer } from './answers';
import {
  TerminalBusy,
  TerminalCanceled,
  TerminalNotConnected,
  TerminalOutcomeUnknown,
  TerminalRefused,
  TerminalUnauthorized,
  type TerminalError,
} from './errors';
import { operations, type TerminalOperation } from './operations';

/**
 * What a refusal of the terminal service means (api-overview.md, "HTTP Response Codes"; the
 * developer guides' "Establishing a Session" and "Sharing a Terminal"). Error codes are fixed;
 * their messages "are subject to change", so a message is read only where no code tells the
 * case apart: the session refusals, and "Session exists for hsn".
 */

/** The error body, or undefined when the answer is not the documented `{errorCode, errorMessage}`. */
function errorAnswerOf(answer: Answered): TerminalErrorAnswer | undefined {
  try {
    const parsed = errorAnswerSchema.safeParse(JSON.parse(answer.text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session key was refused: errorCode 1 "Session key for hsn <HSN> was not valid" (an
 * expired key), errorCode 1 "SessionKey header is required", and errorCode 3 "Session key for
 * hsn was not valid" (disconnect's 400).
 */
export function isSessionRefusal(answer: Answered): boolean {
  if (answer.status !== 400 && answer.status !== 500) return false;
  const refusal = errorAnswerOf(answer);
  if (!refusal || (refusal.errorCode !== 1 && refusal.errorCode !== 3)) return false;
  return (
    /session ?key/i.test(refusal.errorMessage ?? '') && /not valid|required|expired/i.test(refusal.errorMessage ?? '')
  );
}

/**
 * Codes that, without an `authResponse`, mean no authorization was made: the reference says
 * errorCode 1 and 8 carry the gateway's answer whenever the authorization had been started, and
 * the others stop before it (bad request, terminal not connected or in use, PIN debit not
 * supported, tokenization failed, signature capture not supported), as does any HTTP 400. Any
 * other refusal of an authorization (500 "Generic", 800 "Printing not supported" after the
 * sale, a code the reference does not list, a body not the documented one) leaves it unknown.
 */
const noAuthorizationCodes: ReadonlySet<number> = new Set([1, 3, 4, 6, 7, 8, 100, 400, 624, 643, 700]);

/** The error an answer other than 200 becomes. */
export function refusalOf(
  operation: TerminalOperation,
  hsn: string | undefined,
  answer: Answered,
  orderId?: string,
): TerminalError {
  const { status } = answer;
  const base = { operation, hsn, status, requestSent: true };
  const terminal = hsn === undefined ? 'the terminal' : `terminal ${hsn}`;
  if (status === 401)
    return new TerminalUnauthorized(
      `${operation}: the terminal service refused the API key or merchant id (HTTP 401)`,
      base,
    );
  if (status === 403)
    return new TerminalUnauthorized(`${operation}: ${terminal} does not belong to this merchant id (HTTP 403)`, base);
  const refusal = errorAnswerOf(answer);
  const movesMoney = operations[operation].movesMoney;
  if (movesMoney && status !== 400 && !refusal?.authResponse && !noAuthorizationCodes.has(refusal?.errorCode ?? -1)) {
    const said = refusal ? `errorCode ${refusal.errorCode}` : `HTTP ${status}`;
    return new TerminalOutcomeUnknown(
      `${operation}: sent, outcome unknown (${said}); the authorization may have been made: recover it by order id ${orderId} through the gateway; it is not sent again`,
      { ...base, errorCode: refusal?.errorCode, errorMessage: refusal?.errorMessage },
    );
  }
  if (!refusal) return new TerminalRefused(`${operation}: the terminal service answered HTTP ${status}`, base);
  const details = {
    ...base,
    errorCode: refusal.errorCode,
    errorMessage: refusal.errorMessage,
    authResponse: refusal.authResponse,
  };
  const said = `errorCode ${refusal.errorCode}: ${refusal.errorMessage ?? 'no message'}`;
  if (refusal.errorCode === 7 || (refusal.errorCode === 1 && /session exists/i.test(refusal.errorMessage ?? '')))
    return new TerminalBusy(
      `${operation}: ${terminal} is in use by another session (${said}); try again in a few seconds`,
      details,
    );
  if (refusal.errorCode === 6)
    return new TerminalNotConnected(
      `${operation}: ${terminal} is not connected to the terminal service (${said})`,
      details,
    );
  const made = refusal.authResponse
    ? `; the authorization was made (respstat ${refusal.authResponse.respstat}, retref ${refusal.authResponse.retref ?? 'none'})`
    : '';
  if (refusal.errorCode === 8) return new TerminalCanceled(`${operation}: canceled (${said})${made}`, details);
  return new TerminalRefused(`${operation}: refused (HTTP ${status}, ${said})${made}`, details);
}
