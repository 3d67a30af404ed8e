import { describe, expect, it } from 'vitest';
import { cardSale, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { customerCopy, kioskLane, partlyPaid } from './support';

const { emulator, cores } = emulatorForEachTest();

describe('the kiosk\u2019s chosen receipt', () => {
  it('prints a partial approval as the counter prints one: requested, approved and the balance due', async () => {
    const kiosk = kioskLane(emulator(), cores);
    const partial = await partlyPaid(kiosk);
    expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    presentWhenReading(kiosk.core, 'visa-approve');
    expect(await kiosk.kiosk('kiosk.pay', { tender: 'card' })).toMatchObject({
      outcome: 'approved',
      approvedMinor: 203,
    });
    await kiosk.kiosk('kiosk.receipt', { print: true });
    const atTheKiosk = customerCopy(kiosk.core, partial, 0);

    // The counter takes the batteries' 7.03 with the same card.
    const counter = kioskLane(emulator(), cores, undefined, { mode: 'counter' });
    counter.core.session.signIn({ cashierId: '1001', pin: '1234' });
    const atCounter = await cardSale(counter.core, 'visa-partial', 703);
    expect(atCounter).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    const atTheCounter = customerCopy(counter.core, atCounter);

    expect(atTheKiosk.join('\n')).toMatch(/Balance due +\$2\.03/);
    expect(atTheKiosk).toEqual(atTheCounter);
  });
});
