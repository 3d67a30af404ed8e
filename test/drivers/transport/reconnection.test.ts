import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Reconnection } from '../../../drivers/transport/reconnection';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A link whose attempts fail while `down` is true, counting them. */
function flakyLink() {
  const state = { down: false, attempts: 0, reported: [] as string[] };
  const link = new Reconnection({
    connect: async () => {
      state.attempts++;
      if (state.down) throw new Error(`attempt ${state.attempts} refused`);
    },
    backoff: { initialMs: 100, maxMs: 250 },
    report: (error) => state.reported.push(error.message),
  });
  return { link, state };
}

describe('Reconnection', () => {
  it('joins an open() made while another is under way: one attempt for both callers', async () => {
    const { link, state } = flakyLink();
    await Promise.all([link.open(), link.open()]);
    expect(state.attempts).toBe(1);
    expect(link.wanted).toBe(true);
  });

  it('reopens a lost link after doubling delays up to the maximum, reporting each failed attempt', async () => {
    const { link, state } = flakyLink();
    await link.open();
    state.down = true;
    link.reopenLater();
    await vi.advanceTimersByTimeAsync(99);
    expect(state.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.reported).toEqual(['attempt 2 refused']);
    await vi.advanceTimersByTimeAsync(200);
    expect(state.reported).toEqual(['attempt 2 refused', 'attempt 3 refused']);
    state.down = false;
    await vi.advanceTimersByTimeAsync(249);
    expect(state.attempts).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.attempts).toBe(4);
    expect(state.reported).toHaveLength(2);
  });

  it('after connected() the next loss waits the shortest delay again', async () => {
    const { link, state } = flakyLink();
    await link.open();
    state.down = true;
    link.reopenLater();
    await vi.advanceTimersByTimeAsync(100 + 200);
    state.down = false;
    await vi.advanceTimersByTimeAsync(250);
    link.connected();
    link.reopenLater();
    await vi.advanceTimersByTimeAsync(100);
    expect(state.attempts).toBe(5);
  });

  it('stop() cancels the pending reopening and no attempt follows', async () => {
    const { link, state } = flakyLink();
    await link.open();
    link.reopenLater();
    link.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.attempts).toBe(1);
    expect(link.wanted).toBe(false);
  });
});
