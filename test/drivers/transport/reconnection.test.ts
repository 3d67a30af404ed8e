import { describe, expect, it } from 'vitest';
import { Reconnection } from '../../../drivers/transport/reconnection';
import { ManualClock } from '../../support/manual-clock';

/**
 * Moves the link's clock `ms` forward a millisecond at a time, letting each failed attempt's
 * promise settle (and schedule the next) before time moves on, as it would in real time.
 */
async function pass(clock: ManualClock, ms: number): Promise<void> {
  for (let step = 0; step < ms; step++) {
    clock.advance(1);
    await new Promise((settled) => setImmediate(settled));
  }
}

/** A link whose attempts fail while `down` is true, counting them. */
function flakyLink() {
  const state = { down: false, attempts: 0, reported: [] as string[] };
  const clock = new ManualClock();
  const link = new Reconnection({
    clock,
    connect: async () => {
      state.attempts++;
      if (state.down) throw new Error(`attempt ${state.attempts} refused`);
    },
    backoff: { initialMs: 100, maxMs: 250 },
    report: (error) => state.reported.push(error.message),
  });
  return { link, state, advance: (ms: number) => pass(clock, ms) };
}

describe('Reconnection', () => {
  it('joins an open() made while another is under way: one attempt for both callers', async () => {
    const { link, state } = flakyLink();
    await Promise.all([link.open(), link.open()]);
    expect(state.attempts).toBe(1);
    expect(link.wanted).toBe(true);
  });

  it('reopens a lost link after doubling delays up to the maximum, reporting each failed attempt', async () => {
    const { link, state, advance } = flakyLink();
    await link.open();
    state.down = true;
    link.reopenLater();
    await advance(99);
    expect(state.attempts).toBe(1);
    await advance(1);
    expect(state.reported).toEqual(['attempt 2 refused']);
    await advance(200);
    expect(state.reported).toEqual(['attempt 2 refused', 'attempt 3 refused']);
    state.down = false;
    await advance(249);
    expect(state.attempts).toBe(3);
    await advance(1);
    expect(state.attempts).toBe(4);
    expect(state.reported).toHaveLength(2);
  });

  it('after connected() the next loss waits the shortest delay again', async () => {
    const { link, state, advance } = flakyLink();
    await link.open();
    state.down = true;
    link.reopenLater();
    await advance(100 + 200);
    state.down = false;
    await advance(250);
    link.connected();
    link.reopenLater();
    await advance(100);
    expect(state.attempts).toBe(5);
  });

  it('stop() cancels the pending reopening and no attempt follows', async () => {
    const { link, state, advance } = flakyLink();
    await link.open();
    link.reopenLater();
    link.stop();
    await advance(10_000);
    expect(state.attempts).toBe(1);
    expect(link.wanted).toBe(false);
  });
});
