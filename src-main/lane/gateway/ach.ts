import type { AuthorizationRequest } from './auth-request';

// The screen's check form shares these with the lane: they live in the import-free tenders module.
export { achConsentWords, routingProblem } from '../ipc/tenders';

/** A bank account keyed at the counter for an electronic check. */
export interface KeyedCheck {
  /** The 9-digit routing (ABA) number. */
  readonly routing: string;
  readonly account: string;
  readonly accountType: 'checking' | 'savings';
  /** The account holder, as the gateway requires for ACH. */
  readonly name: string;
}

/** The account as a check's receipt names it, beside its last four digits. */
export const achAccountWords = (accountType: string | undefined): string =>
  accountType === 'savings' ? 'SAVINGS ACCOUNT' : accountType === 'checking' ? 'CHECKING ACCOUNT' : 'BANK ACCOUNT';

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
