import { processorResponseCodes, type ProcessorCode } from './processor-response-codes';

/** A refund's answer from the emulated processor. */
export interface RefundOutcome {
  readonly respstat: 'A' | 'B' | 'C';
  readonly respcode: string;
  readonly respproc: string;
  readonly resptext: string;
}

/** The platforms whose UAT emulators answer refunds by amount (developer-guides.md, "Testing Refund Authorizations"). */
const refundTables: Readonly<Record<string, Readonly<Record<string, ProcessorCode>>>> = processorResponseCodes;

/**
 * RPCT approves with 000, FNOR (and the rest) with 00. The text is "Approval" on both, as the
 * authorization answers it: the guides' test-card tables and changelog examples say "Approval"
 * where response-codes.md's RPCT list says "Approve".
 */
export function refundApproval(platform: string): RefundOutcome {
  return { respstat: 'A', respcode: platform === 'RPCT' ? '000' : '00', respproc: platform, resptext: 'Approval' };
}

/**
 * The code a refund amount asks for: a whole-dollar amount of 1000 to 1999 names it by its last
 * three digits, "with a leading 0 for 2-digit codes" (1500.00 → 500; 1005.00 → 05 on FNOR, whose
 * codes have two characters). Undefined outside that range.
 */
export function refundCodeOf(amountMinor: number, platform: string): string | undefined {
  const dollars = Math.trunc(amountMinor / 100);
  if (dollars < 1000 || dollars > 1999) return undefined;
  const three = String(dollars % 1000).padStart(3, '0');
  return platform === 'RPCT' ? three : three.startsWith('0') ? three.slice(1) : three;
}

/**
 * The emulated processor's answer to a refund of this amount: the amount-driven code from the
 * platform's table (a decline or retry), else an approval. A code the table lacks, or one of its
 * approval codes, approves: the amount is then just an amount.
 */
export function refundOutcome(amountMinor: number, platform: string): RefundOutcome {
  const code = refundCodeOf(amountMinor, platform);
  const row = code === undefined ? undefined : refundTables[platform]?.[code];
  if (code === undefined || !row || row.respstat === 'A') return refundApproval(platform);
  return { respstat: row.respstat, respcode: code, respproc: platform, resptext: row.resptext };
}
