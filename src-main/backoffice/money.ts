/**
 * The one crossing between the back office's minor units and the boarding wire's decimals
 * (order prices and billing plan amounts are JSON numbers; catalog prices are decimal text).
 */
import { fromWireAmount } from '../lane/gateway/money';
import { toWireAmount } from '../platform/money';

/** 34900 → 349 (a JSON number with at most two decimals, as the wire takes it). */
export function wireDecimal(minor: number): number {
  return Number(toWireAmount(minor));
}

/** 349, "349.00" or "19.95" → minor units; null or unreadable → null. */
export function minorFromWire(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  return fromWireAmount(value);
}

/** As `minorFromWire`, with 0 for a price the service left out. */
export function minorOrZero(value: number | string | null | undefined): number {
  return minorFromWire(value) ?? 0;
}
