import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/lane/core/core';
import { until } from '../../../support/test-core';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { kioskLane } from './support';

const { emulator, cores } = emulatorForEachTest();

const screen = { source: 'screen-1' };

/**
 * A keyboard-mode scanner's burst as browser mode's page sends it: every key over the contract's
 * `devices.keystroke` with the page's time of its press, 8 ms apart, then Enter. `stall` runs
 * between two keys (this process busy). Answers which keys the wedge kept from the page.
 */
async function typeIntoLane(
  core: Core,
  text: string,
  firstSeq: number,
  options: { at?: number; stall?: (index: number) => void } = {},
): Promise<boolean[]> {
  const keys = [...text, 'Enter'];
  const start = options.at ?? firstSeq * 1000;
  const consumed: boolean[] = [];
  for (const [i, key] of keys.entries()) {
    options.stall?.(i);
    const reply = await core.dispatch('devices.keystroke', { key, seq: firstSeq + i, at: start + i * 8 }, screen);
    consumed.push(reply.ok ? (reply.result as { consumed: boolean }).consumed : false);
  }
  return consumed;
}

/** Keeps this process busy for `ms` of real time: an event-loop stall, as a loaded machine makes. */
function stallEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: no timer, no I/O, nothing else runs
  }
}

describe('a keyboard-mode barcode scanner at the kiosk, through the keyboard wedge', () => {
  it('puts a scanned code into the basket, keeps its keys and Enter from the page, and reports an unknown code', async () => {
    const { core, lines } = kioskLane(emulator(), cores);
    await devicesConnected(core);
    expect(await typeIntoLane(core, '012000000133', 1)).toEqual(Array(13).fill(true));
    await until(() => core.kiosk.state().basket.lines.length === 1);
    expect(core.kiosk.state()).toMatchObject({ step: 'basket', scanProblem: null });
    expect(core.kiosk.state().basket.lines[0]).toMatchObject({ quantity: 1 });

    await typeIntoLane(core, '0000', 20);
    await until(() => core.kiosk.state().scanProblem !== null);
    expect(core.kiosk.state().scanProblem).toBe(
      'No item in the catalogue has barcode 0000: put it aside and ask a member of staff.',
    );
    // A card number scanned as a code is refused, and never logged.
    await typeIntoLane(core, '4788250000121443', 30);
    await until(() => core.kiosk.state().scanProblem?.startsWith('That was a card') === true);
    expect(lines.join('\n')).not.toContain('4788250000121443');
    expect(core.kiosk.state().basket.lines).toHaveLength(1);
  });

  it('still reads the card reader’s bursts as cards, so the basket is paid', async () => {
    const { core, kiosk } = kioskLane(emulator(), cores);
    await devicesConnected(core);
    await typeIntoLane(core, '012000000133', 1);
    await until(() => core.kiosk.state().basket.lines.length === 1);
    // Training's reader types its quick-chip record into the same keyboard stream.
    presentWhenReading(core, 'visa-approve');
    const paid = await kiosk('kiosk.pay', { tender: 'card' });
    expect(paid).toMatchObject({ outcome: 'approved', entryMode: 'chip', requestedMinor: 135 });
  });

  it('takes every scan whole while the main process stalls between the keys of each burst', async () => {
    const { core } = kioskLane(emulator(), cores);
    await devicesConnected(core);
    const codes = ['012000000133', '4006381333931', '012000000133', '4006381333931', '012000000133'];
    for (const [n, code] of codes.entries()) {
      // 120 ms stalls after the 3rd and 9th key: on arrival, each looked like the burst had ended.
      await typeIntoLane(core, code, 100 * (n + 1), {
        stall: (i) => (i === 3 || i === 9 ? stallEventLoop(120) : undefined),
      });
    }
    await until(() => core.kiosk.state().basket.lines.reduce((sum, line) => sum + line.quantity, 0) === 5);
    expect(core.kiosk.state()).toMatchObject({ step: 'basket', scanProblem: null, scanProblemKind: null });
    expect(core.kiosk.state().basket.lines.map((line) => line.quantity)).toEqual([3, 2]);
  });

  it('asks the customer to scan again when a scanner-fast run of keys makes no code', async () => {
    const { core } = kioskLane(emulator(), cores);
    await devicesConnected(core);
    for (const [i, key] of [...'4006381'].entries())
      await core.dispatch('devices.keystroke', { key, seq: 1 + i, at: 5000 + i * 8 }, screen);
    // The page saw its pause: nothing came after the seventh key.
    await core.dispatch('devices.keysPaused', { at: 5500 }, screen);
    expect(core.kiosk.state()).toMatchObject({ scanProblemKind: 'unreadable', basket: { lines: [] } });
    expect(core.kiosk.state().scanProblem).toBe('The scanner\u2019s code could not be read: scan the item again.');
  });

  it('at the counter, the same fast keys are not a scan: they are released to the page', async () => {
    const { core } = kioskLane(emulator(), cores, undefined, { mode: 'counter' });
    await devicesConnected(core);
    const released: number[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'devices.keysReleased') released.push(...(payload as { seqs: number[] }).seqs);
    });
    const consumed = await typeIntoLane(core, '012000000133', 1);
    await core.dispatch('devices.keysPaused', { at: 1000 + 13 * 8 + 60 }, screen);
    // Held while the wedge decided (a card record can start with a digit), then all given back.
    await until(() => released.length + consumed.filter((taken) => !taken).length === 13);
    expect(core.kiosk.state().basket.lines).toEqual([]);
  });
});
