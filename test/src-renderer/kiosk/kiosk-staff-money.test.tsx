import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskPaymentView, SignatureSession, StaffSession } from '../../../src-main/lane/ipc/contract';
import { currentSale } from '../support/sale-answers';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

const trainer: StaffSession = { cashierId: '9001', name: 'Trainer', role: 'manager', since: 0 };
const approved: KioskPaymentView = {
  orderId: 'LANE01-1',
  state: 'approved',
  amountMinor: 500,
  card: 'Visa ending 0101',
  onClear: 'void',
};
const unknown: KioskPaymentView = {
  orderId: 'LANE01-2',
  state: 'unknown',
  amountMinor: 203,
  card: 'Mastercard ending 4444',
  onClear: 'check',
};
const partlyPaid = kioskState({
  step: 'basket',
  basket: basket([line('apple', 2), line('bread')], 500),
  payments: [approved],
});

/** Lets `seconds` pass on the faked clock, the timers firing as they come due. */
const pass = (seconds: number) => act(async () => void vi.advanceTimersByTime(seconds * 1000));
const click = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const questionLines = () => screen.getAllByTestId('staff-question-line').map((line) => line.textContent);

afterEach(cleanup);
// jsdom has no layout: the signature screen's canvas watches its size with a ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('staff money actions at the kiosk', () => {
  it('the panel says why the kiosk holds and where each payment stands', async () => {
    const hold = 'the bank has not confirmed payment LANE01-2 yet, so it may have been charged; staff check it.';
    await renderKiosk(kioskState({ ...partlyPaid, staffNeeded: hold, payments: [approved, unknown] }), {
      session: trainer,
    });
    await click('Help');
    expect(screen.getByTestId('staff-hold').textContent).toBe(`The kiosk is holding the customer: ${hold}`);
    expect(screen.getAllByTestId('staff-payment').map((item) => item.textContent)).toEqual([
      'Approved: $5.00 on Visa ending 0101 (order LANE01-1)',
      'Outcome unknown: the bank has not confirmed it, the customer may have been charged: $2.03 on Mastercard ending 4444 (order LANE01-2)',
    ]);
  });

  it('"Clear the customer’s order" says what happens to each payment and asks; only Yes clears, naming what it voids', async () => {
    const { calls } = await renderKiosk(kioskState({ ...partlyPaid, payments: [approved, unknown] }), {
      session: trainer,
      answers: { 'kiosk.abandon': () => kioskState() },
    });
    await click('Help');
    await click('Clear the customer’s order');
    expect(screen.getByRole('alertdialog', { name: 'Clear the customer’s order?' })).toBeTruthy();
    expect(questionLines()).toEqual([
      '$5.00 on Visa ending 0101 (order LANE01-1) will be voided: the money goes back to the card.',
      '$2.03 on Mastercard ending 4444 (order LANE01-2): the bank has not confirmed it. The kiosk asks the bank first and clears nothing while it still does not know.',
    ]);
    await click('Keep the order');
    expect(calls.some(([name]) => name === 'kiosk.abandon')).toBe(false);
    await click('Clear the customer’s order');
    await click('Void $5.00 and clear the order');
    expect(calls.filter(([name]) => name === 'kiosk.abandon').map(([, args]) => args)).toEqual([
      { reason: 'staff', voids: ['LANE01-1'] },
    ]);
  });

  it('"Void the last payment" shows the amount, card and order of this visit’s payment and asks first', async () => {
    const { calls } = await renderKiosk(partlyPaid, {
      session: trainer,
      answers: { 'kiosk.voidPayment': () => kioskState({ ...partlyPaid, payments: [] }) },
    });
    await click('Help');
    await click('Void the last payment');
    expect(screen.getByRole('alertdialog', { name: 'Void this payment?' })).toBeTruthy();
    expect(questionLines()).toEqual([
      '$5.00 on Visa ending 0101 (order LANE01-1) will be voided: the money goes back to the card.',
    ]);
    await click('Keep the payment');
    expect(calls.some(([name]) => name === 'kiosk.voidPayment')).toBe(false);
    await click('Void the last payment');
    await click('Void $5.00');
    expect(calls.filter(([name]) => name === 'kiosk.voidPayment').map(([, args]) => args)).toEqual([
      { orderId: 'LANE01-1' },
    ]);
    expect(screen.getByTestId('staff-note').textContent).toBe(
      'Payment LANE01-1 voided: the money goes back to the card.',
    );
  });

  it('with no payment on this order, "Void the last payment" voids nothing (an earlier customer’s is History’s)', async () => {
    const { calls } = await renderKiosk(kioskState(), { session: trainer });
    await click('Help');
    await click('Void the last payment');
    expect(screen.getByTestId('staff-nothing-to-void').textContent).toMatch(
      /^No approved payment on this order to void/,
    );
    expect(calls.some(([name]) => name === 'kiosk.voidPayment' || name === 'terminal.void')).toBe(false);
  });
});

describe('the kiosk’s time limits for staff and at the signature', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the staff panel left alone for kiosk.staffIdleSeconds signs staff out and gives the customer their screen', async () => {
    const { calls } = await renderKiosk(kioskState({ ...partlyPaid, staffIdleSeconds: 45 }), {
      session: trainer,
      answers: { 'session.signOut': () => ({ signedOut: true }) },
    });
    await click('Help');
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Staff: Trainer');
    await pass(44);
    expect(calls.some(([name]) => name === 'session.signOut')).toBe(false);
    await pass(1);
    expect(calls.some(([name]) => name === 'session.signOut')).toBe(true);
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Your items');
  });

  it('a session the main process ended closes the staff panel', async () => {
    const { emit } = await renderKiosk(partlyPaid, { session: trainer });
    await click('Help');
    await act(async () => void emit('session.changed', null));
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Your items');
  });

  it('at "Please sign" the idle rules hold: the prompt, then the visit is abandoned as any walk-away', async () => {
    const signing: SignatureSession = {
      state: 'capturing',
      source: 'screen',
      deviceId: null,
      extent: null,
      emulated: false,
      result: null,
    };
    const { calls } = await renderKiosk(kioskState({ ...partlyPaid, step: 'paying' }), {
      answers: {
        'terminal.state': () => ({
          phase: 'signature',
          since: Date.now(),
          detail: null,
          sale: currentSale({ amountMinor: 3013 }),
        }),
        'signature.session': () => signing,
        'kiosk.abandon': () => kioskState(),
      },
    });
    expect(screen.getByTestId('signature-headline').textContent).toBe('Please sign below');
    expect(screen.getByTestId('signature-amount').textContent).toBe('Amount to pay: $30.13');
    await pass(60);
    expect(screen.getByRole('alertdialog', { name: 'Do you need more time?' })).toBeTruthy();
    await pass(30);
    expect(calls.filter(([name]) => name === 'kiosk.abandon').map(([, args]) => args)).toEqual([{ reason: 'idle' }]);
  });
});

describe('the signature screen', () => {
  it('after Done the kiosk’s customer reads customer words, not the image’s details or the cashier’s choices', async () => {
    const accepted: SignatureSession = {
      state: 'accepted',
      source: 'screen',
      deviceId: null,
      extent: null,
      emulated: false,
      result: { length: 1234, width: 384, height: 128, lineWidth: 3, reduced: false, png: 'data:image/png;base64,' },
    };
    await renderKiosk(kioskState({ ...partlyPaid, step: 'paying' }), {
      answers: {
        'terminal.state': () => ({
          phase: 'signature',
          since: 0,
          detail: null,
          sale: currentSale({ amountMinor: 3013 }),
        }),
        'signature.session': () => accepted,
      },
    });
    expect(screen.getByTestId('signature-headline').textContent).toBe('Thank you for signing');
    expect(screen.getByTestId('signature-accepted').textContent).toBe('One moment while your payment is approved.');
    expect(screen.queryByText(/dots/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign again' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Discard/ })).toBeNull();
  });
});
