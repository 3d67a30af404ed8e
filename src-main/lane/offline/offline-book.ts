import type { AuthorizationRequest } from '../gateway/auth-request';
import type { Journal, JournalIntent, OfflineRow } from '../journal/journal';
import type { CardForJournal } from '../payment/authorize/journaled-authorization';
import type { RequestSeal } from './seal';

/** The card of an offline payment as the journal and the queue keep it: masked, its mode, brand and last four. */
export interface OfflineCardFacts extends CardForJournal {
  readonly brand?: string;
  readonly lastFour?: string;
}

/** The request as it is sealed: everything the gateway needs except the order id, which is the row's. */
type SealedRequest = Omit<AuthorizationRequest, 'orderid'>;

/**
 * The offline store (ADR 074): payments taken while the gateway cannot be reached, each an `auth`
 * row in state `stored` with its whole authorization request sealed beside it in the same
 * transaction. The request is clear only in memory, for the moment it is sealed or sent.
 */
export class OfflineBook {
  readonly journal: Journal;
  readonly #seal: RequestSeal;

  constructor(journal: Journal, seal: RequestSeal) {
    this.journal = journal;
    this.#seal = seal;
  }

  /** Stores a payment without sending it: a new order id, the row and the sealed request in one transaction. */
  store(
    request: AuthorizationRequest,
    card: OfflineCardFacts,
    detail?: JournalIntent['detail'],
  ): { entryId: number; orderId: string } {
    const { orderid: _ignored, ...rest } = request;
    const { id, orderId } = this.journal.offline.store(
      { operation: 'auth', amountMinor: request.amount, ...journalCard(card), ...(detail ? { detail } : {}) },
      this.#seal.seal(JSON.stringify(rest)),
      offlineCard(card),
    );
    return { entryId: id, orderId };
  }

  /** A pending authorization whose request provably never left: stored instead, same order id, in one transaction. */
  storeNeverLeft(entryId: number, request: AuthorizationRequest, card: OfflineCardFacts, reason: string): void {
    const { orderid: _ignored, ...rest } = request;
    this.journal.offline.storeNeverLeft(entryId, this.#seal.seal(JSON.stringify(rest)), offlineCard(card), reason);
  }

  /** The request to send for a stored payment, with its journaled order id; undefined once its outcome is known. */
  requestOf(entryId: number): AuthorizationRequest | undefined {
    const sealed = this.journal.offline.sealedOf(entryId);
    const entry = this.journal.get(entryId);
    if (!sealed || !entry) return undefined;
    return { ...(JSON.parse(this.#seal.open(sealed)) as SealedRequest), orderid: entry.orderId };
  }

  /** Waiting to be sent, oldest first. */
  stored(): OfflineRow[] {
    return this.journal.offline.stored();
  }

  /** Not known yet (stored, or being sent): how many, how much, the oldest. */
  outstanding(): { count: number; minor: number; oldestAt: number | null } {
    return this.journal.offline.outstanding();
  }
}

function journalCard(card: OfflineCardFacts): CardForJournal {
  return {
    ...(card.maskedPan ? { maskedPan: card.maskedPan } : {}),
    ...(card.entryMode ? { entryMode: card.entryMode } : {}),
  };
}

function offlineCard(card: OfflineCardFacts): { brand?: string; lastFour?: string } {
  const lastFour = card.lastFour ?? card.maskedPan?.slice(-4);
  return {
    ...(card.brand ? { brand: card.brand } : {}),
    ...(lastFour && /^\d{4}$/.test(lastFour) ? { lastFour } : {}),
  };
}
