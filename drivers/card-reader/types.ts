import type { EventEmitter } from 'node:events';
import type { CardNetwork, CvmResult } from './emv';

/** How the card reached the terminal. `fallback-swipe` is a chip card swiped after the chip failed. */
export type EntryMode = 'swipe' | 'chip' | 'contactless' | 'fallback-swipe' | 'keyed';

/**
 * One card, as a reader presented it. `track` is the only field with card data in it: it goes to
 * the gateway's `track` field unchanged and is never logged, stored or sent to the renderer
 * (use `describeCardRead`). Everything else is safe to show and to journal.
 */
export interface CardRead {
  readonly entryMode: EntryMode;
  /**
   * The reader's output as the gateway accepts it: clear track 1/2, an encrypted swipe record or
   * quick-chip TLV hex. Empty for keyed entry, which carries `keyed` instead.
   */
  readonly track: string;
  /** Keyed entry only: what the cashier typed. Clear card data; in memory for one authorization. */
  readonly keyed?: KeyedCard;
  /** First six and last four digits at most, the rest '*', e.g. "601100******6668" or "6011********6668". */
  readonly maskedPan: string;
  readonly lastFour: string;
  readonly network: CardNetwork;
  /** Cardholder name as encoded ("DOE/PAT A"), or null when the card or reader gives none. */
  readonly name: string | null;
  /** MMYY, or null when the reader masks it. */
  readonly expiry: string | null;
  /** Tag 9F34 decoded; null for swipe and keyed entry, which carry no CVM. */
  readonly cvm: CvmResult | null;
  /** Application id (4F) for chip and contactless. */
  readonly aid: string | null;
  /** Application label (50). */
  readonly applicationLabel: string | null;
  /** Application preferred name (9F12). */
  readonly preferredName: string | null;
  /** True when the reader encrypted the card data (then `track` carries a key serial number). */
  readonly encrypted: boolean;
  /**
   * Whether the card has a chip: from the stripe's service code (2xx or 6xx), true for chip and
   * contactless reads, null when the reader masks the service code (encrypted swipes).
   */
  readonly chipCard: boolean | null;
}

export interface KeyedCard {
  readonly account: string;
  /** MMYY. */
  readonly expiry: string;
  readonly cvv: string | null;
  /** The billing address the cashier keyed for the address check (AVS): not card data, but never logged either. */
  readonly billing?: KeyedBilling;
}

/** A keyed card's billing address, as the gateway takes it: `postal`, `country` when not US, `address`. */
export interface KeyedBilling {
  /** A US ZIP as 5 or 9 digits, or another country's postal code (letters, digits, spaces, dashes; at most 9). */
  readonly postal: string;
  /** Two letters; absent for a US ZIP (the gateway's default). */
  readonly country?: string;
  /** The street address, when the merchant asks for it (`payments.askStreetWhenKeyed`). */
  readonly address?: string;
}

/** A CardRead without its card data, for logs, JSON output and the renderer. */
export type CardReadSummary = Omit<CardRead, 'track' | 'keyed'>;

export function describeCardRead(read: CardRead): CardReadSummary {
  const { track: _track, keyed: _keyed, ...summary } = read;
  return summary;
}

/** What a cashier or customer asked the reader for. */
export interface ReadRequest {
  /** Sale amount in minor units; EMV readers need it, swipe readers ignore it. */
  readonly amountMinor: number;
  /** Seconds the reader waits for a card. */
  readonly timeoutSeconds?: number;
  readonly signal?: AbortSignal;
}

export interface CardReaderEvents {
  /** A card was read. Passive readers (swipe, wedge) emit this whenever a card is presented. */
  card: [read: CardRead];
  /** The chip could not be read (for the fallback count), with the reader's reason. */
  'chip-error': [reason: string];
  /** The device went away or came back. */
  disconnected: [error: Error];
  connected: [];
  /** Something the reader sent could not be used; the reader stays usable. */
  error: [error: Error];
}

/**
 * A card reader protocol over a transport. `read` resolves with the next card (for EMV readers it
 * starts a transaction with the amount first) and rejects with a CardReaderError: `canceled` when
 * the signal aborts, `timeout`, `disconnected`, or `malformed` for data that cannot be used.
 */
export interface CardReader extends EventEmitter<CardReaderEvents> {
  /** Protocol name, e.g. "idtech-keyboard". */
  readonly protocol: string;
  open(): Promise<void>;
  read(request: ReadRequest): Promise<CardRead>;
  close(): Promise<void>;
}
