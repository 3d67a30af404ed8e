/**
 * How a customer pays: the one list of tenders. Pure and import-free like cart.ts and money.ts,
 * so the contract's schemas, the sale in the main process and the screens all read the same
 * list (eslint.config.ts lets the renderer import its values).
 */

/**
 * What a payment asks the gateway for: a sale (captured at once), an authorization to capture
 * later, a forced credit (money back without a sale), an electronic check (ACH), a sale on a
 * stored profile, or a sale paid on the customer's phone with a wallet (`terminal.walletSale`).
 */
export const saleTenders = ['sale', 'authorize', 'forced-credit', 'ach', 'profile', 'wallet'] as const;
export type SaleTender = (typeof saleTenders)[number];

/** The tenders a card pays with (`terminal.sale`); ACH, stored profiles and wallets have commands of their own. */
export const cardTenders = ['sale', 'authorize', 'forced-credit'] as const satisfies readonly SaleTender[];
export type CardTender = (typeof cardTenders)[number];

/** How the card reaches the lane: presented on the reader, or keyed by the cashier when it cannot be read. */
export const cardEntries = ['card', 'keyed'] as const;
export type CardEntry = (typeof cardEntries)[number];
