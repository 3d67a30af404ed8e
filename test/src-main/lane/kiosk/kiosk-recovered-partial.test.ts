import { describe, expect, it } from 'vitest';
import { emulatorAdmin } from '../../../support/emulator-admin';
import { emulatorForEachTest } from '../terminal/support';
import { journalRows, kioskLane, partlyPaid } from './support';

const { emulator, cores } = emulatorForEachTest();

describe('a kiosk payment whose answer was lost and found as a partial approval', () => {
  it('is a partial approval with the rest still to pay, as the live answer would have been', async () => {
    const lane = kioskLane(emulator(), cores);
    // The gateway approves 5.00 of the 7.03 basket and the connection drops before the answer.
    await emulatorAdmin(emulator().url).fault('auth', 'drop-after');
    const paid = await partlyPaid(lane);
    expect(paid).toMatchObject({ outcome: 'partial', requestedMinor: 703, approvedMinor: 500 });
    expect(paid.retref).toMatch(/^\d{12}$/);
    expect(await lane.kiosk('kiosk.state')).toMatchObject({
      step: 'basket',
      basket: { totalMinor: 703, paidMinor: 500, dueMinor: 203, locked: true },
    });
    const [held] = emulator().context.ledger.byOrderId(paid.orderId);
    expect(held).toMatchObject({ respstat: 'A', amount: 500, retref: paid.retref });
    await lane.core.close();
    expect(journalRows(lane.dir).map((row) => [row.operation, row.state, row.note, row.outcome?.amountMinor])).toEqual([
      ['auth', 'resolved', 'answer lost; the gateway has it approved', 500],
    ]);
  });
});
