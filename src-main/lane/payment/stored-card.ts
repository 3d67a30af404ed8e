/**
 * A stored card (a card on file, ADR 089) as the screens and the receipt name it: its last four
 * and brand from the gateway's profile, never the token itself.
 */
import type { GatewayClient } from '../gateway/client';
import type { Logger } from '../../platform/log/logger';
import { entryMethodWords } from '../receipt/facts';
import type { ReceiptFacts } from '../receipt/model';

/** The card networks' names for a stored account's `accttype`, as the screens say them. */
const storedBrandNames: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  AMEX: 'American Express',
  DISC: 'Discover',
  JCB: 'JCB',
  ECHK: 'Checking',
  ESAV: 'Savings',
};

/** A stored account as the screens and the receipt name it: its last four and brand, never the token. */
export interface StoredCardFacts {
  /** The last four digits, from the token (a CardSecure token keeps the card's last four); null when it has none. */
  readonly lastFour: string | null;
  /** "Visa", "Mastercard"; the gateway's own word for a type this list lacks; null when it gave none. */
  readonly brand: string | null;
}

/** What a stored account (the gateway's GET profile answer) shows of its card. */
export function storedCardFacts(account: { readonly token?: string; readonly accttype?: string }): StoredCardFacts {
  const token = account.token ?? '';
  const type = account.accttype?.toUpperCase() ?? '';
  return {
    lastFour: /^\d{4,}$/.test(token) ? token.slice(-4) : null,
    brand: storedBrandNames[type] ?? (account.accttype || null),
  };
}

/**
 * The stored card a charge names on its row and receipt, asked of the gateway before the charge
 * (GET profile moves no money). A card the gateway cannot describe now is charged all the same,
 * its receipt saying CARD ON FILE: the charge does not wait on a description.
 */
export async function readStoredCard(
  access: { readonly client: Pick<GatewayClient, 'getProfile'>; readonly merchid: string },
  profile: string,
  logger: Pick<Logger, 'warn'>,
): Promise<StoredCardFacts | undefined> {
  const [profileid = '', acctid] = profile.split('/');
  try {
    const [account] = await access.client.getProfile({ merchid: access.merchid, profileid, acctid });
    return account ? storedCardFacts(account) : undefined;
  } catch (error) {
    logger.warn({ err: error }, 'the stored card could not be read before its charge; its receipt says CARD ON FILE');
    return undefined;
  }
}

/** A charge's card as its journal row keeps it and its receipt prints it (CARD ON FILE **** 1443). */
export function storedCardShown(stored: StoredCardFacts | undefined): {
  readonly card: { readonly entryMode: string; readonly maskedPan?: string };
  readonly cardFacts: NonNullable<ReceiptFacts['card']>;
} {
  return {
    card: { entryMode: 'profile', ...(stored?.lastFour ? { maskedPan: `****${stored.lastFour}` } : {}) },
    cardFacts: {
      lastFour: stored?.lastFour ?? '----',
      // As a reprint from the journal names it (receipt/facts.ts laneBrands): the kind of payment, then the card's last four.
      brand: 'CARD ON FILE',
      entryMethod: entryMethodWords('profile'),
    },
  };
}
