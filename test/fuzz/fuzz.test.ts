import { describe, expect, it } from 'vitest';
import { CardReaderError } from '../../drivers/card-reader/errors';
import { formatFindings, fuzzTarget, type FuzzTarget } from './runner';
import { budgets, fuzzTargets } from './targets';

/**
 * Every parser of outside input under the byte and JSON mutators, with a small budget (the full
 * run of a million inputs is `npm run fuzz`). A throw that is not the parser's own error, or an
 * input slower than the bound twice in a row, fails the target and prints its minimal input.
 */
const shares = budgets(20_000, 200);

describe('fuzz: every parser of outside input refuses bad bytes by name, never crashes or hangs', () => {
  for (const [index, target] of fuzzTargets.entries()) {
    it(target.name, async () => {
      // The seeds are real samples: each is read as the parser reads a good input.
      for (const seed of target.seeds) await target.run(seed);
      // The hang bound here is loose: npm test shares the machine with every other test file.
      // `npm run fuzz` holds each target to its own bound.
      const report = await fuzzTarget(target, { inputs: shares[index] ?? 0, seed: 1 + index, hangMs: 5000 });
      expect(formatFindings([report])).toBe('');
      expect(report).toMatchObject({ inputs: shares[index], crashes: 0, hangs: 0 });
      expect(report.typed + report.accepted).toBe(report.inputs);
    });
  }
});

describe('the fuzz runner', () => {
  // A parser with a planted bug: a 0xEE byte anywhere makes it index past its input.
  const planted: FuzzTarget = {
    name: 'planted',
    seeds: [Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8)],
    isTyped: (error) => error instanceof CardReaderError,
    run: (input) => {
      if (input.includes(0xee)) return (undefined as unknown as { length: number }).length;
      if (input.length < 4) throw new CardReaderError('malformed', 'short');
      return input.length;
    },
  };

  it('reports a throw that is not the typed error as a crash, with the minimal input in hex', async () => {
    const report = await fuzzTarget(planted, { inputs: 5000, seed: 7 });
    expect(report.crashes).toBeGreaterThan(0);
    expect(report.typed).toBeGreaterThan(0);
    expect(report.findings[0]).toMatchObject({
      kind: 'crash',
      hex: 'ee',
      error: expect.stringMatching(/^TypeError: /),
    });
  });

  it('reports an input slower than the bound, twice, as a hang (on an injected clock)', async () => {
    // The clock advances 1 ms per reading, plus 1 s once the slow input (any 0x77 byte) has run.
    let clock = 0;
    let owed = 0;
    const now = () => {
      clock += 1 + owed;
      owed = 0;
      return clock;
    };
    const sluggish: FuzzTarget = { ...planted, run: (input) => void (owed = input.includes(0x77) ? 1000 : 0) };
    const report = await fuzzTarget(sluggish, { inputs: 3000, seed: 3, now, hangMs: 100 });
    expect(report.hangs).toBeGreaterThan(0);
    expect(report.findings[0]).toMatchObject({ kind: 'hang', hex: '77' });
  });

  it('splits the million over the targets without losing any', () => {
    expect(budgets(1_000_000).reduce((a, b) => a + b, 0)).toBe(1_000_000);
  });
});
