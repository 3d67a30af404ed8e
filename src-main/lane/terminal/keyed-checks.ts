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
