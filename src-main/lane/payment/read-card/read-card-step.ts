import { readCard, type ReadNotice } from '../../../../drivers/card-reader/read-card';
import type { CardRead, CardReader } from '../../../../drivers/card-reader/types';
import type { PhaseListener } from '../outcome';
import { KindedError } from '../../../platform/errors';

/** What the screen says while the card is awaited, after the reader refused a swipe or the chip failed. */
export function readNoticeWords(notice: ReadNotice, chipFailuresBeforeFallback: number): string {
  switch (notice.kind) {
    case 'insert-chip':
      return 'Chip card: insert it';
    case 'swipe-now':
      return 'Chip failed: swipe the card';
    case 'read-failed':
      return 'The card could not be read: try again';
    case 'chip-failed':
      return chipFailuresBeforeFallback > 0
        ? 'The chip could not be read: insert the card again'
        : 'The chip could not be read: insert the card again, or key the card';
  }
}

/** How a sale's card is read: at the reader, or keyed by the cashier. */
export interface CardReading {
  readonly reader: CardReader;
  readonly chipFailuresBeforeFallback: number;
  /** Seconds to wait for a card before the sale goes back to idle. */
  readonly cardTimeoutSeconds?: number;
  /** A card keyed by the cashier, for a sale whose card cannot be read. */
  readonly keyedEntry?: (signal: AbortSignal) => Promise<CardRead>;
}

/**
 * The read-card step: chip first, fallback by the rules, or keyed. The reader listens before the
 * screen says so, so a card presented at once is not missed; what the chip-first rule asks of the
 * person at the reader goes to the screen as the phase's words.
 */
export async function readSaleCard(
  reading: CardReading,
  request: { amountMinor: number; keyed: boolean; signal: AbortSignal; onPhase: PhaseListener },
): Promise<CardRead> {
  const { amountMinor, keyed, signal, onPhase: phase } = request;
  if (keyed && !reading.keyedEntry) throw new KindedError('refused', 'this lane takes no keyed cards');
  const onNotice = (notice: ReadNotice) =>
    phase('awaiting-card', readNoticeWords(notice, reading.chipFailuresBeforeFallback));
  const read = keyed
    ? reading.keyedEntry!(signal)
    : readCard(reading.reader, {
        amountMinor,
        timeoutSeconds: reading.cardTimeoutSeconds ?? 60,
        signal,
        chipFailuresBeforeFallback: reading.chipFailuresBeforeFallback,
        onNotice,
      });
  phase('awaiting-card', keyed ? 'Key the card number, expiry and CVV' : 'Insert, tap or swipe the card');
  const card = await read;
  phase('card-read', `${card.network.toUpperCase()} ${card.maskedPan.slice(-4)}`);
  return card;
}
