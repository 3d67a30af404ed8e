/**
 * Cards on file (ADR 089): what a sale that stores the card sends and journals with the customer's
 * consent, and the stored-credential flags a charge to a stored card carries by who started it.
 * Ids only (the profile id, the account id): never a card number or a token.
 */
import type { AuthorizationRequest } from '../gateway/auth-request';
import type { CardOnFileNote, SaveCardConsent, StoredCardInitiator } from '../ipc/contract';
import { LaneError } from '../errors';

/** How a payment uses a card on file: it stores the card (with consent), or charges a stored one. */
export type CardOnFileUse = 'saved' | StoredCardInitiator;

/** The consent as the journal keeps it on the authorization's row: who, when, and the words agreed to. */
export interface ConsentRecord {
  /** The signed-in cashier's id. */
  readonly by: string;
  /** Epoch milliseconds, from the lane's clock. */
  readonly at: number;
  readonly words: string;
}

/** What a payment that uses a card on file adds: the request's fields and the journal row's detail. */
export interface CardOnFilePart {
  readonly use: CardOnFileUse;
  readonly fields: Pick<AuthorizationRequest, 'profile' | 'cofpermission' | 'cof' | 'cofscheduled' | 'ecomind'>;
  readonly detail: Readonly<Record<string, string | number>>;
}

/**
 * Storing the card with a sale: profile "Y" creates the profile, cofpermission "Y" tells the
 * gateway the cardholder agreed. Refused without the customer's agreement or a signed-in cashier
 * to record it: a card is never stored on a guess.
 */
export function saveCardPart(consent: SaveCardConsent | undefined, by: string | undefined, at: number): CardOnFilePart {
  if (consent?.agreed !== true || consent.words.trim() === '')
    throw new LaneError(
      'invalid',
      'The card is saved on file only when the customer agrees: tick the consent first.',
      'saveCard',
    );
  if (!by)
    throw new LaneError(
      'forbidden',
      'Only a signed-in cashier records a customer\u2019s consent to keep the card on file: sign in first.',
      'saveCard',
    );
  const record: ConsentRecord = { by, at, words: consent.words.trim() };
  return {
    use: 'saved',
    fields: { profile: 'Y', cofpermission: 'Y' },
    detail: { cardOnFile: 'saved', consentBy: record.by, consentAt: record.at, consentWords: record.words },
  };
}

/**
 * A charge to a stored card, by who started it: the customer (CIT: cof C, cofscheduled N) or the
 * schedule the customer agreed to (MIT: cof M, cofscheduled Y, and ecomind R, the reference's mark
 * of a recurring payment). ecomind goes only with the scheduled charge: a customer at the counter
 * is not a recurring payment, nor a mail or phone order.
 */
export function storedCardPart(profile: string, initiated: StoredCardInitiator = 'customer'): CardOnFilePart {
  const flags: CardOnFilePart['fields'] =
    initiated === 'scheduled' ? { cof: 'M', cofscheduled: 'Y', ecomind: 'R' } : { cof: 'C', cofscheduled: 'N' };
  return { use: initiated, fields: { profile, ...flags }, detail: { cardOnFile: initiated } };
}

/** The receipt's lines for a card on file, once approved. */
export function cardOnFileReceiptLines(use: CardOnFileUse): string[] {
  if (use === 'saved') return ['Card saved on file with your permission'];
  return use === 'scheduled' ? ['Charged to card on file', 'Scheduled payment'] : ['Charged to card on file'];
}

/** The use a journal row's detail records, for a reprint; undefined when it used no card on file. */
export function cardOnFileUseOf(detail: Readonly<Record<string, unknown>> | undefined): CardOnFileUse | undefined {
  const use = detail?.cardOnFile;
  return use === 'saved' || use === 'customer' || use === 'scheduled' ? use : undefined;
}

/** What the screen says of the payment's card on file, by whether it was approved. */
export function cardOnFileNote(use: CardOnFileUse, approved: boolean): CardOnFileNote {
  if (use === 'saved')
    return approved
      ? { kind: 'saved', words: 'Card saved on file with the customer\u2019s consent' }
      : { kind: 'not-saved', words: 'Not approved: the card was not saved on file' };
  if (use === 'scheduled')
    return { kind: 'scheduled', words: 'Card on file: scheduled payment the customer agreed to (merchant-initiated)' };
  return { kind: 'customer', words: 'Card on file: charged at the customer\u2019s request (customer-initiated)' };
}
