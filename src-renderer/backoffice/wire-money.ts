import { formatMoney, parseMoney } from '../format/money';

/**
 * An amount as the boarding service writes it (a decimal string "129.00" or a number 12.5) in
 * the lane's money format; a value that is not an amount is shown as it came.
 */
export function wireMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '\u2014';
  const minor = parseMoney(String(value));
  return minor === null ? String(value) : formatMoney(minor);
}

/** What a person typed as an amount → the wire's decimal number, or null when it is not an amount. */
export function typedAmount(text: string): number | null {
  const minor = parseMoney(text);
  return minor === null ? null : minor / 100;
}
