import { brandRangeOf, type CardBrand } from './card-brands';
import { cardFundingOf } from './card-funding';

/**
 * The OpenAPI file's product letters (A Amex, D Discover, M Mastercard, V Visa). Diners and JCB
 * cards are accepted in the US on the Discover network, so they answer D.
 */
const products: Record<CardBrand, string> = {
  visa: 'V',
  mastercard: 'M',
  amex: 'A',
  discover: 'D',
  diners: 'D',
  jcb: 'D',
};

/** binlo and binhi show six digits, "masked after the first six (6) digits" as the OpenAPI example 601100XXX. */
const masked = (six: string) => `${six}XXX`;

/**
 * The binInfo object the authorization answers when bin is Y (the OpenAPI authResponse's
 * binInfo; `bin` is inside it, as the changelog of 1/19/2020 says). The emulator knows only the
 * guides' brand ranges, so binlo and binhi are the ends of the range the card falls in, the card
 * is a consumer card (credit, or debit or prepaid by card-funding.ts) of no named issuer (subtype and issuer blank: "blank if not
 * available").
 */
export function binInfo(number: string): Record<string, string | boolean> {
  const range = brandRangeOf(number);
  const bin = number.slice(0, 6);
  return {
    bin,
    country: 'USA',
    product: range ? products[range.brand] : '',
    cardusestring:
      cardFundingOf(number) === 'credit'
        ? 'True credit, No PIN/Signature capability'
        : 'Debit, PIN/Signature capability',
    subtype: '',
    issuer: '',
    binlo: masked(range ? range.low.padEnd(6, '0') : bin),
    binhi: masked(range ? range.high.padEnd(6, '9') : bin),
    corporate: false,
    purchase: false,
    prepaid: cardFundingOf(number) === 'prepaid',
    gsa: false,
    fsa: false,
  };
}
