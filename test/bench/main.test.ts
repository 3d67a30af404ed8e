import { describe, expect, it } from 'vitest';
import { benchFilter, runBenchMain } from '../../bench/main';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (line: string) => out.push(line), stderr: (line: string) => err.push(line) }, out, err };
}

describe('npm run bench', () => {
  it('takes one name filter or none', () => {
    expect(benchFilter([])).toEqual({ filter: undefined });
    expect(benchFilter(['soak'])).toEqual({ filter: 'soak' });
    expect(benchFilter(['a', 'b'])).toEqual({ refused: 'bench takes at most one name filter' });
    expect(benchFilter(['--fast'])).toEqual({ refused: 'bench takes no option "--fast"' });
  });

  it('exits 2 with its usage for a bad command line, running nothing', async () => {
    const { io, out, err } = capture();
    expect(await runBenchMain(['a', 'b'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/at most one name filter/);
    expect(err.join('\n')).toContain('usage: npm run bench');
    expect(out).toEqual([]);
  });

  it('exits 1 and says so when the filter matches no case', async () => {
    const { io, out, err } = capture();
    expect(await runBenchMain(['no-such-benchmark'], io)).toBe(1);
    expect(err).toEqual(['No benchmark matches "no-such-benchmark".']);
    expect(out).toEqual([]);
  });
});
