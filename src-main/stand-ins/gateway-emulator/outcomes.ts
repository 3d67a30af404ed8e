import { processorResponseCodes } from './processor-response-codes';
import { fixedCardAnswer, partialApprovalAnswers, partialApprovalCard, timeoutCards } from './uat-test-cards';

export interface Outcome {
  readonly respstat: 'A' | 'B' | 'C';
  readonly respcode: string;
  readonly respproc: string;
  readonly resptext: string;
  /** Set for a partial approval: the amount actually approved, in minor units. */
  readonly approvedAmount?: number;
  /** A published approval card's fixed authorization code. */
  readonly authcode?: string;
}

/** The OpenAPI file declares resptext at most 40 characters; some listed texts are longer. */
const resptextMax = 40;

const isRpct = (platform: string) => platform === 'RPCT';

/** The approval every card gets unless something below answers otherwise (the test-card tables' "Approval"). */
export function approval(platform: string): Outcome {
  return { respstat: 'A', respcode: isRpct(platform) ? '000' : '00', respproc: platform, resptext: 'Approval' };
}

/** A decline by the gateway itself, before the processor (respproc PPS). */
export function ppsDecline(respcode: string, resptext: string): Outcome {
  return { respstat: 'C', respcode, respproc: 'PPS', resptext };
}

/** The gateway's code for an approval on the issuer's voice authorization code. */
export const voiceApprovedCode = '01';

/** A voice authorization the gateway approves on its own: PPS 01 "VoiceAuth Approved", with the code as given. */
export function voiceApproval(authcode: string): Outcome {
  return { respstat: 'A', respcode: voiceApprovedCode, respproc: 'PPS', resptext: 'VoiceAuth Approved', authcode };
}

/** The PPS 62 answer of the timeout cards: the processor never answered. */
export const processorTimeout: Outcome = { respstat: 'B', respcode: '62', respproc: 'PPS', resptext: 'Timed out' };

/**
 * The processor's answer for an amount in the amount-driven range, or undefined when the amount
 * is outside it or names no code of the platform's list. The guides: "an amount in the
 * $1000-$1999 range ... the last three digits (with a leading 0 for 2-digit response codes) of
 * the whole-dollar amount"; for RPCT "the amount range will be $1001-$1999".
 */
export function amountDrivenOutcome(amountMinor: number, platform: string): Outcome | undefined {
  const dollars = Math.trunc(amountMinor / 100);
  if (dollars < (isRpct(platform) ? 1001 : 1000) || dollars > 1999) return undefined;
  const digits = String(dollars % 1000).padStart(3, '0');
  const respcode = isRpct(platform) ? digits : digits.startsWith('0') ? digits.slice(1) : undefined;
  const listed =
    respcode === undefined ? undefined : processorResponseCodes[isRpct(platform) ? 'RPCT' : 'FNOR'][respcode];
  if (!listed || respcode === undefined) return undefined;
  const partial =
    listed.respstat === 'A' && respcode === partialApprovalAnswers[isRpct(platform) ? 'RPCT' : 'FNOR'].respcode;
  return {
    respstat: listed.respstat,
    respcode,
    respproc: platform,
    resptext: listed.resptext.slice(0, resptextMax),
    // The guides name no approved amount for an amount-driven partial approval: the partial card's 5.00.
    ...(partial && { approvedAmount: partialApprovalCard.approvedMinor }),
  };
}

/**
 * The answer the test environment gives a card authorization: the timeout cards, the decline
 * cards of the merchant's platform (at any amount), the partial-approval card, the amount-driven
 * codes, else an approval (with the published authcode for the tables' approval cards).
 */
export function cardOutcome(pan: string, amountMinor: number, platform: string): Outcome {
  if (timeoutCards.has(pan)) return processorTimeout;
  const fixed = fixedCardAnswer(pan, platform);
  if (fixed && fixed.respstat !== 'A') return { ...fixed, respproc: platform };
  if (pan === partialApprovalCard.pan && amountMinor >= partialApprovalCard.fromMinor) {
    return {
      ...partialApprovalAnswers[isRpct(platform) ? 'RPCT' : 'FNOR'],
      respproc: platform,
      approvedAmount: partialApprovalCard.approvedMinor,
    };
  }
  const driven = amountDrivenOutcome(amountMinor, platform);
  if (driven) return driven;
  return fixed ? { ...fixed, respproc: platform } : approval(platform);
}
