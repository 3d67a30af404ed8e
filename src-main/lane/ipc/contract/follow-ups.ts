/**
 * What happens to a sale afterwards, by its order id: capture, void, refund (with its reasons),
 * reprint, the customer's stored cards, and a signature sent after the sale.
 */
import { z } from 'zod';
import { refundReasons, voidReasons } from '../refund-reasons';
import { amountMinorFrom, managerPin } from './schemas';
import { command } from './spec';

/** A capture, void or refund as the screens show it. */
export interface FollowUpSummary {
  readonly operation: 'capture' | 'void' | 'refund';
  /** not-applied: the answer was lost and the gateway shows nothing changed (safe to try again). */
  readonly outcome: 'approved' | 'declined' | 'retry' | 'unknown' | 'not-applied';
  readonly orderId: string;
  /** Captured, voided or refunded, in minor units. */
  readonly amountMinor: number;
  /** After a void: what the authorization still holds. */
  readonly remainingMinor: number | null;
  /** A refund's own retrieval reference. */
  readonly retref: string | null;
  readonly reason: string | null;
  readonly printed: boolean;
  readonly printProblem: string | null;
}

/** A sale's customer's stored cards (the gateway's profile), masked: never a number or a token. */
export interface StoredCardsView {
  /** False when the sale used or created no stored profile (or it was deleted since). */
  readonly hasProfile: boolean;
  /** The gateway's 20-digit profile id (an id, not card data): with an account id, what `terminal.profileSale` charges. */
  readonly profileId?: string;
  readonly cards: ReadonlyArray<{
    /** The account's id within the profile: what deleting names. */
    readonly acctid: string;
    /** The last four digits only, e.g. "****1443". */
    readonly maskedPan: string;
    readonly brand: string | null;
    /** The account authorizations use when only the profile is named. */
    readonly isDefault: boolean;
  }>;
}

export const followUpCommands = {
  'terminal.capture': command<FollowUpSummary>()(
    'Captures an authorization by its order id: the final `amountMinor` when it differs from what is held (more only where the gateway lets the merchant capture more), with a tip where the merchant takes tips (refused otherwise).',
    z
      .object({
        orderId: z.string().min(1).max(19),
        amountMinor: amountMinorFrom(1).optional(),
        tipMinor: amountMinorFrom(0).optional(),
      })
      .strict(),
  ),
  'terminal.void': command<FollowUpSummary>()(
    'Voids a sale or authorization by its order id: all of it, or part while it is only authorized, with a reason from the list (journaled with the void; no way in voids without one). A manager\u2019s: a cashier gives `managerPin`.',
    z
      .object({
        orderId: z.string().min(1).max(19),
        amountMinor: amountMinorFrom(1).optional(),
        reason: z.enum(voidReasons),
        managerPin,
      })
      .strict(),
  ),
  'terminal.refund': command<FollowUpSummary>()(
    'Refunds a settled sale by its order id: the amount always given (the screen offers what is left, never assumes it) and a reason from the list. Above the lane\u2019s refund limit a cashier gives `managerPin`.',
    z
      .object({
        orderId: z.string().min(1).max(19),
        amountMinor: amountMinorFrom(1),
        reason: z.enum(refundReasons),
        managerPin,
      })
      .strict(),
  ),
  'terminal.reprint': command<{ readonly printed: boolean; readonly problem: string | null; readonly png: string }>()(
    'Prints a sale\u2019s receipt again, marked DUPLICATE, from what the journal kept.',
    z.object({ orderId: z.string().min(1).max(19), copy: z.enum(['merchant', 'customer']).optional() }).strict(),
  ),
  'terminal.storedCards': command<StoredCardsView>()(
    'The stored cards of the customer of a sale (the profile the sale used or created, as the gateway keeps it), masked.',
    z.object({ orderId: z.string().min(1).max(19) }).strict(),
  ),
  'terminal.deleteStoredCard': command<StoredCardsView>()(
    'Deletes one stored card of a sale\u2019s customer at the gateway; the cards left. A manager\u2019s: a cashier gives `managerPin`.',
    z
      .object({
        orderId: z.string().min(1).max(19),
        acctid: z.string().regex(/^\d{1,3}$/, { error: 'a stored card\u2019s account id is 1 to 3 digits' }),
        managerPin,
      })
      .strict(),
  ),
  'terminal.addSignature': command<{ readonly saved: boolean; readonly reason: string | null }>()(
    'Sends the signature just accepted (signature.accept or signature.submit) to the gateway for an approved sale that was not signed when paid (sigcap). Moves no money.',
    z.object({ orderId: z.string().min(1).max(19) }).strict(),
  ),
} as const;
