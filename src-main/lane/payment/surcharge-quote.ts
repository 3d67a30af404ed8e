import type { SurchargeSettings } from '../config/surcharge-settings';
import type { GatewayClient } from '../gateway/client';
import { GatewayError, ValidationError } from '../gateway/errors';
import type { Logger } from '../../platform/log/logger';

/**
 * What the sale knows of how the customer pays, before it authorizes. A card's funding comes from
 * what the lane read (a PIN debit choice, the chip's application id); its token and postal code
 * when the sale has them (a stored profile, a wallet token, a keyed card's postal code).
 */
export type QuotedTender =
  | { readonly kind: 'cash' }
  | {
      readonly kind: 'card';
      readonly funding?: 'credit' | 'debit' | 'prepaid' | 'unknown';
      /** The chip's AID: a US Common Debit application is a debit card. */
      readonly aid?: string;
      readonly token?: string;
      readonly postal?: string;
    };

/** The answer to "is there a surcharge on this sale, and how much?" */
export type SurchargeQuote =
  /** No surcharge: cash, debit or prepaid, the merchant does not surcharge, or the gateway says none applies. */
  | { readonly kind: 'none'; readonly reason: 'cash' | 'debit' | 'not-configured' | 'not-eligible' | 'restricted' }
  /** The gateway says this card is surcharged: the fee, and the total the card pays. */
  | { readonly kind: 'surcharge'; readonly feeMinor: number; readonly totalMinor: number }
  /**
   * The gateway could not tell the card (no token to ask with) but would charge this fee on a
   * credit card: tell the customer before they pay; the authorization decides.
   */
  | { readonly kind: 'if-credit'; readonly feeMinor: number; readonly totalMinor: number }
  /** The gateway did not answer the question: the authorization still decides; say so. */
  | { readonly kind: 'unknown'; readonly reason: string };

/** What asking needs from the lane. */
export interface SurchargeQuoting {
  readonly client: Pick<GatewayClient, 'surcharge'>;
  readonly merchid: string;
  readonly settings: SurchargeSettings;
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * The US Common Debit application ids (Visa, Mastercard, Discover, and the debit networks'
 * shared one): a chip that chose one of these is a debit card, whatever its brand.
 */
const usCommonDebitAids = ['A0000000980840', 'A0000000042203', 'A0000001524010', 'A0000006200620'];

/** Whether what the lane read says debit (or prepaid, which the card networks count as debit). */
function readAsDebit(tender: Extract<QuotedTender, { kind: 'card' }>): boolean {
  if (tender.funding === 'debit' || tender.funding === 'prepaid') return true;
  const aid = tender.aid?.toUpperCase();
  return aid !== undefined && usCommonDebitAids.some((debit) => aid.startsWith(debit));
}

/**
 * Asks, before a sale authorizes, whether the gateway will surcharge it: only when the merchant
 * is set up for surcharging (`surcharge.enabled`), never for cash, never for a card the lane read
 * as debit or prepaid (those are answered without asking). Otherwise it asks the gateway's
 * surcharge endpoint with the amount, the card's token and a postal code (the card's, else the
 * store's). A gateway that does not answer is `unknown`, not an error: the sale may go on, and
 * the authorization applies whatever fee the merchant's setup says.
 */
export async function surchargeQuote(
  lane: SurchargeQuoting,
  tender: QuotedTender,
  amountMinor: number,
): Promise<SurchargeQuote> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new ValidationError('amountMinor', 'a positive whole number of minor units (cents)');
  if (tender.kind === 'cash') return { kind: 'none', reason: 'cash' };
  if (!lane.settings.enabled) return { kind: 'none', reason: 'not-configured' };
  if (readAsDebit(tender)) return { kind: 'none', reason: 'debit' };
  const postal = tender.postal ?? (lane.settings.storePostal || undefined);
  if (tender.token === undefined && postal === undefined)
    return { kind: 'unknown', reason: 'The lane has no card token or postal code to ask the gateway with.' };
  let answer;
  try {
    answer = await lane.client.surcharge({
      merchid: lane.merchid,
      amount: amountMinor,
      ...(tender.token === undefined ? {} : { token: tender.token }),
      ...(postal === undefined ? {} : { postal }),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    lane.logger?.warn({ code: error.code, status: error.status }, 'surcharge question not answered');
    return { kind: 'unknown', reason: 'The gateway did not say whether a surcharge applies.' };
  }
  const feeMinor = answer.feeAmount ?? 0;
  if (answer.token === 'DEBIT') return { kind: 'none', reason: 'debit' };
  if (answer.postal !== 'NOT_RESTRICTED' && answer.postal !== 'UNKNOWN') return { kind: 'none', reason: 'restricted' };
  if (feeMinor <= 0) return { kind: 'none', reason: 'not-eligible' };
  const totalMinor = amountMinor + feeMinor;
  return answer.applies ? { kind: 'surcharge', feeMinor, totalMinor } : { kind: 'if-credit', feeMinor, totalMinor };
}
