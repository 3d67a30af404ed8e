import { usePos } from '../store/use-pos';

/**
 * The kiosk customer's words for a receipt by email or text, in each language the kiosk speaks
 * (kiosk-words.ts holds the rest; a language missing here falls back to English). English says
 * what is wrong with an address or number in the lane's own words (ADR 071); the others say it
 * plainly without them.
 */
/** The on-screen keyboard for an email address, row by row: the kiosk's and the customer display's. */
export const emailKeyboardRows = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '@.-_'] as const;

export interface KioskReceiptSendWords {
  readonly emailReceipt: string;
  readonly textReceipt: string;
  readonly emailHeading: string;
  readonly phoneHeading: string;
  /** The on-screen keyboard or keypad, as a screen reader names it. */
  readonly keyboard: string;
  /** The on-screen keyboard's key that takes back the last character. */
  readonly erase: string;
  readonly send: string;
  readonly back: string;
  readonly badAddress: (problem: string) => string;
  readonly badPhone: (problem: string) => string;
  readonly sending: string;
  /** Queued: `to` is the masked address or number (j••••@example.com). */
  readonly queued: (to: string) => string;
  /** The lane did not queue it (mail or texts are off, or refused): the customer may print instead. */
  readonly notSent: string;
}

const english: KioskReceiptSendWords = {
  emailReceipt: 'Email a receipt',
  textReceipt: 'Text a receipt',
  emailHeading: 'Type your email address',
  phoneHeading: 'Type your mobile number',
  keyboard: 'Keyboard',
  erase: 'Delete',
  send: 'Send',
  back: 'Back',
  badAddress: (problem) => `That is not an email address: ${problem}.`,
  badPhone: (problem) =>
    `That phone number cannot take a text (it needs + and the country code, or 10 digits): ${problem}.`,
  sending: 'Sending\u2026',
  queued: (to) => `Receipt queued for ${to}.`,
  notSent: 'Your receipt could not be sent. You can print one instead.',
};

const spanish: KioskReceiptSendWords = {
  emailReceipt: 'Recibo por correo',
  textReceipt: 'Recibo por SMS',
  emailHeading: 'Escriba su correo electr\u00f3nico',
  phoneHeading: 'Escriba su n\u00famero de m\u00f3vil',
  keyboard: 'Teclado',
  erase: 'Borrar',
  send: 'Enviar',
  back: 'Volver',
  badAddress: () => 'Esa no es una direcci\u00f3n de correo electr\u00f3nico v\u00e1lida.',
  badPhone: () =>
    'Ese n\u00famero no puede recibir un SMS: escriba + y el c\u00f3digo del pa\u00eds, o 10 d\u00edgitos.',
  sending: 'Enviando\u2026',
  queued: (to) => `Su recibo se enviar\u00e1 a ${to}.`,
  notSent: 'No se pudo enviar su recibo. Puede imprimirlo.',
};

const byLanguage: Readonly<Record<string, KioskReceiptSendWords>> = { en: english, es: spanish };

/** The words in `language`, English when the kiosk has none in it. */
export const kioskReceiptSendWords = (language: string): KioskReceiptSendWords =>
  byLanguage[language.split('-')[0] ?? 'en'] ?? english;

/** The receipt-sending words in the language chosen for this visit. */
export function useKioskReceiptSendWords(): KioskReceiptSendWords {
  return usePos((state) => kioskReceiptSendWords(state.kioskLanguage));
}
