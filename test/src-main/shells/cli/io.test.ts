import { describe, expect, it } from 'vitest';
import { parentGone } from '../../../../src-main/shells/cli/io';

describe('parentGone: the stop request of a process whose starter died', () => {
  it('resolves once the parent changes (npm exec’s shell died and the lane was reparented), and stops checking', async () => {
    let ppid = 4100;
    let check: (() => void) | undefined;
    let stopped = false;
    let told: string | undefined;
    void parentGone(
      () => ppid,
      (run) => {
        check = run;
        return () => (stopped = true);
      },
    ).then((reason) => (told = reason));
    check!();
    await Promise.resolve();
    expect(told).toBeUndefined();
    ppid = 1;
    check!();
    await Promise.resolve();
    expect(told).toBe('parent gone');
    expect(stopped).toBe(true);
  });
});
