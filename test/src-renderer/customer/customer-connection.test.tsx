import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerView } from '../../../src-main/lane/ipc/contract';
import { customerView, renderCustomer, twoLinesOrder } from './render-customer';

afterEach(cleanup);

const headline = () => screen.getByTestId('customer-headline').textContent;
const ordering = (seq: number): CustomerView => customerView({ seq, order: twoLinesOrder, step: { kind: 'order' } });
const working = (seq: number): CustomerView =>
  customerView({ seq, order: twoLinesOrder, step: { kind: 'working', amountMinor: 1272 } });

describe('the customer display follows the lane', () => {
  it('reads nothing until the connection opens, and says it is waiting', async () => {
    const { argsOf, setStatus } = await renderCustomer(ordering(3), { open: false });
    expect(argsOf('customerDisplay.view')).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('One moment\u2026');
    await setStatus('open');
    expect(argsOf('customerDisplay.view')).toHaveLength(1);
    expect(argsOf('customerDisplay.brand')).toHaveLength(1);
    expect(headline()).toBe('Corner Market');
    expect(screen.getByTestId('customer-amount').textContent).toBe('$12.72');
  });

  it('draws each newer view the lane sends, and never an older one over it', async () => {
    const { emitView, shownSeq } = await renderCustomer(ordering(3));
    await emitView(working(5));
    expect(shownSeq()).toBe(5);
    expect(headline()).toBe('Processing\u2026 please wait');
    // Two views crossed: the older arrives last and is left alone, as is a repeat of the one shown.
    await emitView(ordering(4));
    await emitView(customerView({ seq: 5 }));
    expect(shownSeq()).toBe(5);
    expect(headline()).toBe('Processing\u2026 please wait');
    await emitView(customerView({ seq: 6 }));
    expect(shownSeq()).toBe(6);
    expect(screen.queryByTestId('customer-lines')).toBeNull();
  });

  it("keeps a newer event over an answer's older reply", async () => {
    // The lane tells every screen of the change (seq 7) before the answer's reply (seq 4) gets back.
    let newerFirst = () => undefined as void;
    const { emit, shownSeq } = await renderCustomer(
      customerView({ seq: 3, step: { kind: 'receipt', channels: ['print', 'none'] } }),
      {
        answers: {
          'customerDisplay.answer': () => {
            newerFirst();
            return customerView({ seq: 4, step: { kind: 'done', receipt: 'print' } });
          },
        },
      },
    );
    newerFirst = () => emit('customerDisplay.view', customerView({ seq: 7, step: { kind: 'done', receipt: 'none' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Printed receipt' })));
    expect(shownSeq()).toBe(7);
    expect(screen.getByTestId('customer-done').textContent).toBe('Please take your items. Have a nice day!');
  });

  it('reads the view again on every reconnect, and takes it even from a lane that restarted counting', async () => {
    let lane: CustomerView = working(40);
    const { argsOf, setStatus, shownSeq, rendered } = await renderCustomer(lane, {
      answers: { 'customerDisplay.view': () => lane },
    });
    expect(shownSeq()).toBe(40);
    await setStatus('closed');
    // The view drawn stays, marked as no longer connected.
    expect(rendered.container.querySelector('.customer')?.getAttribute('data-connected')).toBe('no');
    expect(screen.getByRole('status').textContent).toBe('One moment\u2026');
    // The lane restarted meanwhile: its seq starts again, and its sale is gone.
    lane = customerView({ seq: 1 });
    await setStatus('connecting');
    await setStatus('open');
    expect(argsOf('customerDisplay.view')).toHaveLength(2);
    expect(shownSeq()).toBe(1);
    expect(headline()).toBe('Corner Market');
    expect(rendered.container.querySelector('.customer')?.getAttribute('data-connected')).toBe('yes');
  });

  it("keeps an event that arrived while the reconnect's read was on its way, if it is newer", async () => {
    let release: (view: CustomerView) => void = () => undefined;
    let reads = 0;
    const { setStatus, emitView, shownSeq } = await renderCustomer(ordering(2), {
      answers: {
        'customerDisplay.view': () => {
          reads += 1;
          return reads === 1 ? ordering(2) : new Promise<CustomerView>((resolve) => (release = resolve));
        },
      },
    });
    await setStatus('closed');
    await setStatus('open');
    await emitView(working(9));
    await act(async () => release(ordering(8)));
    expect(shownSeq()).toBe(9);
  });
});
