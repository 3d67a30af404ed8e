import { describe, expect, it } from 'vitest';
import { createLinkGuesses } from '../../../../src-main/lane/wallet/pay-link/link-guesses';
import { defaultPayLinkLimits } from '../../../../src-main/lane/wallet/pay-link/limits';
import { ManualClock } from '../../../support/manual-clock';

/** Wrong link ids per client address, timed by the injected clock. */

function guesses(limits: Partial<typeof defaultPayLinkLimits> = {}) {
  const clock = new ManualClock();
  clock.advance(1_000_000);
  return { clock, guesses: createLinkGuesses(clock, { ...defaultPayLinkLimits, ...limits }) };
}

describe('wrong link ids per client', () => {
  it('lets the allowance pass, then waits twice as long each miss up to the ceiling', () => {
    const { clock, guesses: limiter } = guesses({ guessAllowance: 3, guessBackoffMs: 1000, guessMaxBackoffMs: 5000 });
    expect([1, 2, 3].map(() => limiter.missed('10.0.0.7'))).toEqual([0, 0, 0]);
    const waits: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const wait = limiter.missed('10.0.0.7');
      waits.push(wait);
      expect(limiter.waitFor('10.0.0.7', undefined)).toBe(wait);
      clock.advance(wait);
      expect(limiter.waitFor('10.0.0.7', undefined)).toBe(0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('never counts successes: a thousand polls from one router address stop nobody', () => {
    const { guesses: limiter } = guesses({ guessAllowance: 2 });
    for (let n = 0; n < 1000; n += 1) limiter.found('192.168.1.1', `link-${n % 7}`);
    expect(limiter.waitFor('192.168.1.1', 'a-new-link')).toBe(0);
    expect(limiter.missed('192.168.1.1')).toBe(0);
  });

  it('while an address waits, serves the links it opened and refuses every other, right or wrong', () => {
    const { clock, guesses: limiter } = guesses({ guessAllowance: 1, guessBackoffMs: 4000 });
    limiter.found('192.168.1.1', 'phone-a-link');
    limiter.missed('192.168.1.1');
    expect(limiter.missed('192.168.1.1')).toBe(4000);
    expect(limiter.waitFor('192.168.1.1', 'phone-a-link')).toBe(0);
    expect(limiter.waitFor('192.168.1.1', 'phone-b-link')).toBe(4000);
    expect(limiter.waitFor('192.168.1.2', 'phone-b-link')).toBe(0); // another address is not affected
    clock.advance(1500);
    expect(limiter.waitFor('192.168.1.1', 'phone-b-link')).toBe(2500);
  });

  it('forgets an address that asked for no wrong id for the memory time', () => {
    const { clock, guesses: limiter } = guesses({ guessAllowance: 1, guessMemoryMs: 60_000 });
    limiter.missed('10.0.0.9');
    expect(limiter.missed('10.0.0.9')).toBeGreaterThan(0);
    clock.advance(59_000);
    limiter.found('10.0.0.9', 'its-link'); // a success does not keep the misses alive
    clock.advance(2_000);
    expect(limiter.missed('10.0.0.9')).toBe(0);
  });
});
