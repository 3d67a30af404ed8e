import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../../../support/test-core';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { journalMoves, journalRows, kioskLane as kioskLaneAgainst, partlyPaid } from './support';

const { emulator, cores } = emulatorForEachTest();
const lane = () => kioskLaneAgainst(emulator(), cores);

// Training's catalogue (assets/kiosk): 8.25 % on "standard", 0 % on "food".
const cola = '012000000133'; // 1.25 standard: 0.1031 tax → 0.10
const soap = '037000833710'; // 3.29 standard

describe('the kiosk self-checkout against the gateway emulator', () => {
  it('scans two items, picks one, pays by card with no receipt, and is ready for the next customer', async () => {
    const { core, dir, kiosk, refused, pages, gatewayRecords, states } = lane();
    await devicesConnected(core);
    expect((await kiosk('kiosk.state')).step).toBe('welcome');
    // A scan at the welcome opens the basket.
    expect((await kiosk('kiosk.scan', { barcode: cola })).step).toBe('basket');
    await kiosk('kiosk.scan', { barcode: `0${soap}` }); // the same UPC-A sent as an EAN-13
    const picked = await kiosk('kiosk.add', { itemId: 'BAK-002' }); // a croissant, 1.79 food
    expect(picked.basket).toMatchObject({
      subtotalMinor: 125 + 329 + 179,
      taxMinor: 10 + 27,
      totalMinor: 670,
      dueMinor: 670,
      locked: false,
    });
    expect(await refused('kiosk.scan', { barcode: '000000000000' })).toMatchObject({
      code: 'invalid_argument',
      field: 'barcode',
      message: 'No item in the catalogue has barcode 000000000000: put it aside and ask a member of staff.',
    });
    expect(await refused('kiosk.finish')).toMatchObject({
      message: '$6.70 is still to pay: pay it, or cancel the order.',
    });
    presentWhenReading(core, 'visa-approve');
    const paid = await kiosk('kiosk.pay', { tender: 'card' });
    expect(paid).toMatchObject({ outcome: 'approved', approvedMinor: 670, printed: false, printProblem: null });
    expect(states.map((state) => state.step)).toContain('paying');
    expect(await kiosk('kiosk.state')).toMatchObject({ step: 'receipt', basket: { paidMinor: 670, dueMinor: 0 } });
    expect(pages()).toBe(0); // nothing printed until the customer chooses
    expect(await kiosk('kiosk.receipt', { print: false })).toMatchObject({
      step: 'thanks',
      receipt: { printed: false, problem: null },
    });
    expect(pages()).toBe(0);
    const next = await kiosk('kiosk.finish');
    expect(next).toMatchObject({ step: 'welcome', basket: { lines: [], totalMinor: 0, paidMinor: 0 }, receipt: null });
    expect(core.terminal.current().sale).toBeNull();
    // The sale went to the gateway with the basket's lines as its Level 3 data.
    const [record] = await gatewayRecords(paid.orderId);
    expect(record).toMatchObject({ amount: 670, respstat: 'A' });
    await core.close();
    expect(journalRows(dir)).toEqual([
      expect.objectContaining({ orderId: paid.orderId, operation: 'auth', amountMinor: 670, state: 'completed' }),
    ]);
  });

  it('a declined card leaves the basket as it was; another card pays it, and the printed receipt is the customer\u2019s copy', async () => {
    const { core, kiosk, pages } = lane();
    await devicesConnected(core);
    await kiosk('kiosk.start');
    await kiosk('kiosk.scan', { barcode: soap });
    presentWhenReading(core, 'visa-decline');
    expect(await kiosk('kiosk.pay', { tender: 'card' })).toMatchObject({ outcome: 'declined', approvedMinor: 0 });
    expect(await kiosk('kiosk.state')).toMatchObject({
      step: 'basket',
      basket: { totalMinor: 356, paidMinor: 0, dueMinor: 356, locked: false },
    });
    presentWhenReading(core, 'mastercard-approve');
    expect(await kiosk('kiosk.pay', { tender: 'card' })).toMatchObject({ outcome: 'approved', approvedMinor: 356 });
    // Two presses of Print: the slip prints once.
    const [printed, again] = await Promise.all([
      core.dispatch('kiosk.receipt', { print: true }),
      core.dispatch('kiosk.receipt', { print: true }),
    ]);
    expect(printed).toMatchObject({ ok: true, result: { step: 'thanks', receipt: { printed: true, problem: null } } });
    expect(again).toMatchObject({ ok: false, error: { message: 'The receipt is being printed: wait a moment.' } });
    expect(pages()).toBe(1);
    const page = core.printers.lastPage({});
    expect(page.lines.join('\n')).toMatch(/CUSTOMER COPY/i);
    expect(page.lines.join('\n')).not.toMatch(/DUPLICATE/);
  });

  it('takes a partial approval, shows what is still to pay, then takes the rest without the cart', async () => {
    const kioskLane = lane();
    const { core, kiosk, refused, pages } = kioskLane;
    const first = await partlyPaid(kioskLane);
    expect(first).toMatchObject({ outcome: 'partial', requestedMinor: 703, approvedMinor: 500 });
    expect(await kiosk('kiosk.state')).toMatchObject({
      step: 'basket',
      basket: { totalMinor: 703, paidMinor: 500, dueMinor: 203, locked: true },
    });
    // The customer may no longer change a paid basket, nor cancel to get round it.
    expect(await refused('kiosk.setQuantity', { itemId: 'HOM-003', quantity: 0 })).toMatchObject({
      code: 'forbidden',
    });
    expect(await refused('kiosk.add', { itemId: 'BAK-002' })).toMatchObject({ code: 'forbidden' });
    presentWhenReading(core, 'visa-approve');
    const rest = await kiosk('kiosk.pay', { tender: 'card' });
    expect(rest).toMatchObject({ outcome: 'approved', requestedMinor: 203, approvedMinor: 203 });
    expect(await kiosk('kiosk.state')).toMatchObject({ step: 'receipt', basket: { paidMinor: 703, dueMinor: 0 } });
    await kiosk('kiosk.receipt', { print: true });
    expect(pages()).toBe(2); // one customer copy per payment
    expect(await kiosk('kiosk.finish')).toMatchObject({ step: 'welcome' });
  });

  it('abandoning a partly paid basket voids its approval, in the journal and at the gateway', async () => {
    const kioskLane = lane();
    const { core, dir, kiosk, gatewayRecords } = kioskLane;
    const partial = await partlyPaid(kioskLane);
    expect(partial.outcome).toBe('partial');
    expect(await kiosk('kiosk.abandon', { reason: 'idle' })).toMatchObject({
      step: 'welcome',
      basket: { lines: [], paidMinor: 0 },
    });
    expect(core.terminal.current().sale).toBeNull();
    const records = await gatewayRecords(partial.orderId);
    expect(records.map((record) => record.setlstat)).toEqual(['Voided']);
    await core.close();
    expect(journalMoves(dir)).toEqual([
      ['auth', 'completed', partial.orderId],
      ['void', 'completed', partial.orderId],
    ]);
  });

  it('a catalogue file broken mid-visit leaves the basket on screen, and refuses new items naming the file', async () => {
    const { dir, kiosk, refused } = lane();
    await kiosk('kiosk.scan', { barcode: cola });
    writeFileSync(join(dir, 'catalogue.csv'), 'id,barcode,name,category,price,taxRateId\nA,,Bun,Bakery,-1.00,food\n');
    expect((await kiosk('kiosk.state')).basket).toMatchObject({ totalMinor: 135 });
    expect(await refused('kiosk.add', { itemId: 'BAK-002' })).toMatchObject({
      message: expect.stringContaining('catalogue.csv line 2, field "price": a price cannot be negative'),
    });
  });

  it('abandoning while the card is awaited cancels the payment: nothing is sent, the welcome shows', async () => {
    const { core, dir, kiosk } = lane();
    await devicesConnected(core);
    await kiosk('kiosk.scan', { barcode: cola });
    const payment = core.dispatch('kiosk.pay', { tender: 'card' });
    await until(() => core.terminal.current().phase === 'awaiting-card');
    expect((await kiosk('kiosk.state')).step).toBe('paying');
    expect(await kiosk('kiosk.abandon', { reason: 'customer' })).toMatchObject({ step: 'welcome' });
    expect(await payment).toMatchObject({ ok: false, error: { message: 'The sale was canceled.' } });
    await core.close();
    expect(journalRows(dir)).toEqual([]);
  });
});
