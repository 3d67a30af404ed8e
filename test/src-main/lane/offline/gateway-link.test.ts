import { afterEach, describe, expect, it } from 'vitest';
import {
  createGatewayLink,
  type GatewayLink,
  type LinkState,
  type ProbeResult,
} from '../../../../src-main/lane/offline/gateway-link';
import { ManualClock } from '../../../support/manual-clock';

/** A probe the test answers by hand: each call waits for the next `answer`. */
function scriptedProbe() {
  const waiting: Array<(result: ProbeResult) => void> = [];
  return {
    probe: () => new Promise<ProbeResult>((resolve) => waiting.push(resolve)),
    get asked() {
      return waiting.length;
    },
    async answer(result: ProbeResult) {
      const next = waiting.shift();
      if (!next) throw new Error('no probe is waiting');
      next(result);
      // The link reads the result on the next turns of the loop.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
  };
}

const refused: ProbeResult = { outcome: 'never-left', reason: 'connection failed (ECONNREFUSED)' };
const lost: ProbeResult = { outcome: 'lost', reason: 'no answer within 1500 ms' };
const answered: ProbeResult = { outcome: 'answered' };

let link: GatewayLink | undefined;
afterEach(() => link?.close());

function setUp() {
  const clock = new ManualClock();
  const scripted = scriptedProbe();
  const changes: Array<[LinkState, string]> = [];
  link = createGatewayLink({ probe: scripted.probe, clock });
  link.onChange((state, reason) => changes.push([state, reason]));
  return { clock, scripted, changes, link };
}

describe('the gateway link (circuit breaker with a health probe)', () => {
  it('starts online and goes offline when a never-left failure is confirmed by a probe that never leaves', async () => {
    const { scripted, changes, link } = setUp();
    expect(link.state()).toBe('online');
    link.noteNeverLeft('auth: connection failed (ECONNREFUSED)');
    expect(link.state()).toBe('online');
    expect(scripted.asked).toBe(1);
    await scripted.answer(refused);
    expect(link.state()).toBe('offline');
    expect(changes).toEqual([['offline', expect.stringContaining('ECONNREFUSED')]]);
  });

  it('goes offline at once on a second never-left failure in a row', () => {
    const { link } = setUp();
    link.noteNeverLeft('auth: connection failed (ENOTFOUND)');
    link.noteNeverLeft('inquire: connection failed (ENOTFOUND)');
    expect(link.state()).toBe('offline');
  });

  it('an answer between two never-left failures resets the count', async () => {
    const { scripted, link } = setUp();
    link.noteNeverLeft('auth: refused');
    link.noteAnswered();
    await scripted.answer(answered);
    link.noteNeverLeft('auth: refused');
    expect(link.state()).toBe('online');
  });

  it('a probe that never left is not believed when the gateway answered a call while it ran', async () => {
    const { scripted, link } = setUp();
    link.noteNeverLeft('auth: connection failed (ECONNREFUSED)');
    link.noteAnswered();
    await scripted.answer(refused);
    expect(link.state()).toBe('online');
  });

  it('a probe that is answered or lost leaves the link online', async () => {
    const { scripted, link, changes } = setUp();
    link.noteNeverLeft('auth: refused');
    await scripted.answer(answered);
    expect(link.state()).toBe('online');
    link.noteNeverLeft('auth: refused');
    expect(link.state()).toBe('online');
    await scripted.answer(lost);
    expect(link.state()).toBe('online');
    expect(changes).toEqual([]);
  });

  it('while offline probes every 2 s on the clock and is back on the first probe answered', async () => {
    const { clock, scripted, link, changes } = setUp();
    link.noteNeverLeft('a');
    link.noteNeverLeft('b');
    await scripted.answer(refused);
    expect(scripted.asked).toBe(0);
    clock.advance(1_999);
    expect(scripted.asked).toBe(0);
    clock.advance(1);
    expect(scripted.asked).toBe(1);
    await scripted.answer(refused);
    clock.advance(2_000);
    await scripted.answer(lost);
    expect(link.state()).toBe('offline');
    clock.advance(2_000);
    await scripted.answer(answered);
    expect(link.state()).toBe('online');
    expect(changes.map(([state]) => state)).toEqual(['offline', 'online']);
    clock.advance(10_000);
    expect(scripted.asked).toBe(0);
  });

  it('any answer the client reports brings it back without waiting for a probe', () => {
    const { clock, link } = setUp();
    link.noteNeverLeft('a');
    link.noteNeverLeft('b');
    link.noteAnswered();
    expect(link.state()).toBe('online');
    expect(clock.pending).toBe(0);
  });

  it('close() stops the probe timer and the listeners', async () => {
    const { clock, scripted, link, changes } = setUp();
    link.noteNeverLeft('a');
    link.noteNeverLeft('b');
    await scripted.answer(refused);
    link.close();
    expect(clock.pending).toBe(0);
    clock.advance(10_000);
    expect(scripted.asked).toBe(0);
    link.noteAnswered();
    expect(changes).toHaveLength(1);
  });

  it('a listener that throws does not stop the others', () => {
    const { link } = setUp();
    const seen: LinkState[] = [];
    link.onChange(() => {
      throw new Error('screen gone');
    });
    link.onChange((state) => seen.push(state));
    link.noteNeverLeft('a');
    link.noteNeverLeft('b');
    expect(seen).toEqual(['offline']);
  });
});
