/**
 * Whether a card draws on credit, a bank account (debit) or a prepaid balance, as the emulator
 * knows it: by the card's BIN (its first six digits). The emulator's own table, shared with no
 * lane code.
 *
 * - Debit: the BINs of the two "UAT PIN Debit Testing" cards of the changelog (10/2022),
 *   4222222222222204 and 6510000000000331.
 * - Prepaid: the reference publishes no prepaid test card, so the emulator names one BIN of its
 *   own, 400551 (Visa range): 4005510000000005 passes the Luhn check and answers as prepaid.
 *
 * Every other card in the guides' brand ranges is credit.
 */
export type CardFunding = 'credit' | 'debit' | 'prepaid';

const debitBins: ReadonlySet<string> = new Set(['422222', '651000']);
const prepaidBins: ReadonlySet<string> = new Set(['400551']);

/** The card's funding by its BIN. */
export function cardFundingOf(pan: string): CardFunding {
  const bin = pan.slice(0, 6);
  if (debitBins.has(bin)) return 'debit';
  if (prepaidBins.has(bin)) return 'prepaid';
  return 'credit';
}
