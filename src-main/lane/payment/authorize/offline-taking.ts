import type { AuthorizationRequest } from '../../gateway/auth-request';
import { GatewayTransportError } from '../../gateway/errors';
import type { Journal } from '../../journal/journal';
import type { GatewayLink } from '../../offline/link-state';
import type { OfflineBook } from '../../offline/offline-book';
import type { OfflinePolicy } from '../../offline/policy';
import { formatMoney } from '../../../platform/money';
import type { Authorized, AuthorizationAsked } from './authorization-asked';
import type { JournaledAuthorizationRequest } from './journaled-authorization';

/** What a lane that takes payments offline lends the authorize step (ADR 074). */
export interface OfflineTaking {
  readonly link: GatewayLink;
  readonly book: OfflineBook;
  readonly policy: OfflinePolicy;
}

/** One sale's offline choices: store it now (the link is down), store it when its request never left, or say why not. */
export interface SaleOfflineTaking {
  /** The link says offline and the policy allows: stored without sending. */
  storeNow(): { orderId: string } | undefined;
  readonly storeIfNeverLeft: NonNullable<JournaledAuthorizationRequest['storeIfNeverLeft']>;
  /** Why the policy refused this sale offline, once it was asked. */
  refusal(): string | undefined;
}

/** Who the slip names: the lane's merchant and terminal. */
export interface SlipLane {
  readonly merchid: string;
  readonly terminalId: string;
}

/** The words of a stored outcome (never "approved") and its slip: OFFLINE, to be sent later. */
export function storedOutcome(lane: SlipLane, asked: AuthorizationAsked, orderId: string): Authorized {
  const lastFour = asked.cardFacts?.lastFour ?? asked.card.maskedPan?.slice(-4) ?? '';
  return {
    outcome: {
      kind: 'stored',
      orderId,
      reason: `Stored offline: ${formatMoney(asked.amountMinor)} will be sent to the gateway when it is back.`,
    },
    facts: {
      amountMinor: asked.amountMinor,
      card: asked.cardFacts ?? { lastFour, brand: 'CARD', entryMethod: asked.card.entryMode ?? '' },
      gateway: { orderId },
      signature: {
        required: asked.signatureRequired,
        ...(asked.signatureImage ? { image: asked.signatureImage } : {}),
      },
      merchantId: lane.merchid,
      terminalId: lane.terminalId,
    },
  };
}

export function offlineTaking(
  journal: Journal,
  offline: OfflineTaking,
  asked: AuthorizationAsked,
  request: AuthorizationRequest,
): SaleOfflineTaking {
  let refused: string | undefined;
  const tender =
    typeof asked.detail?.tender === 'string'
      ? asked.detail.tender
      : asked.credit
        ? 'forced-credit'
        : asked.capture
          ? 'sale'
          : 'authorize';
  const card = {
    ...asked.card,
    ...(asked.cardFacts?.brand ? { brand: asked.cardFacts.brand } : {}),
    ...(asked.cardFacts?.lastFour ? { lastFour: asked.cardFacts.lastFour } : {}),
  };
  const allowed = (): boolean => {
    const decision = offline.policy.decide(
      { amountMinor: asked.amountMinor, entryMode: asked.card.entryMode, tender },
      offline.book.outstanding(),
      journal.clock.now(),
    );
    if (!decision.allowed) refused = decision.reason;
    return decision.allowed;
  };
  return {
    storeNow() {
      if (offline.link.state() !== 'offline' || !allowed()) return undefined;
      return offline.book.store(request, card, asked.detail);
    },
    storeIfNeverLeft(entryId, sent, error) {
      offline.link.noteNeverLeft(error.message);
      if (!allowed()) return false;
      offline.book.storeNeverLeft(entryId, sent, card, error.message);
      return true;
    },
    refusal: () => refused,
  };
}

/** Sends; a request that never left while the policy refused to store it fails as today, with the policy's words added. */
export async function sendOrRefuse<T>(taking: SaleOfflineTaking | undefined, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const refusal = taking?.refusal();
    if (refusal && error instanceof GatewayTransportError && !error.requestSent)
      throw new GatewayTransportError(`${error.message}. ${refusal}`, { requestSent: false, cause: error });
    throw error;
  }
}
