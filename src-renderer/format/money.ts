import { formatMinorUnits } from '../../src-main/ipc/money';

/**
 * Dollars and cents for the screen, from minor units: 123456 → "$1,234.56"; negative as "−$1.00"
 * (a typographic minus, which screen readers say as "minus"). The shared formatter does the work.
 */
export function formatMoney(minor: number): string {
  return formatMinorUnits(minor, { minus: '\u2212' });
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
