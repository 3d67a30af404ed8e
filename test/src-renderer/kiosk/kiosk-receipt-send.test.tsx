import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskPaymentView } from '../../../src-main/lane/ipc/contract';
import { basket, kioskState, line, renderKiosk } from '../support/render-kiosk';

afterEach(cleanup);

const paid = basket([line('apple', 2), line('bread')], 596);
const payment: KioskPaymentView = {
  orderId: 'KIOSK01-261123-00004',
  state: 'approved',
  amountMinor: 596,
  card: 'Visa ending 1443',
  onClear: 'keep',
};
const atReceipt = kioskState({ step: 'receipt', basket: paid, payments: [payment] });
const thanks = kioskState({
  step: 'thanks',
  basket: paid,
  payments: [payment],
  receipt: { printed: false, problem: null },
});

const tap = async (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

/** Types on the on-screen keyboard or keypad, one key at a time, as a finger would. */
async function typeKeys(text: string) {
  const keys = [...screen.getByRole('group').querySelectorAll('button')];
  for (const character of text) {
    const key = character === '\b' ? keys.at(-1) : keys.find((button) => button.textContent === character);
    if (!key) throw new Error(`no key ${character} on the screen`);
    await act(async () => void fireEvent.click(key));
  }
}

describe('the kiosk emails or texts the receipt', () => {
  it('Email: typed on the on-screen keyboard, checked, queued for the visit\u2019s payment, then thanks with the masked address', async () => {
    const { calls } = await renderKiosk(atReceipt, {
      answers: { 'receipts.email': () => ({ id: 1, queuedAt: 0 }), 'kiosk.receipt': () => thanks },
    });
    for (const name of ['Print a receipt', 'Email a receipt', 'Text a receipt', 'No receipt'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await tap('Email a receipt');
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Type your email address');
    // A slip first: no @. The same words as the lane's, and nothing sent.
    await typeKeys('jo.example.com');
    await tap('Send');
    expect(screen.getByRole('alert').textContent).toBe('That is not an email address: it has no @.');
    expect(calls.filter(([name]) => name === 'receipts.email')).toEqual([]);
    await typeKeys(`${'\b'.repeat('.example.com'.length)}_1@example.com`);
    expect(screen.getByTestId('kiosk-typed').textContent).toBe('jo_1@example.com');
    await tap('Send');
    expect(calls.filter(([name]) => name === 'receipts.email').map(([, args]) => args)).toEqual([
      { orderId: payment.orderId, address: 'jo_1@example.com' },
    ]);
    expect(calls.filter(([name]) => name === 'kiosk.receipt').map(([, args]) => args)).toEqual([{ print: false }]);
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Thank you');
    expect(screen.getByTestId('kiosk-receipt-sent').textContent).toBe(
      'Receipt queued for j\u2022\u2022\u2022\u2022@example.com.',
    );
  });

  it('Text: the keypad takes 10 digits; a refusal from the lane keeps the customer on the screen to print instead', async () => {
    const { calls } = await renderKiosk(atReceipt, {
      answers: {
        'receipts.sms': () => {
          throw new Error('Texted receipts are off: no SMS gateway is set (receiptSms.url in the settings).');
        },
      },
    });
    await tap('Text a receipt');
    await typeKeys('5552345678');
    await tap('Send');
    expect(calls.filter(([name]) => name === 'receipts.sms').map(([, args]) => args)).toEqual([
      { orderId: payment.orderId, phone: '+15552345678' },
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Your receipt could not be sent. You can print one instead.');
    expect(calls.filter(([name]) => name === 'kiosk.receipt')).toEqual([]);
    await tap('Back');
    expect(screen.getByTestId('kiosk-headline').textContent).toBe('Would you like a receipt?');
  });
});
