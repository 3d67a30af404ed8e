import type { TaxRate } from '../ipc/contract';

/** A basis point is a hundredth of a percent: 10 000 of them are the whole. */
const basisPointsInWhole = 10_000;

/**
 * A line's tax at `basisPoints`, rounded half up to the cent: 1.005 cents is 1 cent and
 * 1.5 cents is 2. Integer arithmetic only, so no floating-point half ever rounds the wrong way;
 * the largest line (99 x 99,999.99 at 100 %) stays far inside a double's exact integers.
 */
export function lineTaxMinor(netMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(netMinor) || netMinor < 0)
    throw new RangeError(`a line's net amount is a whole number of cents from 0, not ${netMinor}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > basisPointsInWhole)
    throw new RangeError(`a tax rate is 0 to 10000 basis points, not ${basisPoints}`);
  return Math.floor((netMinor * basisPoints + basisPointsInWhole / 2) / basisPointsInWhole);
}

/** The store's rate by id, or a refusal that names the id and the rates there are. */
export function taxRateOf(rates: readonly TaxRate[], id: string): TaxRate {
  const rate = rates.find((candidate) => candidate.id === id);
  if (!rate)
    throw new RangeError(
      `unknown tax rate "${id}" (the store's rates: ${rates.map((known) => `"${known.id}"`).join(', ') || 'none'})`,
    );
  return rate;
}
