/**
 * The one way every Lanepoint program writes an amount of money held as integer minor units
 * (cents), and reads one a person typed: on the screens, on receipts, in the CLI, in the back
 * office and on the gateway's wire. Pure and import-free, so the renderer runs the very function
 * the main process prints with (pureSharedModules in eslint.config.ts). Reading the gateway's
 * decimal strings is the wire layer's job (gateway/money.ts), not this module's.
 *
 * Only integer arithmetic: the whole part is (amount - remainder) / 100, exact for every safe
 * integer, so no amount ever shows a rounding artefact, and a negative amount keeps its sign.
 */

/** How an amount is written; the defaults are the receipt's "-$1,234.56". */
export interface MoneyStyle {
  /** Written before the digits, after the sign: "$" on screens and receipts, "" on the wire. */
  readonly symbol?: string;
  /** Thousands separated by commas ("1,234.56"); off for the wire ("1234.56"). */
  readonly grouping?: boolean;
  /** The sign of a negative amount: "-" for receipts, the CLI and the wire; the screens use "\u2212". */
  readonly minus?: string;
}

/** 123456 → "$1,234.56", -500 → "-$5.00", 0 → "$0.00". Throws a RangeError for anything but a safe integer. */
export function formatMinorUnits(minor: number, style: MoneyStyle = {}): string {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`an amount must be a whole number of minor units, got ${minor}`);
  const { symbol = '$', grouping = true, minus = '-' } = style;
  const abs = minor < 0 ? -minor : minor;
  const cents = abs % 100;
  const whole = String((abs - cents) / 100);
  const wholeText = grouping ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return `${minor < 0 ? minus : ''}${symbol}${wholeText}.${String(cents).padStart(2, '0')}`;
}

/**
 * Dollars and cents for a screen: 123456 → "$1,234.56"; negative as "−$1.00" (a typographic
 * minus, which screen readers say as "minus").
 */
export function formatMoney(minor: number): string {
  return formatMinorUnits(minor, { minus: '\u2212' });
}

/** 1234 → "12.34", -400 → "-4.00": a plain decimal, as the gateway writes amounts and a person types them. */
export function formatDecimal(minor: number): string {
  return formatMinorUnits(minor, { symbol: '', grouping: false });
}

const maxWireMinorUnits = 99_999_999_999; // 999,999,999.99 fits the gateway's 12-character amount fields

/** 1234 → "12.34", -500 → "-5.00", 0 → "0.00" for the gateway's wire. Throws for anything but a safe integer in range. */
export function toWireAmount(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits) || Math.abs(minorUnits) > maxWireMinorUnits) {
    throw new RangeError(`amount must be a whole number of minor units up to ${maxWireMinorUnits}, got ${minorUnits}`);
  }
  return formatDecimal(minorUnits);
}

/**
 * What a person typed as an amount ("12", "12.5", "$1,234.56") → minor units, or null when it is
 * not an amount with at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
