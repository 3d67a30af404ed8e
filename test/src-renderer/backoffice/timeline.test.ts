import { describe, expect, it } from 'vitest';
import { statusLabel, timelineSteps } from '../../../src-renderer/backoffice/timeline';

const states = (current: string, reached: Record<string, string> = {}) =>
  timelineSteps(current, reached).map((step) => `${step.status}:${step.state}`);

describe('the boarding timeline', () => {
  it('shows the whole approved path, done up to the current status', () => {
    expect(states('UNDER')).toEqual([
      'INPROG:done',
      'OFS:done',
      'QUALIFY:done',
      'UNDER:current',
      'BOARDING:upcoming',
      'BOARDED:upcoming',
      'LIVE:upcoming',
    ]);
  });

  it('marks LIVE as reached, not as a step still under way', () => {
    expect(states('LIVE').every((state) => state.endsWith(':done'))).toBe(true);
  });

  it('ends a declined application after underwriting, without the steps it never takes', () => {
    expect(states('DECLINED', { INPROG: 'a', OFS: 'b', QUALIFY: 'c', UNDER: 'd' })).toEqual([
      'INPROG:done',
      'OFS:done',
      'QUALIFY:done',
      'UNDER:done',
      'DECLINED:ended',
    ]);
  });

  it('ends a cancelled application where it was cancelled', () => {
    expect(states('CANCELLED', { INPROG: 'a', OFS: 'b' })).toEqual(['INPROG:done', 'OFS:done', 'CANCELLED:ended']);
  });

  it('shows a status code it does not know as it came', () => {
    expect(states('REVIEWHOLD', { INPROG: 'a' })).toEqual(['INPROG:done', 'REVIEWHOLD:current']);
    expect(statusLabel('REVIEWHOLD')).toBe('REVIEWHOLD');
  });

  it('carries the time each status was reached', () => {
    expect(timelineSteps('OFS', { INPROG: '01/02/2025 10:00:00 AM' })[0]!.at).toBe('01/02/2025 10:00:00 AM');
  });
});
