import { describe, expect, it } from 'vitest';
import { until } from '../../../support/test-core';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { journalMoves, kioskLane, partlyPaid, unconfirmedPayment } from './support';

const { emulator, cores, admin } = emulatorForEachTest();
const lane = (folder?: string) => kioskLane(emulator(), cores, folder);
const ordered = journalMoves;

const cola = '012000000133'; // 1.25 + 0.10 tax

describe('the kiosk keeps money safe', () => {
  it('abandoned while the authorization is at the gateway: it waits for the approval, then voids it', async () => {
    const { core, dir, kiosk, gatewayRecords } = lane();
    await devicesConnected(core);
    await kiosk('kiosk.scan', { barcode: cola });
    // The gateway approves at once but its answer takes a while to come back.
    await admin().fault('auth', 'delay-after', 'once', 700);
    presentWhenReading(core, 'visa-approve');
    const payment = core.dispatch('kiosk.pay', { tender: 'card' });
    await until(() => core.terminal.current().phase === 'authorizing');
    const abandoned = await kiosk('kiosk.abandon', { reason: 'idle' });
    expect(abandoned).toMatchObject({ step: 'welcome', basket: { lines: [] } });
    const summary = await payment;
    expect(summary).toMatchObject({ ok: true, result: { outcome: 'approved', approvedMinor: 135 } });
    const orderId = (summary as { result: { orderId: string } }).result.orderId;
    expect((await gatewayRecords(orderId)).map((record) => record.setlstat)).toEqual(['Voided']);
    await core.close();
    expect(ordered(dir)).toEqual([
      ['auth', 'completed', orderId],
      ['void', 'completed', orderId],
    ]);
  });

  it('an outcome the bank did not confirm calls staff: the customer can neither pay again nor leave; staff learn the bank approved it, and nothing is voided', async () => {
    const kioskLane = lane();
    const { core, dir, kiosk, refused, gatewayRecords } = kioskLane;
    const unknown = await unconfirmedPayment(kioskLane, admin());
    const waiting = await kiosk('kiosk.state');
    expect(waiting.staffNeeded).toMatch(new RegExp(`payment ${unknown.orderId} yet, so it may have been charged`));
    expect(waiting.payments).toEqual([
      { orderId: unknown.orderId, state: 'unknown', amountMinor: 135, card: 'Visa ending 1443', onClear: 'check' },
    ]);
    expect(await refused('kiosk.pay', { tender: 'card' })).toMatchObject({
      message: expect.stringMatching(/^Please wait for a member of staff/),
    });
    expect(await refused('kiosk.abandon', { reason: 'idle' })).toMatchObject({
      message: expect.stringMatching(/^Please wait for a member of staff/),
    });
    // Staff abandon only when signed in.
    expect(await refused('kiosk.abandon', { reason: 'staff' })).toMatchObject({ code: 'forbidden' });
    await admin().clearFaults();
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    // The bank approved it while nobody knew: staff are told, and the money is not given back behind their back.
    expect(await refused('kiosk.abandon', { reason: 'staff', voids: [] })).toMatchObject({
      message: `The bank approved payment $1.35 on Visa ending 1443 (order ${unknown.orderId}): look at the order again before clearing it.`,
    });
    const known = await kiosk('kiosk.state');
    expect(known).toMatchObject({ step: 'receipt', staffNeeded: null, basket: { paidMinor: 135, dueMinor: 0 } });
    expect(known.payments).toEqual([
      { orderId: unknown.orderId, state: 'approved', amountMinor: 135, card: 'Visa ending 1443', onClear: 'keep' },
    ]);
    expect((await gatewayRecords(unknown.orderId)).map((record) => record.setlstat)).not.toContain('Voided');
    await core.close();
    expect(ordered(dir)).toEqual([['auth', 'resolved', unknown.orderId]]);
  });

  it('staff cannot clear an order whose payment the bank has still not confirmed', async () => {
    const kioskLane = lane();
    const { core, dir, kiosk, refused } = kioskLane;
    const unknown = await unconfirmedPayment(kioskLane, admin());
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await refused('kiosk.abandon', { reason: 'staff', voids: [] })).toMatchObject({
      message: `The bank has not confirmed payment $1.35 on Visa ending 1443 (order ${unknown.orderId}) yet: the customer may have been charged, so the order cannot be cleared as if nothing was paid. The lane keeps asking the bank: try again in a minute, or take the kiosk out of service.`,
    });
    expect(await kiosk('kiosk.state')).toMatchObject({
      step: 'basket',
      basket: { lines: [{ name: 'Cola 12 oz can' }] },
    });
    expect((await kiosk('kiosk.state')).staffNeeded).toMatch(/may have been charged/);
    await admin().clearFaults();
    await core.close();
    expect(ordered(dir).filter(([operation]) => operation === 'void')).toEqual([]);
  });

  it('staff may lower a partly paid basket, never below what was paid; the rest to pay follows', async () => {
    const kioskLane = lane();
    const { core, kiosk, refused } = kioskLane;
    expect(await partlyPaid(kioskLane, [cola])).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    core.session.signIn({ cashierId: '1001', pin: '1234' });
    // 7.03 without the cola is still above the 5.00 paid; without the batteries it would be 1.35.
    expect(await refused('kiosk.setQuantity', { itemId: 'HOM-003', quantity: 0 })).toMatchObject({
      message: '$5.00 was already paid: the basket cannot come to less ($1.35). Void the payment instead.',
    });
    const lowered = await kiosk('kiosk.setQuantity', { itemId: 'DRK-001', quantity: 0 });
    expect(lowered.basket).toMatchObject({ totalMinor: 703, paidMinor: 500, dueMinor: 203 });
    expect(core.terminal.current().sale?.dueMinor).toBe(203);
    core.session.signOut();
    presentWhenReading(core, 'visa-approve');
    expect(await kiosk('kiosk.pay', { tender: 'card' })).toMatchObject({ outcome: 'approved', approvedMinor: 203 });
    expect((await kiosk('kiosk.state')).step).toBe('receipt');
  });

  it('out of service refuses the customer until staff put it back, and stays so across a restart', async () => {
    const first = lane();
    expect(await first.refused('kiosk.setService', { inService: false })).toMatchObject({ code: 'forbidden' });
    first.core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await first.kiosk('kiosk.setService', { inService: false, message: 'Closed for cleaning' })).toMatchObject({
      inService: false,
      outOfServiceMessage: 'Closed for cleaning',
    });
    first.core.session.signOut();
    for (const [name, args] of [
      ['kiosk.start', {}],
      ['kiosk.scan', { barcode: cola }],
      ['kiosk.add', { itemId: 'BAK-001' }],
    ] as const)
      expect(await first.refused(name, args)).toMatchObject({
        message: expect.stringMatching(/^The kiosk is out of service \(Closed for cleaning\)/),
      });
    await first.core.close();

    const second = lane(first.dir);
    expect(await second.kiosk('kiosk.state')).toMatchObject({
      inService: false,
      outOfServiceMessage: 'Closed for cleaning',
      step: 'welcome',
    });
    expect(await second.refused('kiosk.start')).toMatchObject({ code: 'failed_precondition' });
    second.core.session.signIn({ cashierId: '1001', pin: '1234' });
    expect(await second.kiosk('kiosk.setService', { inService: true })).toMatchObject({
      inService: true,
      outOfServiceMessage: null,
    });
    second.core.session.signOut();
    expect((await second.kiosk('kiosk.start')).step).toBe('basket');
  });
});
