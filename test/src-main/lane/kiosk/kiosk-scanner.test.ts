import { describe, expect, it } from 'vitest';
import { serialLinks } from '../../../support/driver-serial-links';
import { until } from '../../../support/test-core';
import { emulatorForEachTest } from '../terminal/support';
import { kioskLane } from './support';

const { emulator, cores } = emulatorForEachTest();
const serial = serialLinks();
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the kiosk\u2019s serial barcode scanner', () => {
  it('puts what it scans into the basket, and tells the screen about a code it refuses, never echoing a card number', async () => {
    const { pair, device } = await serial.deviceEnd({ baudRate: 9600 });
    const { core, kiosk, lines } = kioskLane(emulator(), cores, undefined, {
      kiosk: { scanner: { serial: { path: pair.host }, prefix: '', suffix: '', timeoutMs: 300 } },
    });
    await until(() => lines.some((line) => line.includes('the barcode scanner is connected')));
    await device.write(bytes('012000000133\r\n012000000133\r\n'));
    await until(() => core.kiosk.state().basket.lines[0]?.quantity === 2);
    expect(await kiosk('kiosk.state')).toMatchObject({
      step: 'basket',
      basket: { totalMinor: 271 }, // 2 x 1.25 and 8.25 % of 2.50 (0.20625 → 0.21)
      scanProblem: null,
      scanProblemKind: null,
    });
    await device.write(bytes('000000000000\r\n'));
    await until(() => core.kiosk.state().scanProblem !== null);
    expect(core.kiosk.state().scanProblem).toBe(
      'No item in the catalogue has barcode 000000000000: put it aside and ask a member of staff.',
    );
    // A card swiped or typed into the scanner is refused without its number, on screen and in the log.
    await device.write(bytes('4788250000121443\r\n'));
    await until(() => core.kiosk.state().scanProblem?.startsWith('That was a card') === true);
    expect(lines.join('\n')).not.toContain('4788250000121443');
    // A good scan clears the refusal.
    await device.write(bytes('59012344\r'));
    await until(() => core.kiosk.state().basket.lines.length === 2);
    expect(core.kiosk.state().scanProblem).toBeNull();
  });
});
