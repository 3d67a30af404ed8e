import cardValidator from 'card-validator';
import type { CardNetwork } from './emv';
import { malformed } from './errors';
import { parseSwipe } from './track';
import type { CardRead, EntryMode } from './types';

const networksByType: Readonly<Record<string, CardNetwork>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
  'diners-club': 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
  mir: 'mir',
};

/**
 * The network of a card number from its leading digits (card-validator's brand ranges). Works on
 * a masked number too, as long as its first digits are clear.
 */
export function networkForPan(pan: string): CardNetwork {
  const lead = pan.replace(/[^0-9].*$/, '');
  if (lead.length === 0) return 'unknown';
  return networkForCardType(cardValidator.number(lead).card?.type);
}

/** Our network name for card-validator's brand type ("american-express" → "amex"). */
export function networkForCardType(type: string | undefined): CardNetwork {
  return (type ? networksByType[type] : undefined) ?? 'unknown';
}

/** First six and last four digits, the rest '*'. Numbers shorter than 13 digits show the last four only. */
export function maskCardNumber(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  const shown = digits.length >= 13 ? 6 : 0;
  return `${digits.slice(0, shown)}${'*'.repeat(Math.max(0, digits.length - shown - 4))}${digits.slice(-4)}`;
}

/**
 * Normalizes a reader's masked number (mask characters '*', 'C', 'X' or '#') to digits and '*'.
 * Never reveals more than first six and last four: extra clear digits in between are masked.
 */
export function normalizeMaskedPan(masked: string): string {
  const text = masked.replace(/[CcXx#]/g, '*');
  if (!/^[0-9*]{8,19}$/.test(text))
    throw malformed(`masked card number has an unexpected shape (${text.length} characters)`);
  const lead = Math.min(6, text.length - 4);
  return `${text.slice(0, lead)}${'*'.repeat(text.length - lead - 4)}${text.slice(-4)}`;
}

/** True when a magnetic stripe's service code says the card has a chip (first digit 2 or 6). */
export function serviceCodeHasChip(serviceCode: string): boolean {
  return serviceCode.startsWith('2') || serviceCode.startsWith('6');
}

/**
 * A CardRead from clear track 1 and/or track 2 as an unencrypted reader delivers them. The text
 * is passed to the gateway unchanged. Throws `malformed` for anything parseSwipe refuses.
 */
export function cardReadFromClearSwipe(
  text: string,
  entryMode: Extract<EntryMode, 'swipe' | 'fallback-swipe'> = 'swipe',
): CardRead {
  const { track1, track2 } = parseSwipe(text);
  const pan = (track2 ?? track1)?.pan;
  const first = track2 ?? track1;
  if (!pan || !first) throw malformed('the swipe carries no track');
  return {
    entryMode,
    track: text,
    maskedPan: maskCardNumber(pan),
    lastFour: pan.slice(-4),
    network: networkForPan(pan),
    name: track1?.name || null,
    expiry: first.expiry,
    cvm: null,
    aid: null,
    applicationLabel: null,
    preferredName: null,
    encrypted: false,
    chipCard: serviceCodeHasChip(first.serviceCode),
  };
}
