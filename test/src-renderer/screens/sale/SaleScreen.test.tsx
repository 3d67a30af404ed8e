import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary, SettingsView } from '../../../../src-main/lane/ipc/contract';
import { pressKeys, renderCounter } from '../../support/render-counter';
import { approvedSale } from '../../support/sale-answers';
import { StubRefusal } from '../../support/stub-pos';

afterEach(cleanup);

/** Opens the cart and adds two mugs at $3.99 each with $0.64 tax: $8.62. */
async function addTwoMugs() {
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add items (cart)' })));
  fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'Mug' } });
  fireEvent.change(screen.getByLabelText('Qty'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Unit price'), { target: { value: '3.99' } });
  fireEvent.change(screen.getByLabelText('Tax'), { target: { value: '0.64' } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add item' })));
}

describe('the counter sale screen', () => {
  it('keys the amount like a register, pays with Enter, and shows the approval with its receipt', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => approvedSale } });
    await pressKeys('1', '2', '5', '0');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$12.50');
    await pressKeys('Backspace', '5');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$12.55');
    await pressKeys('Backspace', '0', 'Enter');
    expect(calls.filter(([name]) => name === 'terminal.sale')).toEqual([['terminal.sale', { amountMinor: 1250 }]]);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(screen.getByTestId('authcode').textContent).toBe('PPS123');
    expect(screen.getByRole('img', { name: /Receipt preview: customer copy, order LANE07-261123-00001/ })).toBeTruthy();
    await pressKeys('Enter');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.00');
  });

  it('after a decline says why and takes another card for the same amount', async () => {
    const answers = [
      {
        ...approvedSale,
        outcome: 'declined',
        approvedMinor: 0,
        authcode: null,
        reason: 'Do not honor',
        receiptPng: null,
      },
      approvedSale,
    ] as SaleSummary[];
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => answers.shift() } });
    await pressKeys('1', '2', '5', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Declined');
    expect(screen.getByTestId('sale-reason').textContent).toBe('Do not honor');
    await act(async () => void fireEvent.click(screen.getByTestId('try-again')));
    expect(calls.filter(([name]) => name === 'terminal.sale').map(([, args]) => args)).toEqual([
      { amountMinor: 1250 },
      { amountMinor: 1250 },
    ]);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
  });

  it('after a decline, another card is charged for the same cart and tip', async () => {
    const view = { values: { 'payments.tips': true } } as unknown as SettingsView;
    const answers = [
      {
        ...approvedSale,
        outcome: 'declined',
        requestedMinor: 1017,
        approvedMinor: 0,
        authcode: null,
        reason: 'Do not honor',
        receiptPng: null,
      },
      { ...approvedSale, requestedMinor: 1017, approvedMinor: 1017 },
    ] as SaleSummary[];
    const { calls } = await renderCounter({
      answers: { 'terminal.sale': () => answers.shift(), 'settings.get': () => view },
    });
    await addTwoMugs();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '18% ($1.55)' })));
    expect(screen.getByTestId('sale-amount').textContent).toBe('$10.17');
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    expect(screen.getByTestId('sale-headline').textContent).toBe('Declined');
    expect(screen.getByTestId('sale-result').classList).toContain('sale-result-bad');
    await act(async () => void fireEvent.click(screen.getByTestId('try-again')));
    const cart = [{ description: 'Mug', quantity: 2, unitMinor: 399, taxMinor: 64 }];
    expect(calls.filter(([name]) => name === 'terminal.sale').map(([, args]) => args)).toEqual([
      { amountMinor: 1017, tipMinor: 155, cart },
      { amountMinor: 1017, tipMinor: 155, cart },
    ]);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
  });

  it('takes a partial approval and the remaining amount on another card', async () => {
    const answers = [
      { ...approvedSale, outcome: 'partial', requestedMinor: 5000, approvedMinor: 3000 },
      { ...approvedSale, requestedMinor: 2000, approvedMinor: 2000 },
    ] as SaleSummary[];
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => answers.shift() } });
    await pressKeys('5', '0', '0', '0', 'Enter');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
    expect(screen.getByTestId('sale-result').classList).toContain('sale-result-warn');
    expect(screen.getByTestId('tender-rest').textContent).toContain('$20.00');
    // Nothing starts a new sale while money is owed: Escape does nothing, and there is no New sale.
    expect(screen.queryByTestId('new-sale')).toBeNull();
    await pressKeys('Escape');
    expect(screen.getByTestId('sale-headline').textContent).toBe('Partially approved');
    await pressKeys('Enter');
    expect(calls.filter(([name]) => name === 'terminal.sale').map(([, args]) => args)).toEqual([
      { amountMinor: 5000 },
      { amountMinor: 2000 },
    ]);
    expect(screen.getByTestId('sale-headline').textContent).toBe('Approved');
    expect(screen.getByTestId('sale-result').classList).toContain('sale-result-ok');
    expect(screen.getByText(/\$30\.00 on ••••1443/)).toBeTruthy();
  });

  it('sends the cart as the sale\u2019s lines, and its total as the amount', async () => {
    const { calls } = await renderCounter({ answers: { 'terminal.sale': () => approvedSale } });
    await addTwoMugs();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$8.62');
    await act(async () => void fireEvent.click(screen.getByTestId('pay-card')));
    expect(calls.find(([name]) => name === 'terminal.sale')?.[1]).toEqual({
      amountMinor: 862,
      cart: [{ description: 'Mug', quantity: 2, unitMinor: 399, taxMinor: 64 }],
    });
  });

  it('offers tips only where the merchant takes them, and adds the tip to the amount', async () => {
    const view = { values: { 'payments.tips': true } } as unknown as SettingsView;
    const { calls } = await renderCounter({
      answers: { 'terminal.sale': () => approvedSale, 'settings.get': () => view },
    });
    await pressKeys('2', '0', '0', '0');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '18% ($3.60)' })));
    expect(screen.getByTestId('sale-amount').textContent).toBe('$23.60');
    await pressKeys('Enter');
    expect(calls.find(([name]) => name === 'terminal.sale')?.[1]).toEqual({ amountMinor: 2360, tipMinor: 360 });
  });

  it('keeps the amount and says what happened when nothing was charged', async () => {
    const refusal = new StubRefusal({
      code: 'failed_precondition',
      message: 'No card was presented in time: start the sale again.',
    });
    await renderCounter({ answers: { 'terminal.sale': () => Promise.reject(refusal) } });
    await pressKeys('7', '0', '0', 'Enter');
    expect(screen.getByTestId('sale-error').textContent).toBe('No card was presented in time: start the sale again.');
    expect(screen.getByTestId('sale-amount').textContent).toBe('$7.00');
    expect(screen.queryByRole('heading', { name: 'Tip' })).toBeNull();
  });

  it('signs in with a practice login and opens on the sale', async () => {
    const { calls } = await renderCounter({
      session: null,
      answers: {
        'session.trainingLogins': () => [{ cashierId: '1001', pin: '1234', name: 'Trainee', role: 'cashier' }],
        'session.signIn': () => ({ cashierId: '1001', name: 'Trainee', role: 'cashier', since: 0 }),
      },
    });
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: /Trainee \(cashier\): id 1001, PIN 1234/ })),
    );
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Sign in/ })));
    expect(calls.find(([name]) => name === 'session.signIn')?.[1]).toEqual({ cashierId: '1001', pin: '1234' });
    expect(screen.getByRole('navigation', { name: 'Screens' })).toBeTruthy();
    expect(screen.getByTestId('sale-amount').textContent).toBe('$0.00');
  });
});
