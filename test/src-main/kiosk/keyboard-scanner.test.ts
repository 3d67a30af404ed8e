import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/core';
import { until } from '../../support/test-core';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { kioskLane } from './support';

const { emulator, cores } = emulatorForEachTest();

/**
 * A keyboard-mode scanner's burst as browser mode's page sends it: every key over the contract's
 * `devices.keystroke` as it is typed (the main process times them on arrival), then Enter.
 * Answers which keys the wedge kept from the page.
 */
async function typeIntoLane(core: Core, text: string, firstSeq: number): Promise<boolean[]> {
  const keys = [...text, 'Enter'];
  const replies = await Promise.all(
    keys.map((key, i) => core.dispatch('devices.keystroke', { key, seq: firstSeq + i }, { source: 'screen-1' })),
  );
  return replies.map((reply) => (reply.ok ? (reply.result as { consumed: boolean }).consumed : false));
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

  it('at the counter, the same fast keys are not a scan: they are released to the page', async () => {
    const { core } = kioskLane(emulator(), cores, undefined, { mode: 'counter' });
    await devicesConnected(core);
    const released: number[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'devices.keysReleased') released.push(...(payload as { seqs: number[] }).seqs);
    });
    const consumed = await typeIntoLane(core, '012000000133', 1);
    // Held while the wedge decided (a card record can start with a digit), then all given back.
    await until(() => released.length + consumed.filter((taken) => !taken).length === 13);
    expect(core.kiosk.state().basket.lines).toEqual([]);
  });
});
