import cardValidator from 'card-validator';
import { cardFundingOf } from './card-funding';
import type { EmulatorAnswer, EmulatorContext } from './emulator-context';

/** The product letters of the BIN service (the reference lists A, D, M, N, V; JCB gets its initial). */
const brands: Record<string, { product: string; label: string; full: boolean }> = {
  visa: { product: 'V', label: 'Visa', full: true },
  mastercard: { product: 'M', label: 'Mastercard', full: true },
  'american-express': { product: 'A', label: 'American Express', full: false },
  discover: { product: 'D', label: 'Discover', full: false },
  // Diners Club cards run on the Discover network in the US.
  'diners-club': { product: 'D', label: 'Diners Club', full: false },
  jcb: { product: 'J', label: 'JCB', full: false },
};

// The program flags of a full answer: the emulator puts no card in a GSA, corporate, FSA,
// purchase program; prepaid only by its BIN (card-funding.ts).
const noCardPrograms = { gsa: 'false', corporate: false, fsa: false, purchase: false, prepaid: false };

/**
 * bin: what the first six digits behind a token say. Visa and Mastercard answer every field;
 * other brands only country, product and bin, as the reference describes. The emulator knows no
 * issuers or BIN ranges: the range is the card's own BIN and the issuer a fixed name. A token it
 * did not issue answers success with "No bin information found."; a token that is not digits,
 * success false.
 */
export function binLookup(context: EmulatorContext, token: string): EmulatorAnswer {
  if (!/^\d{1,19}$/.test(token)) return { status: 200, body: { success: false, errormsg: 'Invalid token' } };
  const account = context.tokens.accountOf(token);
  const brand = account ? brands[cardValidator.number(account).card?.type ?? ''] : undefined;
  if (!account || !brand) return { status: 200, body: { success: true, errormsg: 'No bin information found.' } };
  const bin = account.slice(0, 6);
  const funding = cardFundingOf(account);
  const relevant = { country: 'US', product: brand.product, bin };
  if (!brand.full) return { status: 200, body: relevant };
  return {
    status: 200,
    body: {
      ...relevant,
      cardusestring: `${brand.label} ${funding === 'credit' ? 'Credit' : 'Debit'}`,
      subtype: funding === 'credit' ? 'Consumer Credit' : funding === 'debit' ? 'Consumer Debit' : 'Consumer Prepaid',
      issuer: 'Emulated Issuing Bank',
      ...noCardPrograms,
      prepaid: funding === 'prepaid',
      binlo: `${bin}XXX`,
      binhi: `${bin}XXX`,
    },
  };
}
