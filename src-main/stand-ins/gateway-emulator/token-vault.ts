import { randomInt } from 'node:crypto';
import type { EmulatorIds } from './ids';

/**
 * What the emulator, as the tokenizer, knows behind each token it handed out: the account
 * number, in memory only (never written to the state file), so a token can pay in place of the
 * card ("You can also tokenize the card number and use the token in the auth request") and the
 * BIN and profile services can take one as the real ones do. After a restart a token is known
 * again once an authorization or a stored profile uses its account.
 */
export interface TokenVault {
  /** The account behind a token this emulator issued, or undefined. */
  accountOf(token: string): string | undefined;
  /**
   * A token for a wallet payload's device account number: new at every tokenization, and good
   * for one authorization ("Tokens generated for Apple Pay payloads are valid for a single
   * authorization", the tokenizer's Apple Pay guide).
   */
  issueWalletToken(account: WalletAccount): string;
  /** The account behind a wallet token, once; 'used' after that; undefined for any other value. */
  redeemWalletToken(token: string): WalletAccount | 'used' | undefined;
}

/** What the tokenizer learned from a wallet payload: the device account number and its expiry (MMYY). */
export interface WalletAccount {
  readonly number: string;
  readonly expiry: string;
}

const vaultLimit = 4096;

/** Tokens are 16 digits starting with 9: no card network issues that prefix (FACTS.md). */
export const looksLikeToken = (account: string) => /^9\d{15}$/.test(account);

/** Wraps the id source so every token it issues is remembered with its account. */
export function withTokenVault(ids: EmulatorIds): { ids: EmulatorIds; vault: TokenVault } {
  const accounts = new Map<string, string>();
  // A used wallet token stays (as null) so its second use is told apart from a stranger's number.
  const wallet = new Map<string, WalletAccount | null>();
  return {
    ids: {
      ...ids,
      token(account) {
        const token = ids.token(account);
        // Training uses a handful of cards; a long soak must not grow the map without bound.
        if (accounts.size >= vaultLimit && !accounts.has(token)) accounts.delete(accounts.keys().next().value!);
        accounts.set(token, account);
        return token;
      },
    },
    vault: {
      accountOf: (token) => accounts.get(token),
      issueWalletToken(account) {
        let token: string;
        do {
          const middle = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
          token = `9${account.number.slice(0, 2)}${middle}${account.number.slice(-4)}`;
        } while (wallet.has(token) || accounts.has(token));
        if (wallet.size >= vaultLimit) wallet.delete(wallet.keys().next().value!);
        wallet.set(token, account);
        return token;
      },
      redeemWalletToken(token) {
        const account = wallet.get(token);
        if (account === undefined) return undefined;
        if (account === null) return 'used';
        wallet.set(token, null);
        return account;
      },
    },
  };
}
