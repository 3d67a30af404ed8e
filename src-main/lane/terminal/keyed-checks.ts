import cardValidator from 'card-validator';
import { luhnValid } from '../../../drivers/card-reader/track';
import type { KeyedFieldCheck } from '../ipc/contract';

/**
 * What the cashier reads beside a keyed card's fields while typing: the number's brand, whether
 * it has the brand's length and its check digit matches; whether the expiry is a month and is
 * not past by the lane's clock. Only words leave here, never a digit of the number; Enter on the
 * CVV still checks the whole card (keyedCardRead), so these words only warn early.
 */

const bad = (words: string): KeyedFieldCheck => ({ words, fine: false });
const hint = (words: string): KeyedFieldCheck => ({ words, fine: true });

/** The card number's check, from its digits typed so far; null before the first digit. */
export function accountCheck(digits: string): KeyedFieldCheck | null {
  if (digits === '') return null;
  const number = cardValidator.number(digits);
  const card = number.card;
  if (!card) {
    return number.isPotentiallyValid ? null : bad('No card number starts like this: check the first digits.');
  }
  const brand = card.niceType;
  const lengths = card.lengths;
  const longest = Math.max(...lengths);
  const lengthWords = lengths.length === 1 ? `${lengths[0]}` : `${lengths.slice(0, -1).join(', ')} or ${longest}`;
  if (digits.length > longest) return bad(`Too many digits: ${brand} card numbers have ${lengthWords}.`);
  if (!lengths.includes(digits.length)) {
    return digits.length < Math.min(...lengths)
      ? hint(`${brand}: ${digits.length} of ${lengthWords} digits.`)
      : bad(`${brand} card numbers have ${lengthWords} digits, not ${digits.length}.`);
  }
  if (luhnValid(digits)) return hint(`${brand}: the number checks out.`);
  return bad('A digit is wrong: the check digit does not match. Check the number on the card.');
}

/** The expiry's check (MMYY) against `now`, the lane's clock; null before the first digit. */
export function expiryCheck(digits: string, now: Date): KeyedFieldCheck | null {
  if (digits === '') return null;
  const month = Number(digits.slice(0, 2));
  if (Number(digits[0]) > 1 || (digits.length >= 2 && (month < 1 || month > 12)))
    return bad('The month is 01 to 12: type the expiry as MMYY.');
  if (digits.length < 4) return hint('Month, then year: MMYY.');
  const year = 2000 + Number(digits.slice(2));
  // A card is good through the last day of its month: it has expired once that month is over.
  const endOfMonth = Date.UTC(year, month, 1);
  const shown = `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (endOfMonth <= now.getTime()) return bad(`This card expired at the end of ${shown}.`);
  return hint(`Good through ${shown}.`);
}

/**
 * The billing postal code's check as typed: a US ZIP is 5 or 9 digits (a dash after the fifth is
 * allowed and dropped); a code with a letter is another country's (any letters, digits, spaces
 * and dashes, at most 9 sent), and the country is asked next. Null before the first character.
 */
export function postalCheck(typed: string): KeyedFieldCheck | null {
  if (typed === '') return null;
  const zip = typed.replace(/^(\d{5})-/, '$1');
  if (/^\d+$/.test(zip)) {
    if (zip.length === 5 || zip.length === 9) return hint(`US ZIP code, ${zip.length} digits.`);
    return zip.length < 9 ? hint('US ZIP code: 5 or 9 digits.') : bad('A US ZIP code is 5 or 9 digits.');
  }
  if (!/^[A-Za-z0-9 -]+$/.test(typed)) return bad('Letters, digits, spaces and dashes only.');
  if (typed.trim().length > 9) return bad('At most 9 characters: the gateway takes no more.');
  return hint('Postal code outside the US: the country follows.');
}

/** Whether a postal code as typed is another country's: it has a letter (a US ZIP is digits). */
export function isForeignPostal(typed: string): boolean {
  return /[A-Za-z]/.test(typed);
}
