import { cardReaderTargets } from './targets-card-reader';
import { deviceTargets } from './targets-devices';
import { mainTargets } from './targets-main';
import type { FuzzTarget } from './runner';

/** Every parser that reads outside input, one fuzz target each. */
export const fuzzTargets: readonly FuzzTarget[] = [...cardReaderTargets, ...deviceTargets, ...mainTargets];

/** Splits a total budget over the targets by weight; every target gets at least `floor` inputs. */
export function budgets(total: number, floor = 1): number[] {
  const weights = fuzzTargets.map((target) => target.weight ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => Math.max(floor, Math.floor((total * weight) / sum)));
  // Rounding down loses a few inputs; the first target takes them so the total is never short.
  shares[0] = (shares[0] ?? 0) + Math.max(0, total - shares.reduce((a, b) => a + b, 0));
  return shares;
}
