/** What the journal refuses to keep: card numbers and track data, and the error a refused or failed write raises. */
import cardValidator from 'card-validator';
import { maskPan, removeTrackData, replaceOutsideUuids, uuidShape } from '../../platform/log/redact';
import { KindedError } from '../../platform/errors';
import { journalOperations, type JournalIntent } from './entry';

/**
 * Why a journal cannot be used: `write` (a write failed: disk full, I/O error), `damaged` (it
 * failed its integrity check or is not a journal), `newer-schema` (a newer Lanepoint wrote it;
 * it is never downgraded), `refused` (the lane refuses to sell until a manager acknowledges it).
 */
export type JournalErrorKind = 'write' | 'damaged' | 'newer-schema' | 'refused';

/** The journal could not be written or read: nothing may be sent while this is so. */
export class JournalError extends KindedError<JournalErrorKind> {
  constructor(message: string, options?: { cause?: unknown; kind?: JournalErrorKind }) {
    super(options?.kind ?? 'write', message, options);
    this.name = 'JournalError';
  }
}

/** Digits, spaces and dashes, thirteen characters or more, from a digit to a digit. */
const candidateRun = /\d[\d -]{11,}\d/g;

/**
 * Whether text holds a card number: a run of 13 to 19 digits (spaces and dashes allowed) that
 * card-validator accepts (a known brand's prefix and length, and the Luhn check). A timestamp, a
 * reference number or a UUID (whose digit groups can pass, see `uuidShape`) is not one.
 */
export function containsCardNumber(text: string): boolean {
  for (const match of text.replace(uuidShape, ' ').matchAll(candidateRun)) {
    const digits = match[0].replace(/[ -]/g, '');
    for (let length = 19; length >= 13; length--) {
      for (let start = 0; start + length <= digits.length; start++) {
        if (isCardNumber(digits.slice(start, start + length))) return true;
      }
    }
  }
  return false;
}

/**
 * card-validator's `number(digits).isValid`, asked only of digits that can pass it. It holds a
 * number valid only when the Luhn check passes, or when the number is a brand card-validator
 * exempts from that check (UnionPay); the rest, most of the runs an answer holds (tokens,
 * references, times), are refused by the Luhn sum alone, without the brand matching that is most
 * of card-validator's cost (a test holds the two equal).
 */
export function isCardNumber(digits: string): boolean {
  if (!luhnValid(digits) && !luhnExemptPrefixes.some((prefix) => digits.startsWith(prefix))) return false;
  return cardValidator.number(digits).isValid;
}

/** The Luhn (mod 10) check of a string of digits, as card-validator computes it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, doubled = false; i >= 0; i--, doubled = !doubled) {
    const digit = digits.charCodeAt(i) - 48;
    sum += doubled ? (digit > 4 ? digit * 2 - 9 : digit * 2) : digit;
  }
  return sum % 10 === 0;
}

/**
 * How a number of a brand card-validator accepts without the Luhn check (UnionPay, by default)
 * begins: the first two digits of each of the brand's own prefixes and ranges.
 */
const luhnExemptPrefixes: readonly string[] = (() => {
  const { creditCardType } = cardValidator;
  const prefixes = new Set<string>();
  const head = (value: number | undefined) => Number(String(value).slice(0, 2));
  for (const pattern of creditCardType.getTypeInfo('unionpay').patterns) {
    const [low, high] = Array.isArray(pattern) ? [pattern[0], pattern[1]] : [pattern, pattern];
    for (let value = head(low); value <= head(high); value++) prefixes.add(String(value));
  }
  return [...prefixes];
})();

/** A masked number: at most six leading and four trailing digits around at least one mask. */
export const maskedShape = /^\d{0,6}\*+\d{0,4}$/;

/** Throws a JournalError when `value` holds a card number or track data. */
export function refuseCardData(field: string, value: string | undefined): void {
  if (value === undefined) return;
  if (containsCardNumber(value))
    throw new JournalError(`journal: ${field} looks like a card number; the journal keeps masked numbers only`);
  if (/[%;=^?]/.test(value) && /\d{6,}/.test(value)) throw new JournalError(`journal: ${field} looks like track data`);
}

/**
 * An intent's detail as the journal writes it (JSON, or null), once every field of the intent is
 * checked: a known operation, an order id of 1 to 19 letters, digits or dashes, whole minor units,
 * a masked card number, and no card data in the entry mode or the detail. Throws a JournalError
 * naming the field otherwise.
 */
export function checkedDetail(intent: JournalIntent): string | null {
  if (!journalOperations.includes(intent.operation))
    throw new JournalError(`journal: unknown operation ${String(intent.operation)}`);
  if (!/^[A-Za-z0-9-]{1,19}$/.test(intent.orderId))
    throw new JournalError(`journal: order id "${intent.orderId}" is not 1 to 19 letters, digits or dashes`);
  if (!Number.isSafeInteger(intent.amountMinor))
    throw new JournalError(`journal: amount ${intent.amountMinor} is not a whole number of minor units`);
  if (intent.maskedPan !== undefined && !maskedShape.test(intent.maskedPan))
    throw new JournalError('journal: the card number is not masked (first six and last four at most)');
  refuseCardData('entryMode', intent.entryMode);
  const detail = intent.detail === undefined ? null : JSON.stringify(intent.detail);
  refuseCardData('detail', detail ?? undefined);
  return detail;
}

/**
 * The gateway's answer as the journal may keep it: in every text of it, track data removed and
 * each run holding a card number masked to its first six and last four digits (the log's rules,
 * `maskPan`). An answer is not the lane's to refuse: a receipt footer can quote a gift card's
 * number, an unattended device's receipt data a card's, and the approval behind it stands, so
 * its row must be kept with the number masked rather than left unrecorded (issue 29, item 10).
 */
export function maskAnswer<T>(value: T): T {
  if (typeof value === 'string')
    return replaceOutsideUuids(removeTrackData(value), candidateRun, (run) =>
      containsCardNumber(run) ? maskPan(run) : run,
    ) as T;
  if (Array.isArray(value)) return value.map(maskAnswer) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskAnswer(item)])) as T;
  return value;
}
