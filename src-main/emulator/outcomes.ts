import { rpctResponseCodes } from './rpct-response-codes';

export interface Outcome {
  readonly respstat: 'A' | 'B' | 'C';
  readonly respcode: string;
  readonly respproc: string;
  readonly resptext: string;
  /** Set for a partial approval: the amount actually approved, in minor units. */
  readonly approvedAmount?: number;
}

/** Cards with a fixed answer in the gateway's test environment (FACTS.md). */
const declineCards: Record<string, string> = {
  '4387751111111020': '107', // Call for authorization
  '4387751111111038': '100', // Do not honor
  '4387751111111046': '101', // Expired card
  '4387751111111053': '500', // Decline
};
const timeoutCards = new Set(['4999006200620062', '5111006200620062', '6465006200620062']);
const partialApprovalCard = '4387750101010101';
const partialApprovalAmount = 500;
const partialApprovalFrom = 600;

function rpct(code: string, platform: string): Outcome {
  const known = rpctResponseCodes[code];
  return {
    respstat: known?.respstat ?? 'C',
    respcode: code,
    respproc: platform,
    resptext: known?.resptext ?? 'Decline',
  };
}

export function approval(platform: string): Outcome {
  return platform === 'RPCT'
    ? rpct('000', platform)
    : { respstat: 'A', respcode: '00', respproc: platform, resptext: 'Approval' };
}

export function ppsDecline(respcode: string, resptext: string): Outcome {
  return { respstat: 'C', respcode, respproc: 'PPS', resptext };
}

/**
 * The answer the test environment gives a card authorization: fixed cards first (timeouts,
 * declines, the partial-approval card), then RPCT's amount-driven codes for 1000.00 to
 * 1999.99 (1332.00 answers code 332), else an approval.
 */
export function cardOutcome(pan: string, amount: number, platform: string): Outcome {
  if (timeoutCards.has(pan)) return { respstat: 'B', respcode: '62', respproc: 'PPS', resptext: 'Timed out' };
  const declineCode = declineCards[pan];
  if (declineCode) return platform === 'RPCT' ? rpct(declineCode, platform) : { ...rpct(declineCode, platform), respproc: platform };
  if (pan === partialApprovalCard && amount >= partialApprovalFrom) {
    return { ...rpct('002', platform), respproc: platform, approvedAmount: partialApprovalAmount };
  }
  if (platform === 'RPCT' && amount >= 100_000 && amount <= 199_999) {
    return rpct(String(Math.trunc(amount / 100) % 1000).padStart(3, '0'), platform);
  }
  return approval(platform);
}

/** CVV test values: 112 match, 111 no match, 222 not processed, 333 issuer not certified. */
export function cvvResponse(cvv: string | undefined): string | undefined {
  if (cvv === undefined || cvv === '') return undefined;
  return { '112': 'M', '111': 'N', '222': 'P', '333': 'U' }[cvv] ?? 'M';
}

/**
 * AVS by the last three characters of the postal code (FACTS.md says the result is driven by
 * them; the mapping is the emulator's, listed in the README): 000 no match, 111 address only,
 * 222 postal code only, 333 unavailable, 444 retry; anything else a full match.
 */
export function avsResponse(postal: string | undefined): string | undefined {
  if (postal === undefined || postal === '') return undefined;
  return { '000': 'N', '111': 'A', '222': 'Z', '333': 'U', '444': 'R' }[postal.slice(-3)] ?? 'Y';
}
