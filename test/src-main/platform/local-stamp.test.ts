import { describe, expect, it } from 'vitest';
import { localStamp } from '../../../src-main/platform/clock';

describe('localStamp', () => {
  it('writes the moment in the lane machine’s own time zone, to the minute', () => {
    const at = new Date(2026, 10, 28, 9, 5, 59);
    // 9:05 on the machine's clock, whatever its zone: never the UTC hour.
    expect(localStamp(at)).toBe('2026-11-28 09:05');
    expect(localStamp(new Date(2026, 0, 3, 23, 59))).toBe('2026-01-03 23:59');
  });
});
