/**
 * Money is an integer count of minor units (cents) inside the program; the gateway's wire
 * carries a decimal string. These are the only two crossings.
 */
import { formatMinorUnits } from '../ipc/money';

const maxMinorUnits = 99_999_999_999; // 999,999,999.99 fits the 12-character amount fields

/** 1234 → "12.34", -500 → "-5.00", 0 → "0.00". Throws for anything but a safe integer. */
export function toWireAmount(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits) || Math.abs(minorUnits) > maxMinorUnits) {
    throw new RangeError(`amount must be a whole number of minor units up to ${maxMinorUnits}, got ${minorUnits}`);
  }
  return formatMinorUnits(minorUnits, { symbol: '', grouping: false });
}

const wireAmount = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "12.34" → 1234, "5" → 500, "-1.5" → -150. Returns null for text that is not an amount. */
export function fromWireAmount(text: string): number | null {
  const match = wireAmount.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}
