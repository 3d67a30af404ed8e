import { CardReaderError } from '../../../drivers/card-reader/errors';
import { keyedCardRead } from '../../../drivers/card-reader/read-card';
import type { CardRead, KeyedBilling } from '../../../drivers/card-reader/types';
import { pendingRead, type PendingRead } from '../../../drivers/pending-read';
import type { KeyedEntryView, KeyedField } from '../ipc/contract';
import { accountCheck, expiryCheck, isForeignPostal, postalCheck } from './keyed-checks';

/** What each field takes, one key at a time, and how much of it. */
const accepts: Record<KeyedField, { readonly key: RegExp; readonly max: number }> = {
  account: { key: /^\d$/, max: 19 },
  expiry: { key: /^\d$/, max: 4 },
  cvv: { key: /^\d$/, max: 4 },
  // A US ZIP with its dash ("55112-1234") is 10 characters; what is sent is at most 9.
  postal: { key: /^[A-Za-z0-9 -]$/, max: 10 },
  country: { key: /^[A-Za-z]$/, max: 2 },
  // The gateway's `address` is at most 30 characters.
  street: { key: /^[\x20-\x7E]$/, max: 30 },
};

const cardFields: readonly KeyedField[] = ['account', 'expiry', 'cvv'];

/** What the screen may show of a card number being typed: its first six and last four digits at most. */
export function maskTyped(digits: string): string {
  const shown = [...digits]
    .map((digit, index) => (index < 6 || index >= digits.length - 4 ? digit : '\u2022'))
    .join('');
  return shown.replace(/(.{4})(?=.)/g, '$1 ');
}

/** How one keyed entry is asked: `askStreet`, the merchant's `payments.askStreetWhenKeyed`. */
export interface KeyedEntryOptions {
  readonly timeoutSeconds?: number;
  readonly askStreet?: boolean;
}

/**
 * A card keyed by the cashier when it cannot be read, with its billing address for the address
 * check (AVS). The keys come to the main process one by one and stay here: the screen gets only
 * the masked echo (first six, last four, the expiry, the CVV as dots) and the billing address as
 * typed (not card data); the journal and the log never the number. Each key checks the number,
 * the expiry and the postal code as typed (keyed-checks.ts: words beside the field). Enter on the
 * CVV checks the card (Luhn, the brand's length, expiry, CVV length) before the postal code is
 * asked; Enter on the last field checks it all again and sends. A refusal names the field and
 * puts the cursor there.
 *
 * The postal code and the street go through the same one-key route as the card, not ordinary
 * text inputs: one keyboard owner for the whole form (no focus to lose between a window listener
 * and an input), one echo, one Enter that sends. Letters are taken only in those fields.
 */
export class KeyedEntry {
  #typed: Record<KeyedField, string> = { account: '', expiry: '', cvv: '', postal: '', country: '', street: '' };
  #field: KeyedField = 'account';
  #askStreet = false;
  #problem: string | null = null;
  #pending: PendingRead<CardRead> | undefined;
  readonly #listeners = new Set<(view: KeyedEntryView) => void>();
  readonly #now: () => Date;
  readonly #setTimer: (run: () => void, ms: number) => () => void;

  /** `setTimer` runs the entry's timeout (tests pass their own clock's). */
  constructor(now: () => Date, setTimer: (run: () => void, ms: number) => () => void) {
    this.#now = now;
    this.#setTimer = setTimer;
  }

  /**
   * Waits for a complete, valid keyed card; the signal ends the entry (the sale was canceled).
   * With `timeoutSeconds` (the card wait's, `payments.cardTimeoutSeconds`) an entry not finished
   * in time rejects with kind `timeout`, as a card wait does: a lane left keying holds no sale.
   */
  read(signal: AbortSignal, options: KeyedEntryOptions = {}): Promise<CardRead> {
    const { timeoutSeconds } = options;
    this.#pending?.reject(new Error('another keyed entry began'));
    this.#reset();
    this.#askStreet = options.askStreet ?? false;
    const pending = pendingRead<CardRead>({
      signal,
      canceled: () => new Error('the sale was canceled'),
      timeout:
        timeoutSeconds === undefined
          ? undefined
          : {
              ms: timeoutSeconds * 1000,
              clock: { setTimer: this.#setTimer },
              timedOut: () => new CardReaderError('timeout', `no card keyed within ${timeoutSeconds} s`),
            },
      onSettled: () => {
        if (this.#pending !== pending) return;
        this.#pending = undefined;
        this.#reset();
        this.#publish();
      },
    });
    if (!pending.settled) this.#pending = pending;
    this.#publish();
    return pending.promise;
  }

  /**
   * One key: a character of the current field (digits in the card's fields; letters, digits,
   * spaces and dashes in the postal code; letters in the country; any printable character in the
   * street), Backspace, Tab (the next field) or Enter (the next field, or done). Ignored when no
   * entry is open.
   */
  key(key: string): KeyedEntryView {
    if (!this.#pending) return this.view();
    const field = this.#field;
    const order = this.#fields();
    const at = order.indexOf(field);
    if (accepts[field].key.test(key)) {
      if (this.#typed[field].length < accepts[field].max) {
        this.#typed[field] += field === 'country' ? key.toUpperCase() : key;
        this.#problem = null;
      }
    } else if (key === 'Backspace') {
      if (this.#typed[field] === '' && at > 0) this.#field = order[at - 1]!;
      else this.#typed[field] = this.#typed[field].slice(0, -1);
    } else if (key === 'Tab') {
      if (at < order.length - 1) this.#field = order[at + 1]!;
    } else if (key === 'Enter') {
      if (field === 'cvv') {
        if (this.#cardRead()) this.#field = order[at + 1]!;
      } else if (at < order.length - 1) this.#field = order[at + 1]!;
      else this.#submit();
    }
    this.#publish();
    return this.view();
  }

  view(): KeyedEntryView {
    const typed = this.#typed;
    return {
      active: this.#pending !== undefined,
      field: this.#field,
      fields: this.#fields(),
      account: maskTyped(typed.account),
      expiry: typed.expiry.replace(/^(\d{2})(?=\d)/, '$1/'),
      cvv: '\u2022'.repeat(typed.cvv.length),
      postal: typed.postal,
      country: typed.country,
      street: typed.street,
      problem: this.#problem,
      checks: {
        account: accountCheck(typed.account),
        expiry: expiryCheck(typed.expiry, this.#now()),
        postal: postalCheck(typed.postal),
      },
    };
  }

  onChange(listener: (view: KeyedEntryView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The fields this entry asks, in order: the card's, the postal code, its country when not US, the street when asked. */
  #fields(): KeyedField[] {
    return [
      ...cardFields,
      'postal',
      ...(isForeignPostal(this.#typed.postal) ? (['country'] as const) : []),
      ...(this.#askStreet ? (['street'] as const) : []),
    ];
  }

  /** The card as keyed, or undefined with the refusal named and the cursor on its field. */
  #cardRead(): CardRead | undefined {
    try {
      return keyedCardRead(
        {
          account: this.#typed.account,
          expiry: this.#typed.expiry,
          ...(this.#typed.cvv ? { cvv: this.#typed.cvv } : {}),
        },
        this.#now(),
      );
    } catch (error) {
      const message = (error as Error).message;
      this.#refuse(
        message.startsWith('expiry') ? 'expiry' : message.startsWith('CVV') ? 'cvv' : 'account',
        `${message[0]!.toUpperCase()}${message.slice(1)}.`,
      );
      return undefined;
    }
  }

  /** The billing address as the gateway takes it, or undefined with the refusal named. */
  #billing(): KeyedBilling | undefined {
    const postal = this.#typed.postal.trim();
    if (postal === '') return this.#refuse('postal', 'Postal code: type the card\u2019s billing ZIP or postal code.');
    const foreign = isForeignPostal(postal);
    const complete = foreign ? /^[A-Za-z0-9 -]{1,9}$/.test(postal) : /^\d{5}(-?\d{4})?$/.test(postal);
    if (!complete) {
      const check = postalCheck(postal);
      const words = check && !check.fine ? check.words : 'a US ZIP code is 5 or 9 digits.';
      return this.#refuse('postal', `Postal code: ${words[0]!.toLowerCase()}${words.slice(1)}`);
    }
    const country = this.#typed.country;
    if (foreign && !/^[A-Z]{2}$/.test(country))
      return this.#refuse('country', 'Country: the two letters of the card\u2019s billing country, e.g. CA or GB.');
    if (foreign && country === 'US') return this.#refuse('postal', 'Postal code: a US ZIP code is 5 or 9 digits.');
    const street = this.#typed.street.trim();
    if (this.#askStreet && street === '')
      return this.#refuse('street', 'Street: type the card\u2019s billing street address.');
    return {
      postal: foreign ? postal.toUpperCase() : postal.replace('-', ''),
      ...(foreign ? { country } : {}),
      ...(this.#askStreet ? { address: street } : {}),
    };
  }

  #refuse(field: KeyedField, problem: string): undefined {
    this.#problem = problem;
    this.#field = field;
    return undefined;
  }

  #submit(): void {
    const read = this.#cardRead();
    const billing = read && this.#billing();
    if (!read?.keyed || !billing) return;
    this.#pending?.resolve({ ...read, keyed: { ...read.keyed, billing } });
  }

  #reset(): void {
    this.#typed = { account: '', expiry: '', cvv: '', postal: '', country: '', street: '' };
    this.#field = 'account';
    this.#askStreet = false;
    this.#problem = null;
  }

  #publish(): void {
    const view = this.view();
    for (const listener of this.#listeners) listener(view);
  }
}
