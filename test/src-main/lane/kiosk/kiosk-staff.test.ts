import { systemClock } from '../../../../src-main/platform/clock';
import { describe, expect, it } from 'vitest';
import type { StaffSession } from '../../../../src-main/lane/ipc/contract';
import { until } from '../../../support/test-core';
import { devicesConnected, emulatorForEachTest, presentWhenReading } from '../terminal/support';
import { batteries, journalMoves, kioskLane, partlyPaid } from './support';

const { emulator, cores } = emulatorForEachTest();
const start = Date.UTC(2026, 10, 27, 9);
/** A kiosk lane on a clock the test moves. */
const lane = (settings: object = {}) => {
  const now = { t: start };
  const kiosk = kioskLane(emulator(), cores, undefined, settings, { ...systemClock, now: () => now.t });
  const sessions: (StaffSession | null)[] = [];
  kiosk.core.events.subscribe((name, payload) => {
    if (name === 'session.changed') sessions.push(payload as StaffSession | null);
  });
  return { ...kiosk, now, sessions };
};
const manager = { cashierId: '9001', pin: '9999' };
const cola = '012000000133';

describe('staff at the kiosk', () => {
  it('a staff session ends after kiosk.staffIdleSeconds without a staff command; a staff command after that is refused', async () => {
    const { core, kiosk, refused, now, sessions } = lane({ kiosk: { staffIdleSeconds: 45 } });
    core.session.signIn(manager);
    now.t += 44_000;
    // A staff command is activity: the wait starts again.
    expect(await kiosk('kiosk.setService', { inService: true })).toMatchObject({
      inService: true,
      staffIdleSeconds: 45,
    });
    now.t += 44_000;
    expect(core.session.current()).toMatchObject({ cashierId: '9001' });
    now.t += 1_000;
    expect(await refused('kiosk.setService', { inService: false })).toMatchObject({
      code: 'forbidden',
      message:
        'A member of staff signs in with their PIN to do this on a kiosk: take the kiosk out of service or back in.',
    });
    expect(await refused('kiosk.voidPayment', { orderId: 'LANE01-1' })).toMatchObject({ code: 'forbidden' });
    expect(core.session.current()).toBeNull();
    expect(sessions.at(-1)).toBeNull();
    expect((await kiosk('kiosk.state')).inService).toBe(true);
  });

  it('the setting is checked: a staff idle time outside 15 to 600 seconds is refused naming it', async () => {
    const { settingsSchema } = await import('../../../../src-main/lane/config/settings');
    expect(settingsSchema.parse({}).kiosk.staffIdleSeconds).toBe(60);
    const result = settingsSchema.safeParse({ kiosk: { staffIdleSeconds: 5 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['kiosk', 'staffIdleSeconds']);
  });

  it('a customer visit starting ends the staff session: the next Help asks for a PIN again', async () => {
    const { core, kiosk, refused, sessions, lines } = lane();
    core.session.signIn(manager);
    await kiosk('kiosk.start');
    expect(core.session.current()).toBeNull();
    expect(sessions.at(-1)).toBeNull();
    expect(await refused('kiosk.abandon', { reason: 'staff' })).toMatchObject({ code: 'forbidden' });
    expect(lines.some((line) => /"why":"a customer visit started".*"msg":"staff session ended"/.test(line))).toBe(true);
    // A scan that opens the basket is a visit starting too.
    await kiosk('kiosk.abandon', { reason: 'customer' });
    core.session.signIn(manager);
    await kiosk('kiosk.scan', { barcode: cola });
    expect(core.session.current()).toBeNull();
  });

  it('staff clearing a partly paid order must confirm the payment it gives back, by order', async () => {
    const kioskLane = lane();
    const { core, dir, kiosk, refused, gatewayRecords } = kioskLane;
    const partial = await partlyPaid(kioskLane);
    core.session.signIn(manager);
    const shown = await kiosk('kiosk.state');
    expect(shown.payments).toEqual([
      { orderId: partial.orderId, state: 'approved', amountMinor: 500, card: 'Visa ending 0101', onClear: 'void' },
    ]);
    // One tap with nothing confirmed gives nothing back.
    expect(await refused('kiosk.abandon', { reason: 'staff' })).toMatchObject({
      message: `Clearing this order gives back $5.00 on Visa ending 0101 (order ${partial.orderId}): look at it again and confirm.`,
    });
    expect((await gatewayRecords(partial.orderId)).map((record) => record.setlstat)).not.toContain('Voided');
    expect(await kiosk('kiosk.abandon', { reason: 'staff', voids: [partial.orderId] })).toMatchObject({
      step: 'welcome',
      payments: [],
    });
    expect((await gatewayRecords(partial.orderId)).map((record) => record.setlstat)).toEqual(['Voided']);
    await core.close();
    expect(journalMoves(dir)).toEqual([
      ['auth', 'completed', partial.orderId],
      ['void', 'completed', partial.orderId],
    ]);
  });

  it('"Void the last payment" voids only this visit’s payment: the previous customer’s paid order is refused', async () => {
    const kioskLane = lane();
    const { core, dir, kiosk, refused, gatewayRecords } = kioskLane;
    await devicesConnected(core);
    await kiosk('kiosk.scan', { barcode: cola });
    presentWhenReading(core, 'visa-approve');
    const paid = await kiosk('kiosk.pay', { tender: 'card' });
    await kiosk('kiosk.receipt', { print: false });
    await kiosk('kiosk.finish');
    core.session.signIn(manager);
    expect(await refused('kiosk.voidPayment', { orderId: paid.orderId })).toMatchObject({
      message: `Payment ${paid.orderId} is not an approved payment of this customer’s order: an earlier customer’s payment is voided or refunded under History at the counter.`,
    });
    expect((await gatewayRecords(paid.orderId)).map((record) => record.setlstat)).not.toContain('Voided');

    // This visit's partial approval: voided, and the basket owes it again.
    core.session.signOut();
    const partial = await partlyPaid(kioskLane);
    core.session.signIn(manager);
    const after = await kiosk('kiosk.voidPayment', { orderId: partial.orderId });
    expect(after.basket).toMatchObject({ paidMinor: 0, dueMinor: 703 });
    expect(after.payments).toMatchObject([{ orderId: partial.orderId, state: 'voided', onClear: 'none' }]);
    expect((await gatewayRecords(partial.orderId)).map((record) => record.setlstat)).toEqual(['Voided']);
    await core.close();
    expect(journalMoves(dir)).toEqual([
      ['auth', 'completed', paid.orderId],
      ['auth', 'completed', partial.orderId],
      ['void', 'completed', partial.orderId],
    ]);
  });
});

describe('a customer who walks away mid-payment', () => {
  it('at "Please sign" after a partial approval: the kiosk gives the paid part back and greets the next customer', async () => {
    // Training's kiosk has its emulated pad connected: the customer still signs on the screen.
    const kioskLane = lane();
    const { core, dir, kiosk, gatewayRecords, kioskTimers, passKioskTime } = kioskLane;
    // Five packs: 5.00 approved of 35.13, the rest above Visa's 25.00 signature line.
    const partial = await partlyPaid(kioskLane, [batteries, batteries, batteries, batteries]);
    expect(partial).toMatchObject({ outcome: 'partial', approvedMinor: 500 });
    presentWhenReading(core, 'visa-signature');
    const rest = core.dispatch('kiosk.pay', { tender: 'card' });
    await until(() => core.terminal.current().phase === 'signature', 'the signature step');
    expect(core.signature.session()).toMatchObject({ state: 'capturing', source: 'screen' });
    // The limit: the screen's idle wait (90 s) and its "more time" prompt (30 s), doubled for accessibility.
    expect([...kioskTimers].map((timer) => timer.ms)).toEqual([240_000]);
    passKioskTime(240_000);
    await until(() => core.kiosk.state().step === 'welcome', 'the welcome', 10_000);
    expect(await rest).toMatchObject({ ok: false });
    const state = await kiosk('kiosk.state');
    expect(state).toMatchObject({ step: 'welcome', basket: { lines: [], paidMinor: 0 }, payments: [] });
    expect(core.terminal.current().sale).toBeNull();
    expect((await gatewayRecords(partial.orderId)).map((record) => record.setlstat)).toEqual(['Voided']);
    await core.close();
    expect(journalMoves(dir)).toEqual([
      ['auth', 'completed', partial.orderId],
      ['auth', 'not-sent', expect.any(String)],
      ['void', 'completed', partial.orderId],
    ]);
  });
});
