/**
 * Money is an integer count of minor units (cents) inside the program; the gateway's wire
 * carries a decimal string. Writing one is platform/money.ts (toWireAmount); reading one the
 * gateway sent is this wire layer's parsing.
 */

const wireAmount = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "12.34" → 1234, "5" → 500, "-1.5" → -150. Returns null for text that is not an amount. */
export function fromWireAmount(text: string): number | null {
  const match = wireAmount.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}
