/**
 * The card numbers the test environment approves, from the developer guides ("UAT Test Card
 * Numbers": brand, PAN prefix, PAN length; any such number that passes the Luhn check is
 * approved). The emulator's own reading of that table: it does not share the client's or the
 * card reader's brand rules, so a wrong rule there cannot pass here. The Luhn check is arithmetic, not
 * a brand rule: the emulator uses the card reader's (drivers/card-reader/track.ts).
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb';

export interface BrandRange {
  readonly brand: CardBrand;
  /** The lowest and highest prefix of the range, as digit strings of equal length. */
  readonly low: string;
  readonly high: string;
  readonly length: number;
}

/** "Visa 4* 16, Mastercard 51* through 55* 16, Amex 34* or 37* 15, Discover 6011*, 622*, 644* through 65* 16, Diners 36* 14, JCB 35* 16". */
export const brandRanges: readonly BrandRange[] = [
  { brand: 'visa', low: '4', high: '4', length: 16 },
  { brand: 'mastercard', low: '51', high: '55', length: 16 },
  // Beyond the guides' table, which predates them: Mastercard's 2-series (2221-2720, issued since
  // 2017) are Mastercards to every live gateway, so a trainer's own 2-series card must not read as
  // "Unknown card type" in training.
  { brand: 'mastercard', low: '2221', high: '2720', length: 16 },
  { brand: 'amex', low: '34', high: '34', length: 15 },
  { brand: 'amex', low: '37', high: '37', length: 15 },
  { brand: 'discover', low: '6011', high: '6011', length: 16 },
  { brand: 'discover', low: '622', high: '622', length: 16 },
  { brand: 'discover', low: '644', high: '659', length: 16 },
  { brand: 'diners', low: '36', high: '36', length: 14 },
  { brand: 'jcb', low: '35', high: '35', length: 16 },
];

/** The guides' range a card number falls in (prefix and length), or undefined. */
export function brandRangeOf(pan: string): BrandRange | undefined {
  return brandRanges.find(({ low, high, length }) => {
    if (pan.length !== length) return false;
    const prefix = pan.slice(0, low.length);
    return prefix >= low && prefix <= high;
  });
}
