/**
 * How a customer pays: the one list of tenders. Pure and import-free like cart.ts and money.ts,
 * so the contract's schemas, the sale in the main process and the screens all read the same
 * list (eslint.config.ts lets the renderer import its values).
 */

/**
 * What a payment asks the gateway for: a sale (captured at once), an authorization to capture
 * later, a forced credit (money back without a sale), an electronic check (ACH), a sale on a
 * stored profile, a sale paid on the customer's phone with a wallet (`terminal.walletSale`), or
 * a forced sale: a card sale the issuer approved by telephone, sent with its voice authorization
 * code and captured (ADR 091).
 */
export const saleTenders = ['sale', 'authorize', 'forced-credit', 'ach', 'profile', 'wallet', 'forced-sale'] as const;
export type SaleTender = (typeof saleTenders)[number];

/** The tenders a card pays with (`terminal.sale`); ACH, stored profiles and wallets have commands of their own. */
export const cardTenders = [
  'sale',
  'authorize',
  'forced-credit',
  'forced-sale',
] as const satisfies readonly SaleTender[];
export type CardTender = (typeof cardTenders)[number];

/** How the card reaches the lane: presented on the reader, or keyed by the cashier when it cannot be read. */
export const cardEntries = ['card', 'keyed'] as const;
export type CardEntry = (typeof cardEntries)[number];

/** A voice authorization code as the issuer's voice centre gives it: 1 to 6 letters and digits. */
export const voiceAuthcodePattern = /^[A-Za-z0-9]{1,6}$/;

/** The words a forced sale's receipt and screen carry, e.g. "Forced sale \u2014 voice authorization 123456". */
export const forcedSaleWords = (authcode: string): string => `Forced sale \u2014 voice authorization ${authcode}`;

/** A forced sale's receipt lines, under APPROVED on both copies (and on a reprint). */
export const forcedSaleNotes = (authcode: string): readonly string[] => [
  'FORCED SALE',
  `Voice authorization ${authcode}`,
];

/**
 * The words the customer agrees to, on the counter's check form and on both receipts, with a
 * signature line on the merchant copy: the written consent that makes a counter check PPD (ADR 091).
 */
export const achConsentWords =
  'I authorize the merchant to debit my bank account above, once, for the total shown, and my bank to pay it.';

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
