import { CardReaderError } from '../../../drivers/card-reader/errors';
import { keyedCardRead } from '../../../drivers/card-reader/read-card';
import type { CardRead } from '../../../drivers/card-reader/types';
import { pendingRead, type PendingRead } from '../../../drivers/pending-read';
import type { KeyedEntryView } from '../ipc/contract';
import { accountCheck, expiryCheck } from './keyed-checks';

type Field = KeyedEntryView['field'];

const fields: readonly Field[] = ['account', 'expiry', 'cvv'];
const maxDigits: Record<Field, number> = { account: 19, expiry: 4, cvv: 4 };

/** What the screen may show of a card number being typed: its first six and last four digits at most. */
export function maskTyped(digits: string): string {
  const shown = [...digits]
    .map((digit, index) => (index < 6 || index >= digits.length - 4 ? digit : '\u2022'))
    .join('');
  return shown.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A card keyed by the cashier when it cannot be read. The keys come to the main process one by
 * one and stay here: the screen gets only the masked echo (first six, last four, the expiry,
 * the CVV as dots), the journal and the log never the number. Each key checks the number and
 * the expiry as typed (keyed-checks.ts: words beside the field); on Enter in the last field the
 * card is checked (Luhn, the brand's length, expiry, CVV length); a refusal names the field and
 * puts the cursor there.
 */
export class KeyedEntry {
  #digits: Record<Field, string> = { account: '', expiry: '', cvv: '' };
  #field: Field = 'account';
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
  read(signal: AbortSignal, timeoutSeconds?: number): Promise<CardRead> {
    this.#pending?.reject(new Error('another keyed entry began'));
    this.#reset();
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

  /** One key: a digit, Backspace, Tab (the next field) or Enter (the next field, or done). Ignored when no entry is open. */
  key(key: string): KeyedEntryView {
    if (!this.#pending) return this.view();
    const field = this.#field;
    if (/^\d$/.test(key) && this.#digits[field].length < maxDigits[field]) {
      this.#digits[field] += key;
      this.#problem = null;
    } else if (key === 'Backspace') {
      if (this.#digits[field] === '' && field !== 'account') this.#field = fields[fields.indexOf(field) - 1]!;
      else this.#digits[field] = this.#digits[field].slice(0, -1);
    } else if (key === 'Tab' || key === 'Enter') {
      if (field !== 'cvv') this.#field = fields[fields.indexOf(field) + 1]!;
      else if (key === 'Enter') this.#submit();
    }
    this.#publish();
    return this.view();
  }

  view(): KeyedEntryView {
    return {
      active: this.#pending !== undefined,
      field: this.#field,
      account: maskTyped(this.#digits.account),
      expiry: this.#digits.expiry.replace(/^(\d{2})(?=\d)/, '$1/'),
      cvv: '\u2022'.repeat(this.#digits.cvv.length),
      problem: this.#problem,
      checks: {
        account: accountCheck(this.#digits.account),
        expiry: expiryCheck(this.#digits.expiry, this.#now()),
      },
    };
  }

  onChange(listener: (view: KeyedEntryView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #submit(): void {
    try {
      const read = keyedCardRead(
        {
          account: this.#digits.account,
          expiry: this.#digits.expiry,
          ...(this.#digits.cvv ? { cvv: this.#digits.cvv } : {}),
        },
        this.#now(),
      );
      this.#pending?.resolve(read);
    } catch (error) {
      const message = (error as Error).message;
      this.#problem = `${message[0]!.toUpperCase()}${message.slice(1)}.`;
      this.#field = message.startsWith('expiry') ? 'expiry' : message.startsWith('CVV') ? 'cvv' : 'account';
    }
  }

  #reset(): void {
    this.#digits = { account: '', expiry: '', cvv: '' };
    this.#field = 'account';
    this.#problem = null;
  }

  #publish(): void {
    const view = this.view();
    for (const listener of this.#listeners) listener(view);
  }
}
