import type { CardRead } from '../../../../drivers/card-reader/types';
import type { Journal } from '../../journal/journal';
import type { GatewayLink } from '../../offline/link-state';
import type { EncodedSignature } from '../../signature/codec';
import { signatureRequirement, type SignaturePolicy } from '../../signature/requirement';
import type { CardTender, PhaseListener } from '../outcome';
import { KindedError } from '../../../platform/errors';

/**
 * How the signature step ended: signed; canceled (on the screen, the pad, or by Cancel: the sale
 * ends with nothing sent); or skipped by a signed-in cashier where the store allows it.
 */
export type SignatureStep =
  | { readonly kind: 'signed'; readonly signature: EncodedSignature }
  | { readonly kind: 'canceled' }
  | { readonly kind: 'skipped'; readonly by: string };

/** A sale canceled at the signature: nothing was sent; the journal has a not-sent row with `orderId`. */
export class SaleCanceledError extends KindedError<'canceled'> {
  constructor(
    readonly orderId: string,
    message: string,
  ) {
    super('canceled', message);
    this.name = 'SaleCanceledError';
  }
}

/** What the signature step needs from the lane. */
export interface SignatureTaking {
  readonly journal: Journal;
  readonly policy: SignaturePolicy;
  /** Gets the cardholder's signature when the rules ask for one, or learns it was canceled or skipped. */
  readonly captureSignature?: (signal: AbortSignal) => Promise<SignatureStep>;
  /** Offline taking, when on: a sale while the link is offline is stored, and no gateway can ask for a signature later. */
  readonly offline?: { readonly link: Pick<GatewayLink, 'state'> };
}

/**
 * The signature step, before the authorization: asked for when the network's rules say so (money
 * going back to the card asks for none). A cancel here ends the sale with nothing sent; the
 * journal keeps a whole not-sent row so the history says what became of the card.
 */
export async function takeSignature(
  taking: SignatureTaking,
  request: { card: CardRead; amountMinor: number; tender: CardTender; signal: AbortSignal; onPhase: PhaseListener },
): Promise<{ required: boolean; step?: SignatureStep }> {
  const { card, amountMinor, tender, signal } = request;
  const required =
    tender !== 'forced-credit' &&
    signatureRequirement({
      network: card.network,
      amountMinor,
      entryMode: card.entryMode,
      cvm: card.cvm,
      policy: taking.policy,
      offline: taking.offline?.link.state() === 'offline',
    }).required;
  if (!required || !taking.captureSignature) return { required };
  request.onPhase('signature', 'Waiting for the signature');
  const step = await taking.captureSignature(signal);
  if (step.kind === 'canceled') {
    const { orderId } = taking.journal.recordNotSent(
      {
        operation: 'auth',
        amountMinor,
        maskedPan: card.maskedPan,
        entryMode: card.entryMode,
        detail: { tender, signatureRequired: true, canceledAt: 'signature' },
      },
      'canceled at the signature: nothing was sent',
    );
    throw new SaleCanceledError(orderId, 'Sale canceled at the signature: nothing was charged.');
  }
  return { required, step };
}
