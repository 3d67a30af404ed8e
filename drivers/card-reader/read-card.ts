import cardValidator from 'card-validator';
import { systemClock, type Clock } from '../../src-main/platform/clock';
import { maskCardNumber, networkForPan } from './card-read';
import { CardReaderError, malformed } from './errors';
import { luhnValid } from './track';
import type { CardRead, CardReader, KeyedCard, ReadRequest } from './types';

/** What the terminal tells the person at the reader while a read is under way. */
export type ReadNotice =
  | { readonly kind: 'chip-failed'; readonly failures: number; readonly reason: string }
  | { readonly kind: 'swipe-now' }
  | { readonly kind: 'insert-chip' }
  /** What the reader sent could not be read as a card (a swipe too fast or crooked, a burst cut short). */
  | { readonly kind: 'read-failed'; readonly reason: string };

export interface ReadCardOptions extends ReadRequest {
  /** Chip failures after which a chip card may be swiped as "fallback" (default 1; 0 never allows it). */
  readonly chipFailuresBeforeFallback?: number;
  readonly onNotice?: (notice: ReadNotice) => void;
  /** Where the read's deadline is measured (default: the process's clock). */
  readonly clock?: Pick<Clock, 'monotonic'>;
}

/**
 * Reads one card for a sale with the card-present entry rules: a swiped chip card is refused
 * ("insert the chip") until the chip has failed `chipFailuresBeforeFallback` times, and then
 * accepted as `fallback-swipe`. When the reader masks the service code (an encrypted swipe)
 * the swipe is taken, as `fallback-swipe` when the chip already failed in this read. The read
 * keeps waiting through refusals, chip failures and reads that cannot be used (`malformed`: the
 * person is asked to try again, as a terminal's "read error" asks) until a card is accepted, the
 * signal aborts or the timeout passes.
 */
export async function readCard(reader: CardReader, options: ReadCardOptions): Promise<CardRead> {
  const allowAfter = options.chipFailuresBeforeFallback ?? 1;
  let failures = 0;
  const onChipError = (reason: string) => {
    failures += 1;
    options.onNotice?.({ kind: 'chip-failed', failures, reason });
    if (allowAfter > 0 && failures >= allowAfter) options.onNotice?.({ kind: 'swipe-now' });
  };
  reader.on('chip-error', onChipError);
  const clock = options.clock ?? systemClock;
  const deadline = options.timeoutSeconds === undefined ? undefined : clock.monotonic() + options.timeoutSeconds * 1000;
  try {
    for (;;) {
      const remaining = deadline === undefined ? undefined : Math.max(0, (deadline - clock.monotonic()) / 1000);
      if (remaining === 0) throw new CardReaderError('timeout', `no card within ${options.timeoutSeconds} s`);
      let read: CardRead;
      try {
        read = await reader.read({ ...options, ...(remaining !== undefined && { timeoutSeconds: remaining }) });
      } catch (error) {
        if (!(error instanceof CardReaderError) || error.kind !== 'malformed') throw error;
        options.onNotice?.({ kind: 'read-failed', reason: error.message });
        continue;
      }
      if (read.entryMode !== 'swipe' || read.chipCard === false) return read;
      const fallbackAllowed = allowAfter > 0 && failures >= allowAfter;
      // A masked stripe hides the service code: after a failed chip in this read it is fallback.
      if (read.chipCard === null) return failures > 0 ? { ...read, entryMode: 'fallback-swipe' } : read;
      if (fallbackAllowed) return { ...read, entryMode: 'fallback-swipe' };
      options.onNotice?.({ kind: 'insert-chip' });
    }
  } finally {
    reader.off('chip-error', onChipError);
  }
}

/**
 * Keyed entry, the last resort: checks the number (Luhn, a known brand's length), the expiry
 * (MMYY, not past) and the CVV length for the brand, and throws `malformed` naming the field.
 */
export function keyedCardRead(input: { account: string; expiry: string; cvv?: string }, now = new Date()): CardRead {
  const account = input.account.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(account)) throw malformed('card number: enter 12 to 19 digits');
  if (!luhnValid(account)) throw malformed('card number: a digit is wrong (the check digit does not match)');
  const number = cardValidator.number(account);
  if (!number.isValid) throw malformed('card number: not the length of any card of that brand');
  const match = /^(0[1-9]|1[0-2])\/?(\d{2})$/.exec(input.expiry.trim());
  if (!match) throw malformed('expiry: enter the month and year as MMYY');
  const [, month = '', year = ''] = match;
  const endOfMonth = new Date(Date.UTC(2000 + Number(year), Number(month), 1));
  if (endOfMonth.getTime() <= now.getTime()) throw malformed('expiry: the card has expired');
  const cvv = input.cvv?.trim() || null;
  const cvvSize = number.card?.code.size ?? 3;
  if (cvv !== null && !new RegExp(`^\\d{${cvvSize}}$`).test(cvv))
    throw malformed(`CVV: enter the ${cvvSize} digits on the card`);
  const keyed: KeyedCard = { account, expiry: `${month}${year}`, cvv };
  return {
    entryMode: 'keyed',
    track: '',
    keyed,
    maskedPan: maskCardNumber(account),
    lastFour: account.slice(-4),
    network: networkForPan(account),
    name: null,
    expiry: keyed.expiry,
    cvm: null,
    aid: null,
    applicationLabel: null,
    preferredName: null,
    encrypted: false,
    chipCard: false,
  };
}
