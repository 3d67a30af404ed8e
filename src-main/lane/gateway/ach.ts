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
 * The authorization fields of an ACH sale: the account type and a payment origin, sent as the
 * gateway's ACH examples send a check keyed at the counter (ECHK or ESAV, ecomind E), captured.
 */
export function achAuthorizationFields(
  check: KeyedCheck,
): Pick<AuthorizationRequest, 'account' | 'bankaba' | 'accttype' | 'ecomind' | 'name' | 'capture'> {
  return {
    account: check.account,
    bankaba: check.routing,
    accttype: check.accountType === 'savings' ? 'ESAV' : 'ECHK',
    ecomind: 'E',
    name: check.name,
    capture: true,
  };
}
