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
}

const vaultLimit = 4096;

/** Tokens are 16 digits starting with 9: no card network issues that prefix (FACTS.md). */
export const looksLikeToken = (account: string) => /^9\d{15}$/.test(account);

/** Wraps the id source so every token it issues is remembered with its account. */
export function withTokenVault(ids: EmulatorIds): { ids: EmulatorIds; vault: TokenVault } {
  const accounts = new Map<string, string>();
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
    vault: { accountOf: (token) => accounts.get(token) },
  };
}
