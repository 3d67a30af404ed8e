import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHistory } from '../../support/render-counter';
import { completedSale } from '../../support/sale-answers';

afterEach(cleanup);

describe('History sends an order\u2019s receipt by email or text', () => {
  it('Email receipt beside Reprint queues receipts.email for that order', async () => {
    const { calls } = await renderHistory([completedSale], { 'receipts.email': () => ({ id: 4, queuedAt: 0 }) });
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${completedSale.orderId}` })),
    );
    const detail = within(screen.getByTestId('order-detail'));
    expect(detail.getByRole('button', { name: 'Reprint' })).toBeTruthy();
    await act(async () => void fireEvent.click(detail.getByRole('button', { name: 'Email receipt' })));
    const field = detail.getByLabelText(/email address/);
    // Esc in the field closes the field, not the order.
    await act(async () => void fireEvent.keyDown(field, { key: 'Escape' }));
    expect(screen.getByTestId('order-detail')).toBeTruthy();
    expect(detail.queryByLabelText(/email address/)).toBeNull();
    await act(async () => void fireEvent.click(detail.getByRole('button', { name: 'Email receipt' })));
    fireEvent.change(detail.getByLabelText(/email address/), { target: { value: 'sam.lee@example.org' } });
    await act(async () => void fireEvent.submit(detail.getByLabelText(/email address/).closest('form')!));
    expect(calls.filter(([name]) => name === 'receipts.email').map(([, args]) => args)).toEqual([
      { orderId: completedSale.orderId, address: 'sam.lee@example.org' },
    ]);
    expect(detail.getByTestId('receipt-send').textContent).toBe(
      'Receipt queued for s\u2022\u2022\u2022\u2022@example.org',
    );
  });

  it('Text receipt is there too, and neither is offered for an order with no approved sale', async () => {
    const declined = { ...completedSale, id: 9, orderId: 'LANE07-261123-00009', respstat: 'C', money: null };
    await renderHistory([declined]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: `Open order ${declined.orderId}` })));
    const detail = within(screen.getByTestId('order-detail'));
    expect(detail.queryByRole('button', { name: 'Email receipt' })).toBeNull();
    expect(detail.queryByRole('button', { name: 'Text receipt' })).toBeNull();
  });
});
