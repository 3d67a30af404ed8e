import { describe, expect, it } from 'vitest';
import { measure } from '../../bench/harness';

/** The harness's bookkeeping, with slices reported by the runs themselves: nothing here is timed. */
describe('bench harness: a case against its baseline', () => {
  it('times the case and its baseline in turns, swapping the order of each pair', async () => {
    const order: string[] = [];
    await measure({
      name: 'case',
      iterations: 20,
      run: () => order.push('case'),
      baseline: { name: 'baseline', run: () => order.push('baseline') },
    });
    // The first 20 calls are the warm-up (10 of each, in turns); then case, baseline, baseline, case...
    expect(order.slice(20, 26)).toEqual(['case', 'baseline', 'baseline', 'case', 'case', 'baseline']);
    expect(order.filter((name) => name === 'case')).toHaveLength(30);
    expect(order.filter((name) => name === 'baseline')).toHaveLength(30);
  });

  it("reports the median of the pairs' ratios, so one slow pair does not move it", async () => {
    let runs = 0;
    const result = await measure({
      name: 'case',
      iterations: 20,
      // Each case run takes twice its baseline, but one timed run (after the 10 warm-ups) was hit by a pause.
      run: () => ({ measuredMs: ++runs === 15 ? 400 : 2 }),
      baseline: { name: 'baseline', run: () => ({ measuredMs: 1 }) },
    });
    expect(result.vsBaseline).toEqual({ name: 'baseline', ratio: 2 });
    expect(result.p50Ms).toBe(2);
  });
});
