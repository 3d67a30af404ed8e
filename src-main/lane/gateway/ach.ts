import type { AuthorizationRequest } from './auth-request';

/** A bank account keyed at the counter for an electronic check. */
export interface KeyedCheck {
  /** The 9-digit routing (ABA) number. */
  readonly routing: string;
  readonly account: string;
  readonly accountType: 'checking' | 'savings';
  /** The account holder, as the gateway requires for ACH. */
  readonly name: string;
}

/**
 * The words the customer agrees to, on the counter's check form and on both receipts, with a
 * signature line on the merchant copy: the written consent that makes a counter check PPD (ADR 091).
 */
export const achConsentWords =
  'I authorize the merchant to debit my bank account above, once, for the total shown, and my bank to pay it.';

/** The account as a check's receipt names it, beside its last four digits. */
export const achAccountWords = (accountType: string | undefined): string =>
  accountType === 'savings' ? 'SAVINGS ACCOUNT' : accountType === 'checking' ? 'CHECKING ACCOUNT' : 'BANK ACCOUNT';

/**
 * Whether a routing number's ABA check digit holds: 3, 7 and 1 weigh the nine digits in turn, and
 * the weighted sum is a multiple of 10. Null when it holds; else why not, in words.
 */
export function routingProblem(routing: string): string | null {
  if (!/^\d{9}$/.test(routing)) return 'the routing (ABA) number is 9 digits';
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0
    ? null
    : `${routing} is not a routing (ABA) number: its check digit does not match. Check the number at the bottom left of the check.`;
}

/**
 * The authorization fields of an ACH sale taken at the counter: the account type, the bank
 * account, and ecomind B, the payment origin the gateway's ACH guide names for a payment "with
 * written consent" (SEC code PPD): the customer is at the counter and signs the authorization.
 * Not T (TEL: recorded verbal consent over the telephone) nor E (WEB: an Internet payment, the
 * gateway's default when ecomind is left out). Captured at once.
 */
export function achAuthorizationFields(
  check: KeyedCheck,
): Pick<AuthorizationRequest, 'account' | 'bankaba' | 'accttype' | 'ecomind' | 'name' | 'capture'> {
  return {
    account: check.account,
    bankaba: check.routing,
    accttype: check.accountType === 'savings' ? 'ESAV' : 'ECHK',
    ecomind: 'B',
    name: check.name,
    capture: true,
  };
}
