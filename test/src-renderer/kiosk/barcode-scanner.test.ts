import { describe, expect, it } from 'vitest';
import { BarcodeBurst } from '../../../src-renderer/kiosk/barcode-scanner';

/** Feeds `keys` a `gapMs` apart from `start`, then Enter; what the detector answered at the Enter. */
function typed(burst: BarcodeBurst, keys: string, gapMs: number, start = 1000): string | null {
  let at = start;
  for (const key of keys) {
    expect(burst.feed(key, at)).toBeNull();
    at += gapMs;
  }
  return burst.feed('Enter', at);
}

describe('a keyboard scanner’s burst', () => {
  it('is a barcode when its keys and Enter come within the gap', () => {
    expect(typed(new BarcodeBurst(), '012345678905', 4)).toBe('012345678905');
  });

  it('is not a barcode when a person types the keys', () => {
    expect(typed(new BarcodeBurst(), '012345678905', 120)).toBeNull();
  });

  it('is not a barcode when the Enter comes after a pause', () => {
    const burst = new BarcodeBurst();
    typed(burst, '4006381333931', 3);
    for (const key of '40063813') burst.feed(key, 5000);
    expect(burst.feed('Enter', 5400)).toBeNull();
  });

  it('needs the fewest characters a barcode has', () => {
    expect(typed(new BarcodeBurst(), '12', 2)).toBeNull();
    expect(typed(new BarcodeBurst({ minLength: 2 }), '12', 2)).toBe('12');
  });

  it('starts again after a pause: a person’s keys before the scan are not part of it', () => {
    const burst = new BarcodeBurst();
    burst.feed('7', 0);
    expect(typed(burst, '96385074', 5, 2000)).toBe('96385074');
  });

  it('drops a burst with a character no barcode has, and one longer than 32', () => {
    expect(typed(new BarcodeBurst(), '%B4788', 2)).toBeNull();
    expect(typed(new BarcodeBurst(), '1'.repeat(40), 2)).toBeNull();
  });
});
