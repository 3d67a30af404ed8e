import { describe, expect, it } from 'vitest';
import { shutDown, type ShutdownStep } from '../../../../src-main/lane/core/shutdown';
import { collectingLogger } from '../../../support/test-core';
import { ManualClock } from '../../../support/manual-clock';

/** A step that ends when the test says so, and records that it started. */
function heldStep(name: string, started: string[]) {
  let end = () => undefined as void;
  const step: ShutdownStep = {
    name,
    run: () => {
      started.push(name);
      return new Promise<void>((resolve) => (end = resolve));
    },
  };
  return { step, end: () => end() };
}

describe('shutDown: the steps of a stop, in order, within a time', () => {
  it('runs each step after the one before has ended, and clears its deadline when all have', async () => {
    const clock = new ManualClock();
    const started: string[] = [];
    const sale = heldStep('the sale', started);
    const journal: ShutdownStep = { name: 'the journal', run: () => void started.push('the journal') };
    const stopped = shutDown([sale.step, journal], {
      withinMs: 5000,
      setTimer: clock.setTimer,
      logger: collectingLogger().logger,
    });
    await Promise.resolve();
    // The journal does not close under a sale that has not ended.
    expect(started).toEqual(['the sale']);
    clock.advance(4000);
    sale.end();
    expect(await stopped).toEqual({ finished: true, stillOpen: [] });
    expect(started).toEqual(['the sale', 'the journal']);
    expect(clock.pending).toBe(0);
  });

  it('when the time runs out, resolves naming the step under way and those never started, and starts no more', async () => {
    const clock = new ManualClock();
    const { logger, lines } = collectingLogger();
    const started: string[] = [];
    const payment = heldStep('the sale (a payment in flight is awaited)', started);
    const devices = heldStep('the devices', started);
    let result: unknown;
    const stopped = shutDown([payment.step, devices.step], { withinMs: 5000, setTimer: clock.setTimer, logger }).then(
      (r) => (result = r),
    );
    clock.advance(4999);
    await Promise.resolve();
    expect(result).toBeUndefined();
    clock.advance(1);
    expect(await stopped).toEqual({
      finished: false,
      stillOpen: ['the sale (a payment in flight is awaited)', 'the devices'],
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        msg: 'stopping took too long: exiting with these still open',
        stillOpen: ['the sale (a payment in flight is awaited)', 'the devices'],
      }),
    ]);
    // The payment ending late does not close the devices under a process that is leaving.
    payment.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['the sale (a payment in flight is awaited)']);
  });

  it('a step that fails is logged and the next one runs', async () => {
    const clock = new ManualClock();
    const { logger, lines } = collectingLogger();
    const ran: string[] = [];
    const result = await shutDown(
      [
        { name: 'the kiosk', run: () => Promise.reject(new Error('the scanner port is gone')) },
        { name: 'the journal', run: () => void ran.push('the journal') },
      ],
      { withinMs: 5000, setTimer: clock.setTimer, logger },
    );
    expect(result).toEqual({ finished: true, stillOpen: [] });
    expect(ran).toEqual(['the journal']);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ step: 'the kiosk', msg: 'stopping: a step failed; the next one runs' }),
    ]);
  });
});
