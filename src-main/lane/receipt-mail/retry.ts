import { redactText } from '../../platform/log/redact';

/** How long and how often a receipt email is tried. */
export interface MailRetryPolicy {
  readonly maxAttempts: number;
  readonly firstRetryMs: number;
  readonly maxRetryMs: number;
}

/** What to do after a failed attempt: try again after `waitMs`, or give up for `reason` (words for the cashier). */
export type MailVerdict =
  | { readonly retry: true; readonly waitMs: number; readonly problem: string }
  | { readonly retry: false; readonly reason: string };

/** What nodemailer's errors carry: the SMTP reply code and text, or a connection error's code. */
interface SmtpFailure {
  readonly responseCode?: number;
  readonly response?: string;
  readonly code?: string;
  readonly message?: string;
}

/** The server's words without the address it may quote back ("<jane@example.com>: user unknown"). */
function serverWords(failure: SmtpFailure): string {
  const words = (failure.response ?? failure.message ?? 'no answer').replace(/\s+/g, ' ').trim().slice(0, 200);
  return redactText(words);
}

/**
 * After attempt number `attempts` failed with `error`: a 5xx reply is the server's final no (the
 * recipient refused, the login refused), stated in words; a 4xx reply or no answer at all (down,
 * refused connection, timeout) is tried again, each wait double the last up to `maxRetryMs`, until
 * `maxAttempts` tries have failed.
 */
export function mailVerdict(error: unknown, attempts: number, policy: MailRetryPolicy): MailVerdict {
  const failure = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as SmtpFailure;
  const code = failure.responseCode;
  if (code !== undefined && code >= 500 && code < 600)
    return { retry: false, reason: `The mail server refused the receipt (${code}): ${serverWords(failure)}` };
  const problem =
    code !== undefined
      ? `The mail server said to try later (${code}): ${serverWords(failure)}`
      : `The mail server could not be reached (${failure.code ?? 'no connection'}): ${serverWords(failure)}`;
  if (attempts >= policy.maxAttempts) return { retry: false, reason: `Not sent after ${attempts} tries. ${problem}` };
  return { retry: true, waitMs: Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** (attempts - 1)), problem };
}
