/**
 * The one way Lanepoint writes an amount of money held as integer minor units (cents): on the
 * screens, on receipts, in the CLI and on the gateway's wire. Pure and import-free, so the
 * renderer runs the very function the main process prints with (see eslint.config.ts).
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
