import { describe, expect, it } from 'vitest';
import { createStatusPoller } from '../../../src-main/backoffice/status-poller';
import { ManualClock } from '../../support/manual-clock';

/** Lets the round's awaited checks settle after the clock ran it. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('status poller on the one clock', () => {
  it('waits on the injected clock, doubling while nothing changes and starting short after a change', async () => {
    const clock = new ManualClock();
    const checked: string[] = [];
    let changes = [false];
    const poller = createStatusPoller({
      clock,
      moving: () => ['m1'],
      check: async (merchantId) => {
        checked.push(merchantId);
        return changes.shift() ?? false;
      },
      minDelayMs: 1_000,
      maxDelayMs: 4_000,
    });
    poller.start();
    expect(clock.pending).toBe(1);
    clock.advance(999);
    expect(checked).toEqual([]);
    clock.advance(1);
    await settle();
    expect(checked).toEqual(['m1']);
    expect(poller.delayMs).toBe(2_000);
    clock.advance(2_000);
    await settle();
    expect(poller.delayMs).toBe(4_000);
    clock.advance(4_000);
    await settle();
    expect(poller.delayMs).toBe(4_000);
    changes = [true];
    clock.advance(4_000);
    await settle();
    expect(poller.delayMs).toBe(1_000);
    expect(checked).toHaveLength(4);
    poller.stop();
  });

  it('a nudge replaces the long wait with the short one, and stop cancels the wait', async () => {
    const clock = new ManualClock();
    let rounds = 0;
    const poller = createStatusPoller({
      clock,
      moving: () => ['m1'],
      check: async () => {
        rounds += 1;
        return false;
      },
      minDelayMs: 1_000,
      maxDelayMs: 8_000,
    });
    poller.start();
    clock.advance(1_000);
    await settle();
    expect(poller.delayMs).toBe(2_000);
    poller.nudge();
    expect(clock.pending).toBe(1);
    clock.advance(1_000);
    await settle();
    expect(rounds).toBe(2);
    poller.stop();
    expect(clock.pending).toBe(0);
    clock.advance(60_000);
    await settle();
    expect(rounds).toBe(2);
  });
});
