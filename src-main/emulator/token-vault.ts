import type { EmulatorContext } from './emulator-context';

/**
 * The card number behind each token this emulator handed out, so a token can pay in place of
 * the card ("You can also tokenize the card number and use the token in the auth request").
 * Kept in memory per running emulator: after a restart a token answers PPS 98 until its card is
 * seen again.
 */
const vaults = new WeakMap<EmulatorContext, Map<string, string>>();
const vaultLimit = 4096;

/** Remembers the card number a token stands for. */
export function rememberToken(context: EmulatorContext, token: string, pan: string): void {
  let vault = vaults.get(context);
  if (!vault) {
    vault = new Map();
    vaults.set(context, vault);
  }
  if (vault.size >= vaultLimit && !vault.has(token)) vault.delete(vault.keys().next().value!);
  vault.set(token, pan);
}

/** The card number behind a token, or undefined when this emulator did not issue it. */
export function cardForToken(context: EmulatorContext, token: string): string | undefined {
  return vaults.get(context)?.get(token);
}

/** Tokens are 16 digits starting with 9: no card network issues that prefix (FACTS.md). */
export const looksLikeToken = (account: string) => /^9\d{15}$/.test(account);
