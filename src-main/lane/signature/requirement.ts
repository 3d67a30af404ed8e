import type { CardNetwork, CvmResult } from '../../../drivers/card-reader/emv';
import type { EntryMode } from '../../../drivers/card-reader/types';

/** What the merchant asks for: always a signature, never, or as the card networks say. */
export type SignaturePolicy = 'always' | 'never' | 'network-rules';

/**
 * The amounts (minor units) from which a network wants a signature when the CVM asks for one
 * (FACTS.md, the gateway's "Signature requirement adjustment"): group 1 is Visa at 25.00;
 * group 2 is Mastercard, Discover and American Express at 50.00.
 */
export const signatureThresholds: Readonly<Partial<Record<CardNetwork, number>>> = {
  visa: 2500,
  mastercard: 5000,
  discover: 5000,
  amex: 5000,
};

export interface SignatureQuestion {
  readonly network: CardNetwork;
  readonly amountMinor: number;
  readonly entryMode: EntryMode;
  /** The card's 9F34, decoded; null for swipe and keyed entry. */
  readonly cvm: CvmResult | null;
  readonly policy: SignaturePolicy;
  /**
   * The payment is stored to be sent later (ADR 078): no issuer can complete a verification now
   * and none can ask for a signature afterwards, so only what the card completed itself counts.
   */
  readonly offline?: boolean;
}

export type SignatureAnswer =
  { readonly required: true; readonly reason: string } | { readonly required: false; readonly reason: string };

const yes = (reason: string): SignatureAnswer => ({ required: true, reason });
const no = (reason: string): SignatureAnswer => ({ required: false, reason });

/** At or above the network's threshold; a network without one wants a signature at any amount. */
export function overThreshold(network: CardNetwork, amountMinor: number): boolean {
  const threshold = signatureThresholds[network];
  return threshold === undefined || amountMinor >= threshold;
}

/**
 * Whether to ask the cardholder for a signature before authorizing. A chip or contactless card
 * decides by its CVM: a verified PIN or "no CVM" never needs one, a signature CVM needs one at or
 * above the network's threshold. Swipe and keyed entry carry no CVM and follow the merchant's
 * policy, where "network rules" means the same thresholds. `always` and `never` override all.
 */
export function signatureRequirement(question: SignatureQuestion): SignatureAnswer {
  const { network, amountMinor, entryMode, cvm, policy } = question;
  if (policy === 'always') return yes('the merchant asks for a signature on every card sale');
  if (policy === 'never') return no('the merchant does not collect signatures');
  const chip = entryMode === 'chip' || entryMode === 'contactless';
  // Offline, a PIN left to the issuer to verify online, a failed or unknown CVM verify nothing:
  // the card's no-CVM and its own PIN still stand; the rest asks by the threshold, as no CVM data does.
  const cardCompleted =
    cvm !== null && (cvm.signature || cvm.method === 'none' || (cvm.pinVerified && cvm.outcome === 'successful'));
  if (question.offline && chip && cvm && !cardCompleted)
    return overThreshold(network, amountMinor)
      ? yes(
          `stored offline: the card's verification (${cvm.method}) cannot be completed, and ${network} requires a signature at this amount`,
        )
      : no(`stored offline below ${network}'s signature threshold`);
  if (chip && cvm) {
    if (cvm.pinVerified && !cvm.signature) return no('the PIN was verified');
    if (!cvm.signature)
      return no(
        cvm.method === 'none' ? 'the card asked for no verification' : `the card's verification was ${cvm.method}`,
      );
    return overThreshold(network, amountMinor)
      ? yes(`the card asks for a signature and ${network} requires one at this amount`)
      : no(`the card asks for a signature but ${network} waives it below the threshold`);
  }
  return overThreshold(network, amountMinor)
    ? yes(`${entryMode} entry at or above ${network}'s signature threshold`)
    : no(`${entryMode} entry below ${network}'s signature threshold`);
}
